"""A read hand as the rest of the audit sees it: each chips line (ChipsIn) made the call,
bet or raise the replay tells it was (auditor/replay/classify.py)."""

from __future__ import annotations

from auditor import events as ev
from auditor.replay.classify import with_classified
from auditor.replay.engine import replay_hand
from auditor.replay.profile import load_profile


def as_replayed(hand: ev.Hand, profile: str = "seeds") -> ev.Hand:
    """``hand`` with its chips lines told by the replay under ``profile``."""
    replayed = replay_hand(hand, load_profile(profile))
    return with_classified(hand, replayed.classified, replayed.netted)
