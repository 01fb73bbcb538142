"""Tests of adjudicator/axis_and_allies_2e."""
