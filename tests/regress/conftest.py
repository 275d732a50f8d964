"""The inputs the regression tests audit: a PokerStars file whose first hand's pot is
paid short (a root error), and a PartyPoker tournament file (two BLINDS_INFERRED)."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
TWO_HANDS = FIXTURES / "pokerstars" / "tournament_rebuy_and_add_on.txt"
# charlie's pot of 1010 (his 20 + 50 + 150 + 280, alpha's 70 + 150 + 280 and bravo's 10)
# recorded as 1000: ten chips of the pot paid to no one
WRONG = ("charlie collected 1010 from pot", "charlie collected 1000 from pot")
PARTY = FIXTURES / "party" / "tournament_blinds_not_written.txt"


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    text = TWO_HANDS.read_text(encoding="utf-8").replace(*WRONG)
    (folder / TWO_HANDS.name).write_text(text, encoding="utf-8")
    (folder / PARTY.name).write_bytes(PARTY.read_bytes())
    return folder
