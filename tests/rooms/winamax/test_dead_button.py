"""Winamax's dead button, without the corpus: two hands of one table as the 2010 sample
writes them around a small blind who leaves (270777-167 and -168: the button goes onto his
empty seat, the big blind of the hand before posts the small blind)."""

from __future__ import annotations

import io

from auditor.findings import Code
from auditor.pipeline import HandAuditor
from auditor.replay.continuity import continuity_findings, table_hand
from auditor.replay.profile import load_profile
from auditor.results import FileSummary

# B (seat 2) posts the small blind in the first hand and leaves; in the second the button
# is on his empty seat 2, C (last big blind) posts the small blind and D the big blind.
TWO_HANDS = """\
{head}#5-1-1284847860 - Omaha pot limit (0.02€/0.05€) - 2010/09/19 00:11:00 UTC
Table: 'T' 9-max (real money) Seat #1 is the button
Seat 1: A (5€)
Seat 2: B (5€)
Seat 3: C (5€)
Seat 4: D (5€)
Seat 5: E (5€)
*** ANTE/BLINDS ***
B posts small blind 0.02€
C posts big blind 0.05€
*** PRE-FLOP ***
D folds
E folds
A folds
B folds
C collected 0.07€ from pot
*** SUMMARY ***
Total pot 0.07€ | No rake
Seat 1: A (button) folded on the pre-flop
Seat 2: B (small blind) folded on the pre-flop
Seat 3: C (big blind) won 0.07€
Seat 4: D folded on the pre-flop
Seat 5: E folded on the pre-flop


{head}#5-2-1284847977 - Omaha pot limit (0.02€/0.05€) - 2010/09/19 00:12:57 UTC
Table: 'T' 9-max (real money) Seat #2 is the button
Seat 1: A (5€)
Seat 3: C (5.02€)
Seat 4: D (5€)
Seat 5: E (5€)
*** ANTE/BLINDS ***
C posts small blind 0.02€
D posts big blind 0.05€
*** PRE-FLOP ***
E folds
A folds
C folds
D collected 0.07€ from pot
*** SUMMARY ***
Total pot 0.07€ | No rake
Seat 1: A folded on the pre-flop
Seat 3: C (small blind) folded on the pre-flop
Seat 4: D (big blind) won 0.07€
Seat 5: E folded on the pre-flop
""".format(head="Winamax Poker - CashGame - HandId: ")


def _buttons(profile: str) -> list[tuple[str, str, str]]:
    summary = FileSummary(source_file="t.txt")
    results = HandAuditor("auto").audit_stream(io.BytesIO(TWO_HANDS.encode()), "t.txt", summary)
    hands = []
    for result in results:
        assert result.hand is not None and result.replay is not None and not result.findings
        hands.append(table_hand(result.hand, dict(result.replay.ending_stacks), None))
    found = continuity_findings(hands, load_profile(profile))
    return [(f.hand_id, f.expected, f.recorded) for f in found if f.code is Code.BUTTON_WRONG]


def test_the_button_on_the_seat_a_small_blind_left_is_winamax_s_dead_button() -> None:
    assert _buttons("winamax") == []


def test_a_moving_button_would_have_gone_on_to_the_last_big_blind() -> None:
    assert _buttons("seeds") == [("5-2-1284847977", "seat 3", "seat 2")]
