"""Every finding on iPoker's hands of the corpus, each named with why it is right: they are
read by the ipoker room (its XML sessions and PokerTracker's text re-export) and audited
under its profile. A finding not listed here is a bug to fix, and so is a listed one that
disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import HandAuditor
from auditor.results import FileSummary, Status
from tests.corpus import ManifestRow, manifest

Key = tuple[str, str, str, int]  # (file, hand id, code, line)

CNY = "iPoker/PLO/PLO-EUR-0.10-0.20-201207.CNY.currency.txt"
PARTIAL = "iPoker/PLO/PLO-USD-5-10-201631.partial.format.xml"
SAMPLE = "iPoker/PLO/PLO-USD-0.01-0.02-201108.Sample.txt"

# The "partial" export (2016) writes each game's seats and blinds and nothing more: no
# <round no="1">, no cards, no action, no win. Each record stops before the deal: the
# hand cannot be audited past its blinds (HAND_INCOMPLETE at the game's last line).
_PARTIAL_GAMES = {
    "7372093672": 26,
    "7372093766": 42,
    "7372093819": 58,
    "7372093875": 74,
    "7372093994": 90,
    "7372094075": 106,
    "7372094556": 122,
    "7372094665": 138,
    "7372094954": 154,
    "7372095245": 170,
    "7372095353": 186,
    "7372096964": 201,
    "7372097018": 216,
    "7372097116": 232,
    "7372097179": 248,
    "7372097258": 264,
    "7372097504": 280,
    "7372097705": 296,
    "7372097865": 312,
    "7372098137": 328,
    "7372098336": 344,
    "7372100120": 360,
    "7372100547": 376,
    "7372100619": 392,
    "7372101544": 408,
    "7372101618": 424,
    "7372101725": 440,
    "7372102211": 456,
    "7372102442": 472,
    "7372102705": 488,
    "7372103238": 504,
}

EXPECTED: dict[Key, str] = {
    (CNY, "3359865320", "HAND_INCOMPLETE", 44): "the file ends after the river's checks "
    "with no </game> and no </session>: the record is cut short (the game's close, where "
    "nothing more can be written, is missing), so it is read as far as it goes",
    **{
        (PARTIAL, game, "HAND_INCOMPLETE", line): "the partial export holds the game's "
        "seats and blinds only (no deal, no action, no win): the record stops before the deal"
        for game, line in _PARTIAL_GAMES.items()
    },
}

# Found only by a whole run (from hand to hand):
RUN_EXPECTED: dict[Key, str] = {
    (SAMPLE, "2874287150", "STACK_CONTINUITY", 581): "Player5 ended game 2874284005 with "
    "$3.92 ($4.40 less the $0.48 he bet, no win) and starts the next game of the table with "
    "$4.53; every other player's chips carry over exactly, and the 2011 layout writes no "
    "rebuy attribute: the $0.61 he added between the games is not in the record",
    ("iPoker/PLO/PotLimitOmaha.txt", "5383652813", "HAND_DUPLICATE", 20): "HHSmithy's "
    "PotLimitOmaha.txt is game 5383652813 of its 10MultipleHands.txt, the same record: a "
    "copy, counted once",
}


def ipoker_rows() -> list[ManifestRow]:
    return [row for row in manifest() if row.file.startswith("iPoker/")]


def _observed() -> tuple[set[Key], set[str], int]:
    """The findings of iPoker's hands, the profiles they were audited under, hands audited."""
    auditor = HandAuditor("auto")
    found: set[Key] = set()
    profiles: set[str] = set()
    audited = 0
    for row in ipoker_rows():
        summary = FileSummary(source_file=row.file)
        for result in auditor.audit_file(str(row.path), summary):
            assert result.status is Status.AUDITED, (row.file, result.hand_id)
            assert result.format == "ipoker" and result.hand is not None
            profiles.add(auditor.profile(auditor.profile_key(result.hand.start.site)).name)
            audited += 1
            for finding in result.findings:
                found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found, profiles, audited


@pytest.fixture(scope="module")
def observed(corpus: Path) -> tuple[set[Key], set[str], int]:
    return _observed()


def test_ipoker_hands_are_read_by_their_room(observed: tuple[set[Key], set[str], int]) -> None:
    _, profiles, audited = observed
    assert len(ipoker_rows()) == 21
    assert audited == sum(row.hands for row in ipoker_rows()) == 95
    assert profiles == {"seeds"}


def test_no_finding_that_is_not_explained(observed: tuple[set[Key], set[str], int]) -> None:
    assert observed[0] - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(
    observed: tuple[set[Key], set[str], int],
) -> None:
    assert EXPECTED.keys() - observed[0] == set()


def test_a_whole_run_finds_no_more_across_hands(corpus: Path, tmp_path: Path) -> None:
    """The run also checks stacks and buttons from hand to hand: each game starts with
    what the table's last game left (wins net of the rake, uncalled bets back)."""
    from auditor.api import load
    from auditor.run import run_audit

    run_audit([str(row.path) for row in ipoker_rows()], tmp_path / "out", workers=1)
    findings = load(tmp_path / "out")["findings"]
    found = {
        (str(file).split("corpus/", 1)[-1], str(hand), str(code), int(line))
        for file, hand, code, line in zip(
            findings.source_file,
            findings.hand_id,
            findings.code,
            findings.source_line.astype(int),
            strict=True,
        )
    }
    assert found == EXPECTED.keys() | RUN_EXPECTED.keys()


# Sessions of 2021 and 2022 write no <uncalled_bet_enabled>, yet their win already leaves
# the bet nobody called out (each player's "bet" attribute holds it). The win is less than
# that bet, so it does not hold it: it is the pot less the rake, paid as written (the
# reader once took the bet out of it, leaving no win and the whole pot as the rake).
_WIN_WITHOUT_THE_BET = {
    # the turn's €2.40 pot (2 x €1.15 + the €0.10 big blind): Player1 bets €2.40, Player2
    # folds; "win" €2.33 = €2.40 less a €0.07 rake (his "bet" €3.55 = €1.15 + €2.40)
    ("iPoker/PLO5/5CPLO-EUR-0.05-0.10-202105.new.date.format.txt", "3595391256"): (
        "Player1",
        233,
        7,
    ),
    # the river's €52.77 pot (€0.50 + 3 x €6.87 + 2 x €15.83): Player0 bets €52.77, Player4
    # folds; "win" €51.18 = €52.77 less a €1.59 rake
    ("iPoker/PLO5/5CPLO-EUR-0.50-1.00-202201.no.player.element.txt", "3651461297"): (
        "Player0",
        5118,
        159,
    ),
}


@pytest.mark.parametrize(("file", "hand_id"), sorted(_WIN_WITHOUT_THE_BET))
def test_a_win_less_than_the_uncalled_bet_is_paid_as_written(
    corpus: Path, file: str, hand_id: str
) -> None:
    from auditor.showdown.rake import hand_rake

    player, won, rake = _WIN_WITHOUT_THE_BET[(file, hand_id)]
    auditor = HandAuditor("auto")
    summary = FileSummary(source_file=file)
    results = auditor.audit_file(str(corpus / file), summary)
    result = next(r for r in results if r.hand_id == hand_id)
    assert result.replay is not None and result.hand is not None
    assert dict(result.replay.collected) == {player: won}
    assert hand_rake(None, result.replay).rake == rake
    assert result.findings == ()
