"""KingsClub's room: its headers, games and table names, and its wordings read into the
same events as every room's (calls and raises written as the bet's total, hidden hole
cards, two boards from the flop, a hand run twice sharing its flop, side pots, a pot paid
once for all its boards, a bet returned with no line), and a damaged hand's error."""

from __future__ import annotations

from typing import TypeVar

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand
from auditor.results import Status
from auditor.rooms.everleaf import EverleafRoom
from auditor.rooms.kingsclub import KingsClubRoom
from auditor.rooms.kingsclub.reader import KingsClubReader
from auditor.rooms.poker888 import Poker888Room
from auditor.rooms.pokerstars import PokerStarsRoom
from tests.classified import as_replayed
from tests.corpus import CORPUS, ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "kingsclub" / "kingsclub_boards_calls_to_and_summary.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
SPLIT, TWICE, BIG_O = (part.strip() + "\n" for part in TEXT.split("\n\n"))
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")


def read_lines(text: str) -> ev.Hand:
    """The hand as read: its chips lines ChipsIn, as the record writes them."""
    return KingsClubReader().read(RawHand("f.txt", 1, tuple(text.splitlines()), "kingsclub"))


def read(text: str) -> ev.Hand:
    """The hand as the audit sees it: each chips line told by the replay."""
    return as_replayed(read_lines(text))


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_headers_are_the_room_s_alone() -> None:
    room, others = KingsClubRoom(), (PokerStarsRoom(), Poker888Room(), EverleafRoom())
    for header in (
        "#45395871: Limit Omaha - 60/120",
        "#3969308: Limit Omaha Hi-Lo - 500/1,000",
        "#37580510: Pot Limit Big O - 11/22",
        "#37660193: Pot Limit Omaha 5 Card - 5/10",
    ):
        assert room.is_header(header) and header.startswith(room.header_starts)
        assert not any(other.is_header(header) for other in others)
    assert not room.is_header("#Game No : 1234")  # 888's lead-in starts with "#" too
    assert not room.is_header("2021-01-02 15:39:12")
    assert room.sniff(TEXT) and not room.sniff(STARS)
    assert not any(other.sniff(TEXT) for other in others)
    assert rooms.profile_for_site("KingsClub") == "seeds"


def test_game_table_and_id_without_the_reader() -> None:
    room = KingsClubRoom()
    raws = [RawHand("f", 1, tuple(t.splitlines()), "kingsclub") for t in (SPLIT, TWICE, BIG_O)]
    assert [room.game(r) for r in raws] == ["Limit Omaha", "Pot Limit Omaha", "Pot Limit Big O"]
    assert all(room.is_omaha(room.game(r)) for r in raws)
    assert not room.is_omaha("No Limit Holdem") and not room.is_omaha("Limit Razz")
    assert [room.table_name(r) for r in raws] == [
        "Fixture Split 1",
        "Fixture PLO 2",
        "Fixture Big O 3",
    ]
    assert [r.hand_id for r in raws] == ["50000001", "50000002", "50000003"]


def test_head_facts_stakes_limits_and_no_zone() -> None:
    split, big_o = read(SPLIT).start, read(BIG_O).start
    assert (split.variant, split.limit, split.small_stake, split.big_stake) == (
        "FLO",
        ev.Limit.FIXED,
        1000,
        2000,
    )  # fixed limit: the header's 10/20 are the bets (the blinds are 5/10)
    assert (big_o.variant, big_o.hi_lo, big_o.hole_card_count) == ("PLO5-8", True, 5)
    assert (split.currency, split.scale, split.time_zone) == ("USD", 100, "")
    assert split.started_at is not None and split.started_at.hour == 19
    assert (split.table_name, split.button_seat) == ("Fixture Split 1", 5)


def test_calls_are_written_as_the_bet_s_total() -> None:
    # every chips line is read as its total only, the verb and all-in as written
    lines = [(c.verb, c.added, c.to, c.all_in) for c in of(read_lines(TWICE), ev.ChipsIn)]
    assert lines[:2] == [(ev.Verb.RAISE, None, 700, False), (ev.Verb.CALL, None, 700, False)]
    assert lines[-2:] == [(ev.Verb.RAISE, None, 27900, True), (ev.Verb.CALL, None, 27900, True)]
    assert all(added is None and to is not None for _, added, to, _ in lines)
    hand = read(TWICE)
    calls = [(c.player, c.amount, c.all_in) for c in of(hand, ev.Called)]
    # Bob's small blind 1 and "Bob calls 7" make 7: he adds 6; Alice's all-in call of 49
    # is her whole bet of the flop; Hero's "calls 279" adds 216 to his bet of 63
    assert calls == [
        ("Bob", 600, False),
        ("Alice", 1400, False),
        ("Bob", 1400, False),
        ("Alice", 4900, True),
        ("Hero", 21600, True),
    ]
    raises = [(r.player, r.to, r.given, r.all_in) for r in of(hand, ev.RaisedTo)]
    assert raises[-1] == ("Bob", 27900, ev.RaiseGiven.TO, True)
    # an ante is no part of the bet: Big O's Bob, ante 1 and small blind 1, adds 1
    assert [c.amount for c in of(read(BIG_O), ev.Called)] == [100, 600]


