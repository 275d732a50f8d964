"""PartyPoker's conventions the reader decides from the whole record (auditor/rooms/party/
conventions.py): who is dealt in, a seat listed under a placeholder name, a tournament's
unwritten blinds. Each hand here is consistent read the room's way; each gave a cascade
of false errors before (the corpus hands they come from: tests/rooms/party/test_corpus.py)."""

from __future__ import annotations

from auditor import events as ev
from auditor.api import audit_text
from auditor.read.split import RawHand, split_hands
from auditor.results import HandResult
from auditor.rooms.party import PartyRoom
from auditor.rooms.party.conventions import blind_posts
from auditor.rooms.party.reader import PartyReader


def _raw(text: str) -> RawHand:
    (hand,) = split_hands(text.splitlines(), "t.txt", (PartyRoom(),))
    assert isinstance(hand, RawHand)
    return hand


def _one(text: str) -> HandResult:
    (result,) = audit_text(text)
    assert result.hand is not None
    return result


def _codes(result: HandResult) -> list[tuple[str, int]]:
    return [(f.code, f.source.line) for f in result.findings]


def _seats(result: HandResult) -> dict[str, bool]:
    assert result.hand is not None
    return {e.player: e.out_of_hand for e in result.hand.events if type(e) is ev.SeatTaken}


def _posts(result: HandResult) -> list[tuple[str, ev.PostKind, int, bool | None]]:
    assert result.hand is not None
    return [
        (e.player, e.kind, e.amount, e.all_in) for e in result.hand.events if type(e) is ev.Posted
    ]


CASH = (
    "***** Hand History for Game 400000000100 *****\n"
    "$1,000 USD PL Omaha - Saturday, March 14, 21:10:00 EDT 2015\n"
    "Table Table  123457 (No DP) (Real Money)\n"
    "Seat 4 is the button\n"
    "Total number of players : 6/6 \n"
    "Seat 1: Amos ( $600 USD )\n"
    "Seat 2: Hero ( $1,000 USD )\n"
    "Seat 3: Bea ( $1,100 USD )\n"
    "Seat 4: Cole ( $900 USD )\n"
    "Seat 5: Dina ( $200 USD )\n"
    "Seat 6: Eli ( $1,000 USD )\n"
    "Eli posts small blind [$5 USD].\n"
    "Bea is sitting out\n"
    "Hero posts big blind [$10 USD].\n"
    "** Dealing down cards **\n"
    "Dealt to Hero [  Js Ad 8c 6d ]\n"
    "Cole folds\n"
    "Eli raises [$25 USD]\n"
    "Hero calls [$20 USD]\n"
    "** Dealing Flop ** [ Qd, 7c, Ac ]\n"
    "Eli bets [$40 USD]\n"
    "Hero folds\n"
    "Eli does not show cards.\n"
    "Eli wins $98 USD\n"
)


def test_a_seat_no_line_of_the_play_names_is_not_dealt_in() -> None:
    """Six seats, three named by no line of the play (Bea by a status line only): the
    hand is 3-handed, and the button (seat 4), the blinds (seats 6 and 2) and every turn
    are right. Eli wins the pot of 60 (5 + 25 = 10 + 20 = 30 each) less its rake and his
    uncalled 40."""
    result = _one(CASH)
    assert _seats(result) == {
        "Amos": True, "Hero": False, "Bea": True, "Cole": False, "Dina": True, "Eli": False,
    }  # fmt: skip
    assert _codes(result) == []


def test_a_hand_cut_short_or_cancelled_keeps_its_seats() -> None:
    """A record that stops early cannot tell who was dealt in: no seat is taken out."""
    result = _one(CASH[: CASH.index("Cole folds")])
    assert not any(_seats(result).values())
    closed = CASH[: CASH.index("Cole folds")] + "Table Closed\n"
    assert not any(_seats(_one(closed)).values())


NAMES = (
    "***** Hand History for Game 400000000200 *****\n"
    "$100 USD PL Omaha - Tuesday, January 05, 20:50:31 EST 2016\n"
    "Table Santiago (Real Money)\n"
    "Seat 2 is the button\n"
    "Total number of players : 2/2\n"
    "Seat 1: Hero ( $100 USD )\n"
    "Seat 2: Player2 ( $250 USD )\n"
    "Player2 posts small blind [$0.50 USD].\n"
    "Hero posts big blind [$1 USD].\n"
    "** Dealing down cards **\n"
    "Dealt to Hero [  Js Jd Kc 2s ]\n"
    "rivalname raises [$2.50 USD]\n"
    "Hero calls [$2 USD]\n"
    "** Dealing Flop ** [ 5c, 7d, Qd ]\n"
    "Hero checks\n"
    "rivalname bets [$4 USD]\n"
    "Hero folds\n"
    "rivalname does not show cards.\n"
    "rivalname wins $9.70 USD\n"
)


def test_a_placeholder_seat_is_read_as_its_acting_player_with_a_warning() -> None:
    """One player acts with no seat, one seat never acts: the same player. Read so, the
    hand is consistent: 0.50 + 2.50 = 3.00 = Hero's 1 + 2; the pot 6.00 less 5% (0.30)
    and the uncalled 4.00 is the 9.70 won."""
    result = _one(NAMES)
    assert _codes(result) == [("SEAT_NAME_MISMATCH", 7)]
    (finding,) = result.findings
    assert (finding.expected, finding.recorded) == ("rivalname", "Player2")
    assert _seats(result) == {"Hero": False, "rivalname": False}
    assert _posts(result)[0][0] == "rivalname"


