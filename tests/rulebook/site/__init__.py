"""Tests of rulebook/site."""
