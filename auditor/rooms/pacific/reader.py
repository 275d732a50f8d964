"""The old import path of :mod:`auditor.rooms.poker888.reader` (its reader's old name)."""

from auditor.rooms.poker888.reader import Poker888Reader

PacificReader = Poker888Reader
__all__ = ["PacificReader", "Poker888Reader"]
