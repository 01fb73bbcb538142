"""Tests of rulebook/adjudication."""
