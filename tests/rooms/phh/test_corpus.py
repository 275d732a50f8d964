"""Every finding on PHH's hands of the corpus, each named with why it is right: they are
read by the phh room and audited under the phh profile (auditor/profiles/phh.toml). A
finding not listed here is a bug to fix, and so is a listed one that disappears.

The 21 Omaha hands (14 fixed-limit Hi/Lo, 7 pot-limit) of the 2023 WSOP $50,000 Poker
Players Championship final table, transcribed from the broadcast, raise NO finding under
the phh profile: every bet is of the limit's size or within the pot, every pot is split
as the shown hands and the finishing stacks say. Under the "tda" profile, two of its
values would flag the record where the record is right (pinned below, with the reason
the phh profile differs):

- ODD_CHIP_WRONG on hands 15, 18 and 76: "smallest_blind_chip" splits in units of the
  small blind (100,000), so hand 15's 3,700,000 pot would split 1,900,000 / 1,800,000;
  the record splits it 1,850,000 each half (low half 925,000 each), exact in the 25,000
  chips its stacks are counted in.
- SHOWDOWN_ORDER on hands 76 and 80: both rivers are checked through after a turn bet;
  TDA's rule (the last aggressor of the FINAL round, else the first left of the button)
  has the player left of the button show first, as the record does; "last_aggressor"
  (of the last round with a bet) would have the turn's bettor show first.

Across hands: PHH writes a date, no time, so no two hands are judged consecutive (no
STACK_CONTINUITY or BUTTON_WRONG can be claimed), and the players are listed by position,
not seat. pokerkit (the format's own library) is the oracle for what the reader works
out that the record does not write (tests/rooms/phh/test_pokerkit_oracle.py).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)
DAY = "20230622-e51b3c0f-"  # the hands' ids: date, event digest, hand number

EXPECTED: dict[Key, str] = {}  # none: see the module's docstring

TDA_WOULD_FLAG = {
    (f"PHH/FLO8/wsop-2023-43-5-{hand}.phh", DAY + hand, code)
    for hand, code in (
        ("15", "ODD_CHIP_WRONG"),
        ("18", "ODD_CHIP_WRONG"),
        ("76", "ODD_CHIP_WRONG"),
        ("76", "SHOWDOWN_ORDER"),
        ("80", "SHOWDOWN_ORDER"),
    )
}


def phh_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("PHH/")]


def _observed(rules: str) -> tuple[set[Key], Counter[str], int]:
    auditor = HandAuditor(rules)
    found: set[Key] = set()
    profiles: Counter[str] = Counter()
    audited = 0
    for row in phh_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.format == "phh"
            if result.status is not Status.AUDITED:
                continue
            assert result.hand is not None
            profiles[auditor.profile(auditor.profile_key(result.hand.start.site)).name] += 1
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, str(finding.code), finding.source.line))
    return found, profiles, audited


@pytest.fixture(scope="module")
def observed(corpus: Path) -> set[Key]:
    found, profiles, audited = _observed("auto")
    assert profiles == {"phh": 21}
    assert audited == sum(row.hands for row in phh_rows() if "HOLDEM" not in row.game) == 21
    return found


def test_no_finding_that_is_not_explained(observed: set[Key]) -> None:
    assert observed - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(observed: set[Key]) -> None:
    assert EXPECTED.keys() - observed == set()


def test_the_tda_profile_would_flag_what_the_record_does_right(corpus: Path) -> None:
    found, _, _ = _observed("tda")
    assert {(file, hand, code) for file, hand, code, _ in found} == TDA_WOULD_FLAG


def test_the_hold_em_hands_are_read_and_skipped(corpus: Path) -> None:
    for row in phh_rows():
        if "HOLDEM" not in row.game:
            continue
        summary = FileSummary(source_file=row.file)
        results = list(HandAuditor().audit_file(str(row.path), summary))
        assert [r.status for r in results] == [Status.SKIPPED]
        assert summary.skipped_games == {"NT" if "NLHE" in row.game else "FT": 1}


@pytest.mark.slow
def test_a_run_of_the_folder_finds_none_across_hands(corpus: Path, tmp_path: Path) -> None:
    """The CLI's run of the folder: no finding in hands or across them."""
    from auditor.api import load
    from auditor.run import run_audit

    summary = run_audit([str(row.path) for row in phh_rows()], tmp_path / "out", workers=1)
    assert (summary.hands_read, summary.hands_audited, summary.hands_skipped) == (23, 21, 2)
    tables = load(tmp_path / "out")
    assert tables["hands"].profile.astype(str).unique().tolist() == ["phh"]
    assert len(tables["findings"]) == len(EXPECTED) == 0


def test_the_big_blinds_ante_makes_no_side_pot(corpus: Path) -> None:
    """The big blind's ante is the table's, dead in the main pot (PostKind.TABLE_ANTE):
    hands 30 and 31 (PLO, "antes = [0, 100000, 0, 0, 0]", nobody all-in) are one pot
    each; the ante counted as the big blind's own stake made a 100,000 side pot that only
    he could win."""
    auditor = HandAuditor()
    for hand in ("30", "31"):
        path = corpus / "PHH" / "PLO" / f"wsop-2023-43-5-{hand}.phh"
        (result,) = auditor.audit_file(str(path), FileSummary(source_file=str(path)))
        assert result.replay is not None and len(result.replay.pots) == 1, hand
