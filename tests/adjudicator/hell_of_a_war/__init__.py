"""Tests of adjudicator/hell_of_a_war."""
