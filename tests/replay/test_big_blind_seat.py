"""Two big blinds posted from both blind seats: the big blind is the big-blind seat's.

OnGame's 2011 records at equal blinds ($0.50/$0.50) write the small-blind seat's post as
"posts big blind" too; the play before the flop then starts left of the big-blind seat
(docs/RULES.md: "Pre-flop action starts left of the big blind"), not left of whoever's big
blind is written first."""

from __future__ import annotations

from auditor.pipeline import HandAuditor
from auditor.read.split import RawHand

HAND = """***** History for hand R5-174523451-25 *****
Start hand: Sun Sep 11 17:58:25 EEST 2011
Table: Setif [174523451] (POT_LIMIT OMAHA_HI_LO $0.50/$0.50, Real money)
User: Hero
Button: seat 8
Players in round: 4
Seat 1: Player2 ($64.95)
Seat 2: Hero ($50)
Seat 7: Player1 ($20.36)
Seat 8: Player3 ($29.35)
Player2 posts big blind ($0.50)
Hero posts big blind ($0.50)
---
Dealing pocket cards
Dealing to Hero: [6h, 3s, 8s, 4s]
Player1 calls $0.50
Player3 raises $2.50 to $2.50
Player2 folds
Hero folds
Player1 calls $2
--- Dealing flop [Ts, Th, 3h]
Player1 bets $3
Player3 folds
---
Summary:
Main pot: $6 won by Player1 ($5.70)
Rake taken: $0.30
Seat 1: Player2 ($64.45), net: -$0.50
Seat 2: Hero ($49.50), net: -$0.50
Seat 7: Player1 ($23.56), net: +$3.20
Seat 8: Player3 ($26.85), net: -$2.50
***** End of hand R5-174523451-25 *****
"""


def test_play_starts_left_of_the_big_blind_seat() -> None:
    raw = RawHand("setif.txt", 1, tuple(HAND.splitlines()), "ongame")
    result = HandAuditor("seeds").audit_hand(raw)
    assert result.hand is not None
    assert [f.code for f in result.findings] == []
    assert result.hand_id == "R5-174523451-25"