def test_hidden_hole_cards_and_shown_hands() -> None:
    hand = read(SPLIT)
    dealt = {d.player: [c.text for c in d.cards] for d in of(hand, ev.Dealt)}
    assert dealt == {"Alice": [], "Bob": [], "Hero": ["As", "Ks", "Qd", "Jd"]}
    assert [(s.player, len(s.cards)) for s in of(hand, ev.Shown)] == [("Hero", 4), ("Bob", 4)]


def test_two_boards_and_a_second_run_sharing_the_flop() -> None:
    split = [
        (s.street, s.board, [c.text for c in s.new_cards]) for s in of(read(SPLIT), ev.StreetDealt)
    ]
    assert split[1:4] == [
        (ev.Street.FLOP, 1, ["2c", "7d", "9h"]),
        (ev.Street.FLOP, 2, ["Ah", "8s", "3d"]),
        (ev.Street.TURN, 1, ["Tc"]),
    ]
    twice = of(read(TWICE), ev.StreetDealt)[-2:]
    # board 1's river line holds a turn no line dealt; board 2's "- - -" is the flop
    assert [(s.board, [c.text for c in s.cards], [c.text for c in s.new_cards]) for s in twice] == [
        (1, ["Kd", "8h", "3s", "2h", "Qh"], ["2h", "Qh"]),
        (2, ["Kd", "8h", "3s", "7s", "Tc"], ["7s", "Tc"]),
    ]


def test_pots_won_and_the_summary_kept() -> None:
    hand = read(TWICE)
    won = [(c.player, c.amount, c.pot, c.names_pot) for c in of(hand, ev.Collected)]
    assert won == [
        ("Bob", 23000, 1, True),
        ("Hero", 23000, 1, True),
        ("Bob", 10400, 0, False),
        ("Hero", 10400, 0, False),
    ]
    notes = [n.text for n in of(hand, ev.Note)]
    assert notes == [
        "Seat 1: Alice (0) -70",
        "Seat 2: Bob (334) +34",
        "Seat 4: Hero (334) +34",
        "Rake 2",
    ]
    assert of(hand, ev.UncalledReturned) == [] and not hand.uncalled_returns_written


def test_the_fixture_audits_clean_each_pot_paid_for_all_its_boards() -> None:
    """Each hand's pots are paid once for both boards ("Bob wins (59) from pot"): Bob won
    board 2 only, Hero board 1 only, and neither is a stranger to the pot."""
    results = audit_text(TEXT)
    assert [(r.format, r.status, r.findings) for r in results] == [
        ("kingsclub", Status.AUDITED, ())
    ] * 3


def test_a_player_paid_who_won_on_no_board_is_a_winner_wrong() -> None:
    # Alice (7h 7d) loses the main pot on both boards: to Hero's kings and queens on
    # board 1 and Bob's straight on board 2
    wrong = TWICE.replace("Hero wins (104) from pot", "Alice wins (104) from pot")
    (result,) = audit_text(wrong)
    found = [(f.code, f.source.line, f.player) for f in result.findings]
    assert found == [(Code.WINNER_WRONG, 36, "Alice")]  # the pot's first line


def test_a_pot_paid_unlike_its_boards_is_an_award_wrong() -> None:
    # each board is half the 118 paid: Bob (board 2) and Hero (board 1) 59 each, not 79/39
    wrong = SPLIT.replace("Bob wins (59)", "Bob wins (79)").replace(
        "Hero wins (59)", "Hero wins (39)"
    )
    (result,) = audit_text(wrong)
    found = [(f.code, f.expected, f.recorded) for f in result.findings]
    assert found == [(Code.AWARD_WRONG, "Bob 59.00, Hero 59.00", "Bob 79.00, Hero 39.00")]


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    broken = SPLIT.replace("Alice calls 20", "Alice calls twenty")
    with pytest.raises(HandParseError) as caught:
        read(broken)
    assert (caught.value.line, caught.value.code) == (14, Code.PARSE_ERROR)
    assert caught.value.text == "Alice calls twenty"
    (rejected,) = audit_text(broken)
    assert (rejected.status, rejected.table_name) == (Status.REJECTED, "Fixture Split 1")


def test_an_amount_finer_than_a_cent_is_its_line_s_error() -> None:
    with pytest.raises(HandParseError) as caught:
        read(BIG_O.replace("bets 12.50", "bets 12.505"))
    assert caught.value.line == 21


def test_a_hand_cut_before_its_summary_is_truncated() -> None:
    hand = read(BIG_O.split("*** SUMMARY ***")[0])
    assert hand.truncated and of(hand, ev.Collected) == []


def test_a_real_header_reads_as_its_room(corpus: object) -> None:
    text = (CORPUS / "KingsClub" / "FLO8" / "LO8-USD-500-100-202104.RIO.txt").read_text()
    (result,) = audit_text(text)
    assert (result.format, result.hand_id, result.findings) == ("kingsclub", "3969308", ())
    assert result.hand is not None and result.hand.start.big_stake == 100000
