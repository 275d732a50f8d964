"""Every finding on Boss Media's hands of the corpus, each named with why it is right: they
are read by the bossmedia room and audited under the bossmedia profile. A finding not
listed here is a bug to fix, and so is a listed one that disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

SESSION = "BossMedia/PLO/10MultipleHands.txt"
RIVER = "BossMedia/PLO/River.txt"
TURN = "BossMedia/PLO/Turn.txt"
LO8 = "BossMedia/PLO8/LO8-EUR-0.05-0.10-201207.xml"
# River.txt is HHSmithy's edited copy of 2076619909 (10MultipleHands.txt line 245): its
# board is written 5d Ks 7c Jc 7d (LINK 4 51 19 23 6) where the session's own record has
# 6c 7c 3h Jd 9s, and the shown hands are left as they were
_EDITED = (
    '(b) docs/RULES.md (the seeds): "52-card deck, no jokers; every card at most once per '
    "hand\": River.txt's board, edited from the session's record of the same hand"
)
EXPECTED: dict[Key, str] = {
    (RIVER, "2076619909", "CARD_DUPLICATE", 45): _EDITED
    + ": Ks and 7d are on the board and in ToyBoy66's shown cards (LINK 51, 6)",
    (RIVER, "2076619909", "HAND_DESCRIPTION_WRONG", 50): _EDITED
    + ": ItalyToast's 6s Kh 9h 5h no longer make the 'two pair, nines and sixes' written",
    (TURN, "2089896542", "CARD_DUPLICATE", 39): '(b) docs/RULES.md (the seeds): "52-card '
    'deck, no jokers; every card at most once per hand": the record deals 3d twice: to '
    "ItalyToast "
    "(HAND_DEAL, LINK 2, line 11) and as the turn card (HAND_BOARD, LINK 2, line 43)",
}
# Under the seeds' rule (the last aggressor shows first) three checked-river showdowns
# would be flagged: the first player left of the button shows first, as the record's
# own SHOWDOWN STARTING= says (the bossmedia profile's river_aggressor).
SEEDS_ORDER = {
    (SESSION, "2076619304"),
    (SESSION, "2076619909"),
    (RIVER, "2076619909"),
    (LO8, "2907049023"),
}


# Copies of one hand id that differ (HAND_DUPLICATE_DIFFERS), each with what differs.
DUPLICATES_DIFFER: dict[str, str] = {
    "2076618714": "(a) two records of hand 2076618714 differ: Limit1.txt line 1 "
    'TABLECURRENCY="USD", 10MultipleHands.txt line 3 TABLECURRENCY="SEK"',
    "2076620358": "(a) two records of hand 2076620358 differ: Preflop.txt line 1 "
    'TABLECURRENCY="USD", 10MultipleHands.txt line 299 TABLECURRENCY="SEK"',
    "2076882486": "(a) two records of hand 2076882486 differ: Table2.txt lines 3 and 8 seat "
    'and post for "Oh My GOD!" where BasicHand.txt has "ItalyToast"',
    "2076619909": "(a) two records of hand 2076619909 differ: River.txt's board 5d Ks 7c "
    "Jc 7d, 10MultipleHands.txt's (line 245 on) 6c 7c 3h Jd 9s",
}


def rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("BossMedia/")]


def _observed(rules: str) -> tuple[set[Key], set[str], int]:
    auditor = HandAuditor(rules)
    found: set[Key] = set()
    profiles: set[str] = set()
    audited = 0
    for row in rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "bossmedia" and result.hand is not None
            profiles.add(auditor.profile(auditor.profile_key(result.hand.start.site)).name)
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
        assert summary.stray_findings == [], row.file
    return found, profiles, audited


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], set[str], int]:
    return _observed("auto")


def test_boss_media_hands_are_read_by_their_room_under_their_profile(
    observed: tuple[set[Key], set[str], int],
) -> None:
    _, profiles, audited = observed
    assert len(rows()) == 24
    assert audited == sum(row.hands for row in rows()) == 33
    assert profiles == {"bossmedia"}


def test_no_finding_that_is_not_explained(observed: tuple[set[Key], set[str], int]) -> None:
    assert observed[0] - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], set[str], int],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()


def test_the_seeds_showdown_order_would_flag_boss_media_s_own(corpus: Path) -> None:
    found, _, _ = _observed("seeds")
    order = {(file, hand) for file, hand, code, _ in found if code == "SHOWDOWN_ORDER"}
    assert order == SEEDS_ORDER


def test_a_whole_run_finds_no_more_across_hands(corpus: Path, tmp_path: Path) -> None:
    """Across hands: HHSmithy's test files copy hands of one another. FoldedPreflop.txt
    and PotLimitOmaha.txt are 10MultipleHands.txt's first hand as it is (HAND_DUPLICATE);
    Limit1.txt (TABLECURRENCY USD for SEK), Preflop.txt (the same, of its last hand),
    Table2.txt (a player renamed "Oh My GOD!" in BasicHand.txt's hand) and River.txt (its
    board) are edited copies (HAND_DUPLICATE_DIFFERS). In the session two players start
    a hand with more than the hand before left them, one second after it ended, with no
    rebuy written (STACK_CONTINUITY): ToyBoy66 10349.70 after 10085.00 (2076619092),
    ItalyToast 11900.00 after 8700.00 (2076619830)."""
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in rows()], tmp_path / "out", workers=1)
    tables = load(tmp_path / "out")
    assert tables["hands"].profile.astype(str).unique().tolist() == ["bossmedia"]
    assert tables["files"].format.astype(str).unique().tolist() == ["bossmedia"]
    findings = tables["findings"]
    across = findings[
        findings.code.astype(str).isin(
            ["HAND_DUPLICATE", "HAND_DUPLICATE_DIFFERS", "STACK_CONTINUITY"]
        )
    ]
    got = sorted(zip(across.code.astype(str), across.hand_id.astype(str), strict=True))
    assert got == sorted(
        [
            ("HAND_DUPLICATE", "2076618714"),
            ("HAND_DUPLICATE", "2076618714"),
            *(("HAND_DUPLICATE_DIFFERS", hand) for hand in DUPLICATES_DIFFER),
            ("STACK_CONTINUITY", "2076619092"),
            ("STACK_CONTINUITY", "2076619830"),
        ]
    )
    # and the hands' own: River.txt's two CARD_DUPLICATE and its HAND_DESCRIPTION_WRONG,
    # Turn.txt's CARD_DUPLICATE
    assert len(findings) == len(across) + 4
