"""Tests of adjudicator/operation_ww2."""
