"""Every finding on Bovada's hands of the corpus, each named with why it is right: they are
read by the bovada room and audited under the bovada profile. A finding not listed here is
a bug to fix, and so is a listed one that disappears.

The players are named by their seats ("Seat 4"), so the checks across hands compare one
player's stacks and the button's seat from hand to hand: 67 pairs of neighbouring hands
are judged consecutive, and their stacks and buttons all agree."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.replay.continuity import table_hand, table_sequences, why_not_consecutive
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)
CASH_2012 = "Bovada_Ignition/PLO/PLO-USD-5-10-201204.new.format.txt"
CASH_2014 = "Bovada_Ignition/PLO8/PLO8-9max-USD-0.02-0.05-201408.corrupted.lines.txt"
TS_TOURNAMENT = "Bovada_Ignition/PLO8/bovada.ts.HAND_TOURNAMENT.txt"

# The 2012 layout's walks (2601408155, 2601409504, 2601411109): everybody folds to the big
# blind, and the record counts his uncalled $5 (the $10 blind against the small blind's $5)
# in the pot and pays it to him as won: "Total Pot($15) | Rake ($0)", "Big Blind : Hand
# result $15", no "Return uncalled portion of bet". 15 went in, 15 came out, the $5 to its
# owner: no finding (auditor/replay/uncalled.py; tests/replay/test_uncalled_settled.py).
# The next hand starts the big blind with the record's own accounting (890.50 - 10 + 15 =
# 895.50 for hand 2601408155's), which is his ending stack too.
EXPECTED: dict[Key, str] = {}
EXPECTED.update(
    {
        # A hand a library author wrote for its tests (poker-apprentice/hand-history-parser),
        # not a client's record: its seat numbers (30, 37, 86, 16, 89, 61, 68, listed in
        # that order) are not the table's order that its positions name: the seat after the
        # Dealer's (86) is the Big Blind's (89), where the small blind sits, and its "Set
        # dealer [4]" names a seat nobody holds. The record contradicts itself; the replay
        # goes by the seat numbers.
        (TS_TOURNAMENT, "4561202298", "BLIND_WRONG", 17): "(a) the record's seat numbers and "
        "its position names disagree: the seat after the Dealer's 86 is 89, named 'Big "
        "Blind', while the small blind is posted from seat 16",
        (TS_TOURNAMENT, "4561202298", "BLIND_WRONG", 18): "(c) follows from the BLIND_WRONG "
        "on line 17 (the seat numbers against the position names): by the seat numbers 89 "
        "follows the Dealer's 86 directly, yet it posts the big blind, not the small",
        (TS_TOURNAMENT, "4561202298", "OUT_OF_TURN", 27): "(c) follows from the BLIND_WRONG "
        "on line 17: by the seat numbers the first to act is seat 16 (the 'Small Blind'), "
        "not UTG in seat 61",
        (TS_TOURNAMENT, "4561202298", "OUT_OF_TURN", 29): "(c) follows from the BLIND_WRONG "
        "on line 17: by the seat numbers the Dealer (86) acts before UTG+2 (30)",
        (TS_TOURNAMENT, "4561202298", "OUT_OF_TURN", 33): "(c) follows from the BLIND_WRONG "
        "on line 17: by the seat numbers the 'Big Blind' (89) acts before the 'Small Blind' "
        "(16)",
    }
)

# The showdown order the bovada profile follows (the river's aggressor, else the first
# player left of the button): the seeds' rule (the last aggressor of the last street with a
# bet) flags these hands, whose river was checked through after a bet on an earlier street.
LAST_AGGRESSOR_WOULD_FLAG = {
    (CASH_2012, "2601409299"),
    (CASH_2012, "2601409940"),
    (CASH_2014, "2902239195"),
    (CASH_2014, "2902256243"),
    (CASH_2014, "2902260511"),
    (CASH_2014, "2902262110"),
    (CASH_2014, "2902266035"),
    ("Bovada_Ignition/PLO8/bovada.ts.HAND_OMAHA_HILO_HIGH_ONLY.txt", "4304661627"),
}
# Bovada's time-outs: a player who times out with a blind in folds to a bet (the seeds'
# all-in protection would keep him in).
ALL_IN_PROTECTION_WOULD_FLAG = {
    ("Bovada_Ignition/PLO8/bovada.ts.HAND_OMAHA_HILO_NO_SHOWDOWN.txt", "4304660846"),
    (TS_TOURNAMENT, "4561202298"),
}
# The dead button: when a seat empties, the button stays behind the last big blind, on the
# empty seat (the moving button of the seeds would move it on to the next player).
MOVING_BUTTON_WOULD_FLAG = {
    (CASH_2012, "2601409504"),
    (CASH_2014, "2902237475"),
    (CASH_2014, "2902247207"),
}


def bovada_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("Bovada_Ignition/")]


def _observed(rules: str) -> tuple[set[Key], set[str], int]:
    """Every finding of every hand (its own and, by the pipeline's tables, none across
    hands: those come from :func:`_continuity`), the profiles used, the hands audited."""
    auditor = HandAuditor(rules)
    found: set[Key] = set()
    profiles: set[str] = set()
    audited = 0
    for row in bovada_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "bovada" and result.hand is not None
            profiles.add(auditor.profile(auditor.profile_key(result.hand.start.site)).name)
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, str(finding.code), finding.source.line))
    return found, profiles, audited


def _continuity(rules: str) -> tuple[set[Key], int]:
    """The findings across hands, as a run makes them, and how many pairs are consecutive."""
    from auditor.replay.continuity import continuity_findings
    from auditor.replay.profile import load_profile

    auditor = HandAuditor(rules)
    hands = []
    file_of: dict[str, str] = {}
    for row in bovada_rows():
        for result in auditor.audit_file(str(row.path), FileSummary(source_file=row.file)):
            assert result.hand is not None and result.replay is not None
            hands.append(table_hand(result.hand, dict(result.replay.ending_stacks) or None))
            file_of[result.hand_id] = row.file
    profile = load_profile("bovada" if rules == "auto" else rules)
    found = {
        (file_of[f.hand_id], f.hand_id, str(f.code), f.source.line)
        for f in continuity_findings(hands, profile)
    }
    consecutive = sum(
        why_not_consecutive(a, b) is None
        for sequence in table_sequences(hands).values()
        for a, b in pairwise(sequence)
    )
    return found, consecutive


@pytest.fixture(scope="module")
def observed(corpus: Path) -> set[Key]:
    found, profiles, audited = _observed("auto")
    assert profiles == {"bovada"}
    assert audited == sum(row.hands for row in bovada_rows()) == 82
    cross, consecutive = _continuity("auto")
    assert consecutive == 67
    return found | cross


def test_no_finding_that_is_not_explained(observed: set[Key]) -> None:
    assert observed - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(observed: set[Key]) -> None:
    assert EXPECTED.keys() - observed == set()


def test_the_seeds_rules_would_flag_bovada_s_own(corpus: Path) -> None:
    found, _, _ = _observed("seeds")
    codes = {code for _, _, code, _ in found}
    assert {(f, h) for f, h, c, _ in found if c == "SHOWDOWN_ORDER"} == LAST_AGGRESSOR_WOULD_FLAG
    assert {(f, h) for f, h, c, _ in found if c == "TIMEOUT_WRONG"} == (
        ALL_IN_PROTECTION_WOULD_FLAG
    )
    assert "BUTTON_WRONG" not in codes  # a check across hands
    # the odd cent of a tied low half, which Bovada gives the high winner (its profile's
    # low_ties_odd_chips_to_high): $9.62 -> 4.82 / 2.40 / 2.40, $0.95 -> 0.49 / 0.23 / 0.23
    assert {(h, line) for _, h, c, line in found if c == "ODD_CHIP_WRONG"} == {
        ("2902256725", 2046),
        ("2902266598", 3026),
    }
    cross, _ = _continuity("seeds")
    assert {(f, h) for f, h, c, _ in cross if c == "BUTTON_WRONG"} == MOVING_BUTTON_WOULD_FLAG


@pytest.mark.slow
def test_a_run_of_the_folder_finds_these_and_no_other(corpus: Path, tmp_path: Path) -> None:
    """The CLI's run: the same findings, in hands and across them, under --rules auto."""
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in bovada_rows()], tmp_path / "out", workers=1)
    tables = load(tmp_path / "out")
    assert tables["hands"].profile.astype(str).unique().tolist() == ["bovada"]
    assert tables["files"].format.astype(str).unique().tolist() == ["bovada"]
    findings = tables["findings"]
    found = {
        ("Bovada_Ignition/" + str(file).split("/Bovada_Ignition/")[1], str(hand), str(code), line)
        for file, hand, code, line in zip(
            findings.source_file,
            findings.hand_id,
            findings.code,
            findings.source_line.astype(int).tolist(),
            strict=True,
        )
    }
    assert found == EXPECTED.keys()
