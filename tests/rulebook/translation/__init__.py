"""Tests of rulebook/translation."""
