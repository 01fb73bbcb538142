"""Tests of adjudicator/strategic_europe."""
