"""Tests of adjudicator/unconditional_surrender."""
