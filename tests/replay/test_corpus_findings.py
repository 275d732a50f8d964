"""Every finding the replay raises on the real PokerStars-layout hands, each named with
why it is right. A finding not listed here is a bug to fix, and so is a listed one that
disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import FileSummary, HandAuditor, Status
from tests.corpus import stars_layout_rows

# (file, hand id, code, line) -> why the record breaks the rule (rules from DESIGN.md)
EXPECTED: dict[tuple[str, str, str, int], str] = {
    (
        "PokerMaster_StarsFormat/PLO/5-Card-PLO-6max-USD-15-30-201905.PokerMaster.txt",
        "1905261509100000",
        "GAME_MISLABELED",
        1,
    ): "the header says 'Omaha Pot Limit' (4 hole cards) but five are dealt ('Dealt to "
    "pp1844675 [9c Qc 9h Jc Qs]'), at a 'PPP_5Cards_FIVE_...' table (fpdb's PokerStars "
    "reader files PokerMaster's '_5Cards_' tables as 5-card Omaha): audited as PLO5, the "
    "header's name a warning, as BetOnline's Hold'em header over four cards (issue 21, "
    "pattern 10: it was a CARD_INVALID error)",
    (
        "PokerStars/PLC/PL-Courchevel-6max-USD-0.50-1.00-201604.weird.board.txt",
        "151933331674",
        "RECORD_GARBLED",
        9,
    ): "the pre-flop marker line is garbled: '*** HOLE CARDS *** [2s]*** HOLE CARDSPRE-FLOP "
    "*** [2s]'",
    (
        "PokerStars/PLC/PL-Courchevel-6max-USD-0.50-1.00-201604.weird.board.txt",
        "151933331674",
        "CARD_INVALID",
        12,
    ): "the flop is written '[2s] [2s3d 3c]': '2s3d' is not a card (52-card deck)",
    (
        "PokerStars/PLO/PLO-6max-USD-2.00-4.00-201403.2.partial.txt",
        "112824228684",
        "HAND_INCOMPLETE",
        19,
    ): "the record stops in the middle of the flop line, before any summary",
    (
        "PokerStars/PLO/PLO-6max-USD-2.00-4.00-201403.2.partial.txt",
        "112824228684",
        "RECORD_GARBLED",
        19,
    ): "the cut flop line '*** FLOP *** [Js 3d' has no closing bracket",
    (
        "PokerStars/PLO/PLO-6max-USD-2.00-4.00-201403.2.partial.txt",
        "112824184047",
        "HAND_INCOMPLETE",
        40,
    ): "the record stops at a bare player name on the flop",
    (
        "PokerStars/PLO/PLO-6max-USD-200-400-201510.partial.observed.txt",
        "142624277978",
        "HAND_INCOMPLETE",
        12,
    ): "the record stops inside its table line",
    (
        "PokerStars/PLO6/6-Card-PLO-6max-USD-0.10-0.25-202208.empty.turncard.txt",
        "238296909420",
        "STREET_EARLY",
        22,
    ): "'*** TURN *** [3c Jd 6d] []': the turn deals no card (flop 3, turn and river one each)",
    (
        "PokerStars/PLO6/6-Card-PLO-6max-USD-0.10-0.25-202208.empty.turncard.txt",
        "238296909420",
        "STREET_EARLY",
        27,
    ): "after the empty turn, the river board holds four cards, not five",
    (
        "PokerStars/PLO8/PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt",
        "1676150046",
        "UNCALLED_WRONG",
        41,
    ): "Player5 raises to 1750 on the turn; the callers are all-in for 1148 and 1105, so 302 "
    "of his bet is uncalled and must be returned: this 2005 record never says so (its "
    "payouts do leave the 302 out of the pot)",
    (
        "PokerStars_format_converted/FLO/PLO-6-max-USD-30-60-201703.converted.secondsb.txt",
        "3434271432",
        "BLIND_WRONG",
        11,
    ): "UTG, two seats past the big blind, posts a second small blind; a player entering "
    "posts a big blind, or small + big with the small part dead, never a lone small blind",
    (
        "PokerStars_format_converted/FLO/PLO-6-max-USD-30-60-201703.converted.secondsb.txt",
        "3434271432",
        "SEAT_INVALID",
        2,
    ): "the table line says '6-max' but the converter seats players 4 to 9 and puts the "
    "button on seat 7: seats run from 1 to the table's size",
    (
        "PokerStars_format_converted/PLO/PLO-6max-USD-5-10-201509.converted.format.txt",
        "3115869696",
        "UNCALLED_WRONG",
        28,
    ): "bodogJS's uncalled $266.58 on the turn is returned only after the river and the "
    "showdown; it must be returned when the betting ends",
    (
        "PokerStars_format_converted/PLO/PLO-6max-USD-5-10-201509.converted.uncalled.bet.txt",
        "3126037878",
        "UNCALLED_WRONG",
        20,
    ): "everyone folds to the big blind: $5 of his $10 is uncalled and never returned",
    (
        "PokerStars_format_converted/PLO/PLO-6max-USD-5-10-201509.converted.uncalled.bet.txt",
        "3126037878",
        "POT_WRONG",
        21,
    ): "'Total pot $15' counts the big blind's uncalled $5: the pot is $10",
    (
        "PokerStars_format_converted/PLO/PLO-6max-USD-5-10-201509.converted.uncalled.bet.txt",
        "3126037878",
        "CHIPS_NOT_CONSERVED",
        20,
    ): "the big blind collects $15 from a $10 pot",
}

# A converter's hand wordings that the cards do not bear out. (GGPoker's hands are its
# room's: their findings are named in tests/rooms/ggpoker/test_corpus.py.)
EXPECTED.update(
    {
        (
            "PokerStars_format_converted/PLO/PLO-6max-USD-5-10-201509.converted.format.txt",
            "3115869696",
            "HAND_DESCRIPTION_WRONG",
            30,
        ): "the converter writes 'Nine to Six' for bodogJS's five-to-nine straight",
        (
            "PokerStars_format_converted/PLO/PLO-6max-USD-5-10-201509.converted.format.txt",
            "3115869696",
            "HAND_DESCRIPTION_WRONG",
            31,
        ): "and 'Nine to Six' again for the six-to-ten straight",
        (
            "PokerStars_format_converted/PLO/PLO-6max-USD-5-10-201509.converted.format.txt",
            "3115869696",
            "HAND_DESCRIPTION_WRONG",
            40,
        ): "the summary repeats the wrong wording for bodogJS",
        (
            "PokerStars_format_converted/PLO/PLO-6max-USD-5-10-201509.converted.format.txt",
            "3115869696",
            "HAND_DESCRIPTION_WRONG",
            41,
        ): "the summary repeats the wrong wording for PLR_4509439ZS",
    }
)

# Cash-outs (info): each "X cashed out the hand for $A | Cash Out Fee $F" line says the
# hand's money was settled outside the pot; the numbers of all five add up (no error).
_PLO6 = "PokerStars/PLO6/6-Card-PLO-6max-USD-"
EXPECTED.update(
    {
        (f"{_PLO6}0.05-0.10-202111.cash.out.txt", "231645858339", "CASH_OUT", 30): (
            "Player0 cashed out for 6.63 + 0.07 fee and won both pots, which the room kept"
        ),
        (f"{_PLO6}1.00-2.00-202004.Cash.Out.2.txt", "212598594281", "CASH_OUT", 33): (
            "Hero cashed out for 258.65 + 2.61 fee and lost: Player3 collects the pots"
        ),
        (f"{_PLO6}0.50-1.00-202004.Cash.Out.txt", "212394558154", "CASH_OUT", 29): (
            "Hero cashed out for 56.99 + 0.58 fee and won the pot, which the room kept"
        ),
        (f"{_PLO6}0.10-0.25-202201.multiway.allin.deadcards.txt", "232772509770", "CASH_OUT", 28): (
            "Hero cashed out for 35.72 + 0.36 fee and split the pots, his half kept by the room"
        ),
        (f"{_PLO6}0.10-0.25-202201.multiway.allin.deadcards.txt", "232772509770", "CASH_OUT", 29): (
            "Player1 cashed out for 57.71 + 0.58 fee and split the pots, his half kept by the room"
        ),
    }
)


@pytest.fixture(scope="module")
def observed(corpus: Path) -> set[tuple[str, str, str, int]]:
    auditor = HandAuditor()
    found: set[tuple[str, str, str, int]] = set()
    for row in stars_layout_rows():
        if row.file.startswith("GGPoker/"):
            continue  # its own room: tests/rooms/ggpoker/test_corpus.py
        for result in auditor.audit_file(str(row.path), FileSummary(source_file=row.file)):
            if result.status is Status.AUDITED:
                for finding in result.findings:
                    found.add((row.file, result.hand_id, finding.code, finding.source.line))
    return found


def test_no_finding_that_is_not_explained(observed: set[tuple[str, str, str, int]]) -> None:
    assert observed - EXPECTED.keys() == set()


def test_every_explained_finding_is_still_found(observed: set[tuple[str, str, str, int]]) -> None:
    assert EXPECTED.keys() - observed == set()


def test_the_pokerstars_hands_replay_clean_apart_from_the_named_ones(
    observed: set[tuple[str, str, str, int]],
) -> None:
    flagged = {(f, h) for f, h, _, _ in observed}
    assert len(flagged) == 14  # GG's 4 apart (tests/rooms/ggpoker); 4 for cash-outs, info
