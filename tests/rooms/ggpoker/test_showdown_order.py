"""GG writes the shown hands after the river's betting and before its "*** SHOWDOWN ***"
line: the showdown order check must judge them there (ggpoker profile: the river's
aggressor shows first, else the first player left of the button)."""

from __future__ import annotations

from auditor.api import audit_text
from auditor.rooms.ggpoker import SITE
from tests.corpus import CORPUS, require_corpus

FILE = CORPUS / "GGPoker/PLO/PLO-6max-USD-0.50-1.00-202004.txt"
FIRST = "23aca38f: shows [Td 9c Kd 8d] (Pair of Sevens)"
SECOND = "Hero: shows [Ah 9s Ac Jd] (Pair of Aces and Pair of Sevens)"


def _hand(hand_id: str) -> str:
    text = require_corpus(FILE).read_text(encoding="utf-8")
    start = text.index(f"Poker Hand #{hand_id}:")
    end = text.find("Poker Hand #", start + 1)
    return text[start : end if end > 0 else len(text)]


def test_the_record_s_order_is_the_river_aggressor_s() -> None:
    # OM181427552: the river is checked through, Hero bet the turn; 23aca38f, first left
    # of the button (Hero, seat 2), shows first, as GG's rule has it
    (result,) = audit_text(_hand("OM181427552"))
    assert result.hand is not None and result.hand.start.site == SITE
    assert [f.code for f in result.findings] == []


def test_shows_before_the_showdown_line_in_the_wrong_order_are_found() -> None:
    text = _hand("OM181427552")
    assert FIRST in text and SECOND in text
    swapped = text.replace(FIRST, "\0").replace(SECOND, FIRST).replace("\0", SECOND)
    (result,) = audit_text(swapped)
    (finding,) = [f for f in result.findings if f.code == "SHOWDOWN_ORDER"]
    assert finding.player == "Hero"
    assert finding.expected == "23aca38f, Hero" and finding.recorded == "Hero, 23aca38f"
