"""Tests of rulebook/content."""
