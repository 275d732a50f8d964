"""Every finding the replay raises on the real PokerStars-layout hands, each named with
why it is right. A finding not listed here is a bug to fix, and so is a listed one that
disappears."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.pipeline import FileSummary, HandAuditor, Status
from tests.corpus import stars_layout_rows

# (file, hand id, code, line) -> why the record breaks the rule (rules from docs/RULES.md)
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
    ): "(b) docs/RULES.md (the seeds): \"52-card deck, no jokers\": the flop is written "
    "'[2s] [2s3d 3c]', and '2s3d' is none of the 52 cards",
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
    ): "(a) '*** TURN *** [3c Jd 6d] []' deals no card, yet the record's own summary board "
    "'[3c Jd 6d Jh 5s]' has a turn card, Jh: 3 board cards on the turn line, 4 by the summary",
    (
        "PokerStars/PLO6/6-Card-PLO-6max-USD-0.10-0.25-202208.empty.turncard.txt",
        "238296909420",
        "STREET_EARLY",
        27,
    ): "(a) '*** RIVER *** [3c Jd 6d] [5s]' is 3 + 1 = 4 board cards; the summary's "
    "'Board [3c Jd 6d Jh 5s]' is 5",
    (
        "PokerStars/PLO8/PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt",
        "1676150046",
        "UNCALLED_UNWRITTEN",
        41,
    ): "Player5 raises to 1750 on the turn; the callers are all-in for 1148 and 1105, so 302 "
    "of his bet is uncalled: this 2005 record writes no return, but its payouts leave the "
    "302 out of the pot, so it went back (a warning for the missing line, no error)",
    (
        "PokerStars_format_converted/FLO/PLO-6-max-USD-30-60-201703.converted.secondsb.txt",
        "3434271432",
        "BLIND_WRONG",
        11,
    ): "(b) docs/RULES.md (the seeds): \"A new player may post a big blind to enter; a player "
    "who missed blinds posts small+big, the small part dead\": UTG, two seats past the big "
    "blind, posts a lone second small blind, which is neither",
    (
        "PokerStars_format_converted/FLO/PLO-6-max-USD-30-60-201703.converted.secondsb.txt",
        "3434271432",
        "SEAT_INVALID",
        2,
    ): "(a) the table line says '6-max' (seats 1 to 6), but the record seats players 4 to 9 "
    "and puts the button on seat 7: 7, 8, 9 > 6",
}
# Not findings (the record's own totals account for the uncalled bets, auditor/replay/
# uncalled.py): the converted walk 3126037878 ("collected $15", "Total pot $15": the big
# blind's $5 paid back to him as won) and 3115869696's return written after the showdown.

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
    assert len(flagged) == 13  # GG's 4 apart (tests/rooms/ggpoker); 4 for cash-outs, info
