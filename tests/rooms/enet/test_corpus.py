"""Every finding on Enet's hands of the corpus, each named with why it is right: they are
read by the enet room and audited under the seeds' profile (five hands: nothing in them
argues for other rules). fpdb kept these files as its parser's failures ("side pot
failure", "bad collected", "accounting issue"): the records contradict themselves. A
finding not listed here is a bug to fix, and so is a listed one that disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

SIDE = "Enet/PLO/PLO-6max-USD-0.25-0.50-201207.side.pot.failure.txt"
SIX = "Enet/PLO/PLO-6max-USD-0.25-0.50-201207.txt"
BAD = "Enet/PLO/PLO-9max-EUR-0.10-0.25-201207.bad.collected.txt"
ACCOUNTING = "Enet/PLO/PLO-9max-USD-0.10-0.25-201208.accounting.issue.txt"
NINE = "Enet/PLO/PLO-9max-USD-0.10-0.25-201208.txt"

# Enet's summary line "Total pot €X | Rake €Y" holds no pot of the hand: "€0" in four hands
# (11,24, 22,21, 0,75 and 27,10 put in), "€2,75" in the fifth (140,53 put in); its rake is
# the sum of the play's street rake lines, right in all five. A field the room never fills
# with the pot is not written (auditor/rooms/enet/reader.py): no POT_WRONG, and what was
# paid and raked is still weighed against the chips put in.
# The hand's check (Player6 "checks" facing the 0,25 big blind he never matched, from seat
# 9, posting nothing) leaves his 0,25 out of the pot: every finding of the hand follows
_CHECK = "Player6 checks facing the big blind (0,25) he never put in, "

EXPECTED: dict[Key, str] = {
    (SIDE, "7732419", "CHIPS_NOT_CONSERVED", 41): "(a) 140,53 put in (amazing_mck all-in "
    "for 18, cik for 58,14, Player2 calling 58,14, with the blinds and the folded bets) pays "
    "Player2 56,64 and a 1,39 rake: 56,64 + 1,39 = 58,03, and 140,53 - 58,03 = 82,50 paid to "
    "nobody (fpdb's 'side pot failure')",
    (SIX, "7732310", "SHOWDOWN_ORDER", 30): "Player4 bet the turn and is the last "
    "aggressor (the river is checked): he shows first (docs/RULES.md: 'last aggressor of the "
    "last street with a bet'), yet Player2 mucks before him ('Player2: mucked' before "
    "*** SHOWDOWN ***)",
    (BAD, "6404139", "CHIPS_NOT_CONSERVED", 43): "(a) 22,21 put in (four all-in or called "
    "to 7,33, 5 and 1,95) pays 7,88 and 4,39 and a 0,27 rake: 7,88 + 4,39 + 0,27 = 12,54, and "
    "22,21 - 12,54 = 9,67 paid to nobody (fpdb's 'bad collected')",
    (ACCOUNTING, "12036770", "ILLEGAL_CHECK", 19): "(a) the big blind is 0,25 and Player6 "
    "has put in 0 when he 'checks': 0 != 0,25, he owes a call, and the summary's own pot "
    "(0,25 x 3 = 0,75) counts nothing of his",
    (ACCOUNTING, "12036770", "STREET_EARLY", 23): "(c) follows from the ILLEGAL_CHECK on "
    "line 19: " + _CHECK + "so the flop comes with him still to call",
    (ACCOUNTING, "12036770", "RAISE_ABOVE_POT", 34): "(a) the pot before the river is 0,25 x "
    "3 = 0,75 (Player6 put nothing in) and Player0 bets 0,82: 0,82 > 0,75, above the pot",
    (ACCOUNTING, "12036770", "CHIPS_NOT_CONSERVED", 41): "(a) 0,75 put in (0,25 x 3: "
    "Player6 checks facing the big blind and puts nothing in); Player0 collects 0,82 and "
    "the rake is 0,06: 0,88 != 0,75 (and the "
    "summary says he collected 1,04, not 0,82: fpdb's 'accounting issue')",
}


def enet_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("Enet/")]


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], set[str], int]:
    auditor = HandAuditor("auto")
    found: set[Key] = set()
    profiles: set[str] = set()
    audited = 0
    for row in enet_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "enet" and result.hand is not None
            profiles.add(auditor.profile(auditor.profile_key(result.hand.start.site)).name)
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found, profiles, audited


def test_enet_hands_are_read_by_their_room(observed: tuple[set[Key], set[str], int]) -> None:
    _, profiles, audited = observed
    assert len(enet_rows()) == 5
    assert audited == sum(row.hands for row in enet_rows()) == 5
    assert profiles == {"seeds"}


def test_no_finding_that_is_not_explained(observed: tuple[set[Key], set[str], int]) -> None:
    assert observed[0] - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], set[str], int],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()


def test_a_whole_run_finds_no_more_across_hands(corpus: Path, tmp_path: Path) -> None:
    """Five hands of five tables: nothing to check from hand to hand, and no more found."""
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in enet_rows()], tmp_path / "out", workers=1)
    tables = load(tmp_path / "out")
    assert tables["files"].format.astype(str).unique().tolist() == ["enet"]
    assert len(tables["findings"]) == len(EXPECTED)
