"""The old import path of :mod:`auditor.rooms.poker888.wording`."""

from auditor.rooms.poker888.wording import amount, card, cards, claim

__all__ = ["amount", "card", "cards", "claim"]
