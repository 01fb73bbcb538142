"""Tests of rulebook/bench."""
