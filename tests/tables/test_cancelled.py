"""A cancelled hand returns what was posted: nobody wins or loses in it unless the record
shows money moved. The hands are the corpus's PokerStars cancelled hands
(PokerStars/PLO/CancelledHand.txt and the like): a blind posted, "Hand cancelled", and a
summary that has the poster collect nothing.
"""

from __future__ import annotations

import io
from typing import Any

from auditor.pipeline import FileSummary, HandAuditor, HandResult
from auditor.tables.rows import RowBuilder

# PokerStars/PLO/CancelledHand.txt, as written
CANCELLED = """\
PokerStars Hand #110222853693: Omaha Pot Limit ($5/$10 USD) - 2014/01/16 13:17:20 CET [2014/01/16 7:17:20 ET]
Table 'Idelsonia III' 6-max Seat #6 is the button
Seat 6: lautie ($1467.77 in chips)
lautie: posts small blind $5
Valorian: is sitting out
Hand cancelled
*** SUMMARY ***
Seat 6: lautie (button) collected ($0)
"""  # noqa: E501

# the same table with both blinds in before the room cancels the hand
BOTH_BLINDS = """\
PokerStars Hand #110222853694: Omaha Pot Limit ($5/$10 USD) - 2014/01/16 13:18:02 CET [2014/01/16 7:18:02 ET]
Table 'Idelsonia III' 6-max Seat #6 is the button
Seat 2: Valorian ($1000 in chips)
Seat 6: lautie ($1467.77 in chips)
lautie: posts small blind $5
Valorian: posts big blind $10
Hand cancelled
*** SUMMARY ***
Seat 2: Valorian (big blind) collected ($0)
Seat 6: lautie (button) (small blind) collected ($0)
"""  # noqa: E501


def audit(text: str) -> HandResult:
    (result,) = HandAuditor().audit_stream(
        io.BytesIO(text.encode("utf-8")), "inline.txt", FileSummary("inline.txt")
    )
    return result


def seats(result: HandResult) -> dict[str, dict[str, Any]]:
    rows = RowBuilder()
    rows.add_result(result)
    table = rows.take("seats")
    return {
        player: {name: table[name][i] for name in table}
        for i, player in enumerate(table["player"])
    }


def test_the_cancelled_blind_is_returned() -> None:
    result = audit(CANCELLED)
    assert [f.code for f in result.findings] == []
    lautie = seats(result)["lautie"]
    assert lautie["starting_stack"] == 146777
    assert lautie["ending_stack"] == 146777
    assert lautie["net"] == 0


def test_every_post_of_a_cancelled_hand_is_returned() -> None:
    rows = seats(audit(BOTH_BLINDS))
    assert {p: r["net"] for p, r in rows.items()} == {"Valorian": 0, "lautie": 0}
    assert rows["Valorian"]["ending_stack"] == 100000


def test_money_the_record_moves_in_a_cancelled_hand_still_counts() -> None:
    # a room that pays the blinds to one player before cancelling says so: that is what
    # happened to the chips, and the rows follow the record
    text = BOTH_BLINDS.replace(
        "Hand cancelled\n", "Hand cancelled\nValorian collected $15 from pot\n"
    ).replace("Valorian (big blind) collected ($0)", "Valorian (big blind) collected ($15)")
    rows = seats(audit(text))
    assert {p: r["net"] for p, r in rows.items()} == {"Valorian": 500, "lautie": -500}
