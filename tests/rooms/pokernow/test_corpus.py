"""Every finding on Poker Now's hands of the corpus, each named with why it is right: they
are read by the pokernow room and audited under the pokernow profile. A finding not listed
here is a bug to fix, and so is a listed one that disappears.

Home games break rules the online rooms keep; each finding below is the record's: the log
says what was done, the reader reads it as written, and the rule broken is quoted.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int, str]  # (file, hand id, code, line, message)

HOME = "PokerNow/MIXED/plo_home.csv"
HEADS_UP = "PokerNow/PLO/poker_now_log_pgl7tZqLanCO9qx5dGcNnK9lw.csv"
PLO8 = "PokerNow/PLO8/poker_now_log_pgldC8wst6x4dJlZ9LwBCUpUX.csv"
# Issue 21, pattern 11: the logs' thirteen RAISE_TOO_SMALL were false, and are gone.
# Poker Now lets a player raise to the whole reach of the last opponent who can call
# (plo_home.csv pvfsbzzqpyss: justin raises to 6.00, leafs 'raises to 7.00', justin 'calls
# 7.00 and go all in'): no chip above that could be called, so the raise is not short. And
# it writes the call of an all-in 'raises to' the same amount (the PLO8 log's
# 302-165933142283100: 'Bijo raises to 68 and go all in', then 'Ayo raises to 68'): the
# chips of a call, which the engine takes as one. tests/replay/test_raise_nobody_can_call_more.py
# has both, in memory.

EXPECTED: dict[Key, str] = {
    (
        PLO8,
        "318-165933193601501",
        "UNCALLED_UNWRITTEN",
        166,
        "no return is written for an "
        "uncalled bet before the flop; the record's totals leave it out of the pot: it went "
        "back",
    ): "a warning, no error (the totals imply the return): at blinds 1/1 Sean, back in the "
    "small blind seat, 'posts a small blind of 1', 'a missing small blind of 1' (dead) and "
    "'a missed big blind of 1' (live, docs/RULES.md: 'a player who missed blinds posts "
    "small+big, the small part dead'): his bet is 2, Ayo 'calls 1' and the big blind checks, "
    "so 1 of his is uncalled; no row returns it and the pots paid (18 + 18) leave it out, "
    "and his stack in #319 (180, as he began #318, winning 18) shows only 18 was charged",
}


def pokernow_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("PokerNow/")]


def _observed() -> tuple[Counter[Key], set[str], int]:
    """The findings of Poker Now's hands, the profiles they were audited under, hands audited."""
    auditor = HandAuditor("auto")
    found: Counter[Key] = Counter()
    profiles: set[str] = set()
    audited = 0
    for row in pokernow_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            if result.status is Status.SKIPPED:
                continue
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "pokernow" and result.hand is not None
            profiles.add(auditor.profile(auditor.profile_key(result.hand.start.site)).name)
            audited += 1
            for f in result.findings:
                found[(row.file, result.hand_id, f.code, f.source.line, f.message)] += 1
    return found, profiles, audited


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[Counter[Key], set[str], int]:
    return _observed()


def test_pokernow_hands_are_read_by_their_room_under_their_profile(
    observed: tuple[Counter[Key], set[str], int],
) -> None:
    _, profiles, audited = observed
    assert len(pokernow_rows()) == 7
    assert audited == 782  # 275 + 32 + 41 PLO of the mixed logs, 108 PLO, 326 PLO8
    assert profiles == {"pokernow"}


def test_no_finding_that_is_not_explained(
    observed: tuple[Counter[Key], set[str], int],
) -> None:
    assert set(observed[0]) - EXPECTED.keys() == set()
    assert set(observed[0].values()) == {1}  # each finding once


def test_every_explained_finding_is_still_found(
    observed: tuple[Counter[Key], set[str], int],
) -> None:
    assert EXPECTED.keys() - set(observed[0]) == set()


@pytest.mark.slow
def test_a_whole_run_finds_no_more_across_hands(corpus: Path, tmp_path: Path) -> None:
    """The run also checks stacks and buttons from hand to hand (each log one table):
    every hand starts with what the last left or what the admin gave ("The admin updated
    the player ... stack", players joining, standing up and sitting back), and the button
    is dead, as the profile says (a "(dead button)" hand's button on the last hand's small
    blind seat)."""
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in pokernow_rows()], tmp_path / "out", workers=1)
    tables = load(tmp_path / "out")
    assert tables["files"].format.astype(str).unique().tolist() == ["pokernow"]
    hands = tables["hands"]
    assert len(hands) == 782
    assert hands.profile.astype(str).unique().tolist() == ["pokernow"]
    found = Counter(tables["findings"].code.astype(str))
    assert found == Counter(code for _, _, code, _, _ in EXPECTED)