def test_two_unseated_players_for_one_silent_seat_are_not_guessed() -> None:
    """Elimination cannot tell which of two seatless players is the seat's: nothing is
    renamed, and a player acting with no seat stays what it is."""
    text = NAMES.replace("Hero checks\n", "Hero checks\nsomeoneelse folds\n")
    result = _one(text)
    assert "SEAT_NAME_MISMATCH" not in {code for code, _ in _codes(result)}
    assert "OUT_OF_TURN" in {code for code, _ in _codes(result)}


TOURNAMENT = (
    "***** Hand History for Game 400000000300 *****\n"
    "PL Omaha $1 USD Buy-in Trny: 54300001 Level: 4  Blinds(75/150) - Saturday, March 14, "
    "21:25:00 EDT 2015\n"
    "Table Table  170001 (Real Money)\n"
    "Seat 1 is the button\n"
    "Total number of players : 3/6\n"
    "Seat 1: Vera ( 8,510 )\n"
    "Seat 3: Ugo ( 1,500 )\n"
    "Seat 6: Otto ( 3,490 )\n"
    "Trny: 54300001 Level: 4\n"
    "Blinds(75/150)\n"
    "** Dealing down cards **\n"
    "Vera folds\n"
    "Ugo calls [75]\n"
    "Otto checks\n"
    "** Dealing Flop ** [ 2s, 5h, 2c ]\n"
    "Ugo bets [300]\n"
    "Otto folds\n"
    "Ugo does not show cards.\n"
    "Ugo wins 600 chips\n"
)


def test_a_tournament_s_unwritten_blinds_are_read_from_the_level_and_the_button() -> None:
    """Button seat 1: Ugo (seat 3) posts the small blind 75 and Otto (seat 6) the big
    blind 150, as the amounts show (Ugo's 75 + 75 = Otto's 150; the pot 300 and Ugo's
    uncalled 300 are the 600 he wins); the finding is on the "Blinds(75/150)" line."""
    result = _one(TOURNAMENT)
    assert _posts(result) == [
        ("Ugo", ev.PostKind.SMALL_BLIND, 75, False),
        ("Otto", ev.PostKind.BIG_BLIND, 150, False),
    ]
    assert _codes(result) == [("BLINDS_INFERRED", 10)]


def _blinds(text: str) -> tuple[tuple[str, ev.PostKind, int, bool], ...]:
    """The posts the conventions place for a hand read with its posts left out."""
    hand = PartyReader().read(_raw(text))
    seats = [e for e in hand.events if type(e) is ev.SeatTaken]
    posts = blind_posts(hand.start, seats, (), hand.events, "There is no Small" in text)
    return tuple((p.player, p.kind, p.amount, p.all_in) for p in posts)


def test_a_short_stack_posts_all_it_has_and_no_small_blind_after_the_big_one_left() -> None:
    short = TOURNAMENT.replace("Ugo ( 1,500 )", "Ugo ( 60 )")
    assert _blinds(short)[0] == ("Ugo", ev.PostKind.SMALL_BLIND, 60, True)
    gone = TOURNAMENT.replace(
        "Blinds(75/150)\n",
        "Blinds(75/150)\nThere is no Small Blind in this hand as the Big Blind of the "
        "previous hand left the table\n",
    )
    # only the big blind, left of the button (fpdb-3's reading of this line)
    assert _blinds(gone) == (("Ugo", ev.PostKind.BIG_BLIND, 150, False),)


def test_heads_up_the_button_posts_the_small_blind() -> None:
    text = (
        "***** Hand History for Game 400000000301 *****\n"
        "PL Omaha $1 USD Buy-in Trny: 54300001 Level: 4  Blinds(75/150) - Saturday, March "
        "14, 21:25:00 EDT 2015\n"
        "Table Table  170001 (Real Money)\n"
        "Seat 1 is the button\n"
        "Total number of players : 2/6\n"
        "Seat 1: Vera ( 8,510 )\n"
        "Seat 6: Otto ( 3,490 )\n"
        "** Dealing down cards **\n"
        "Vera raises [375]\n"
        "Otto folds\n"
        "Vera does not show cards.\n"
        "Vera wins 600 chips\n"
    )
    result = _one(text)
    assert _posts(result) == [
        ("Vera", ev.PostKind.SMALL_BLIND, 75, False),
        ("Otto", ev.PostKind.BIG_BLIND, 150, False),
    ]
    assert _codes(result) == [("BLINDS_INFERRED", 2)]  # no "Blinds(..)" line: the header's


def test_a_tournament_hand_that_writes_its_posts_is_read_as_written() -> None:
    text = TOURNAMENT.replace(
        "** Dealing down cards **\n",
        "Ugo posts small blind [75].\nOtto posts big blind [150].\n** Dealing down cards **\n",
    )
    result = _one(text)
    assert _codes(result) == []
    assert [p[:3] for p in _posts(result)] == [
        ("Ugo", ev.PostKind.SMALL_BLIND, 75),
        ("Otto", ev.PostKind.BIG_BLIND, 150),
    ]
