"""Every finding on 888poker's hands of the corpus, each named with why it is right: they
are read by the 888poker room and audited under the 888poker profile. A finding not listed
here is a bug to fix, and so is a listed one that disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from auditor.rooms.poker888 import SITE
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

# 888 writes no total pot: what the "collected" lines pay is weighed against the chips put
# in, and a tournament hand has no rake (its fee is paid with the buy-in). Both records
# are labelled by fpdb-3's test files for what is wrong with them.
EXPECTED: dict[Key, str] = {
    (
        "888poker/PLO8/PLO8-USD-MTT-1.80-0.20-201306.all.in.blind.bad.pot.txt",
        "489318468",
        "CHIPS_NOT_CONSERVED",
        36,
    ): "(a) chips in: main pot 232 + side pot 576 = 808; paid: 116 + 116 + 38 + 38 = 308, "
    "and a tournament takes no rake: 308 != 808. Player0's all-in small blind of 58 "
    "makes a main pot of 232 (which he scoops, 116 "
    "and 116) and a side pot of 576 (192 from each of the three who saw the turn; "
    "Player4's 500 on the turn is returned uncalled); the record pays Player4 38 and 38 "
    "from it: 308 paid of 808 ('bad pot')",
    (
        "888poker/PLO8/PLO8-USD-STT-10-1-201308.no.pot.awarded.txt",
        "424764397",
        "CHIPS_NOT_CONSERVED",
        42,
    ): "(a) chips in the pot: 1,049; paid: 0 (no 'collected' line), and a tournament "
    "takes no rake: 0 != 1,049. Player0 folds to Player4's river bet, whose 1,049 is "
    "returned; the 1,049 in the pot "
    "goes to nobody: the summary has no 'collected' line ('no pot awarded')",
}

# The seeds' showdown order (the last aggressor of the last street with a bet) would flag
# these: in each the aggressor of an earlier street checked the river, and 888 has the
# first player left of the button show first (the 888poker profile: river_aggressor).
LAST_AGGRESSOR_WOULD_FLAG = {
    ("888poker/PLO/888-PLO-USD-10.00-20.00-201405.dutch.txt", "305277727"),
    ("888poker/PLO8/PotLimitOmahaHiLo.txt", "441698247"),
}


def rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("888poker/")]


def _observed(rules: str) -> tuple[set[Key], dict[str, str], int]:
    """The findings of 888's hands, the profile each was audited under, hands audited."""
    auditor = HandAuditor(rules)
    found: set[Key] = set()
    profiles: dict[str, str] = {}
    audited = 0
    for row in rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "888poker" and result.hand is not None
            profiles[result.hand_id] = auditor.profile(
                auditor.profile_key(result.hand.start.site)
            ).name
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found, profiles, audited


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], dict[str, str], int]:
    return _observed("auto")


def test_888_hands_are_read_by_their_room_under_their_profile(
    observed: tuple[set[Key], dict[str, str], int],
) -> None:
    _, profiles, audited = observed
    assert len(rows()) == 15
    assert audited == sum(row.hands for row in rows()) == 18
    assert set(profiles.values()) == {"888poker"}
    assert SITE == "888poker"


def test_no_finding_that_is_not_explained(
    observed: tuple[set[Key], dict[str, str], int],
) -> None:
    assert observed[0] - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], dict[str, str], int],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()


def test_the_seeds_showdown_order_would_flag_888_s_own(corpus: Path) -> None:
    found, _, _ = _observed("seeds")
    order = {(file, hand) for file, hand, code, _ in found if code == "SHOWDOWN_ORDER"}
    assert order == LAST_AGGRESSOR_WOULD_FLAG
    assert found - {k for k in found if k[2] == "SHOWDOWN_ORDER"} == EXPECTED.keys()


def test_a_run_finds_these_and_no_cross_hand_finding(corpus: Path, tmp_path: Path) -> None:
    """The whole run also checks stacks from hand to hand (the FLO file's three hands at
    one table: CARNERA4's 4,202.50 less 210 put in plus 867.50 collected is the 4,860 he
    starts the next hand with) and copies of hands: nothing more is found."""
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in rows()], tmp_path / "out", workers=1)
    tables = load(tmp_path / "out")
    assert tables["hands"].profile.astype(str).unique().tolist() == ["888poker"]
    assert tables["files"].format.astype(str).unique().tolist() == ["888poker"]
    findings = tables["findings"]
    keys = {
        (h, c, int(line))
        for h, c, line in zip(
            findings.hand_id.astype(str),
            findings.code.astype(str),
            findings.source_line,
            strict=True,
        )
    }
    assert keys == {(hand, code, line) for _, hand, code, line in EXPECTED}
