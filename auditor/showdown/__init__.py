"""Showdown: exact Omaha high and 8-or-better low hand values, and their wording."""

from auditor.showdown.describe import high_description, low_description
from auditor.showdown.evaluator import (
    Category,
    HighHand,
    HighRank,
    LowRank,
    describe_high,
    low_ranks,
    omaha_high,
    omaha_low8,
)

__all__ = [
    "Category",
    "HighHand",
    "HighRank",
    "LowRank",
    "describe_high",
    "high_description",
    "low_description",
    "low_ranks",
    "omaha_high",
    "omaha_low8",
]
