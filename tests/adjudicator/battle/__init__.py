"""Tests of adjudicator/battle."""
