"""The PartyPoker room: how it knows its files and hands, and its wordings read into the
same events as every room's (raises as the chips added, all-in lines, dead blinds, side
pots, hi/lo halves, the uncalled bet inside "wins", the 2026 layout), on real header
lines of the corpus (2005, 2012-2017, 2026 layouts) and on hands written in its layout."""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path

import pytest

from auditor import events as ev
from auditor.hand_claims import Category
from auditor.parse.errors import HandParseError
from auditor.pipeline import FileSummary, HandAuditor
from auditor.read.split import RawHand, StrayText, split_hands
from auditor.rooms import REGISTRY, profile_for_site
from auditor.rooms.party import SITE, PartyRoom
from auditor.rooms.party.reader import PartyReader
from auditor.tables.timezones import to_utc
from tests.classified import as_replayed

ROOM = PartyRoom()
FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "party"

OLD = "***** Hand History for Game 13550803036 *****"
NEW = "***** Hand History For Game 1770659766668adeb0h5qfm *****"


def _raw(text: str) -> RawHand:
    (hand,) = [h for h in split_hands(text.splitlines(), "t.txt", (ROOM,))]
    assert isinstance(hand, RawHand)
    return hand


def _read(text: str) -> ev.Hand:
    """The hand read, its chips lines as the replay tells them (the reader gives the chips
    and the verb as written: "is all-In [$X]" names none)."""
    return as_replayed(PartyReader().read(_raw(text)))


def _of(hand: ev.Hand, kind: type[ev.Event]) -> list[ev.Event]:
    return [e for e in hand.events if type(e) is kind]


HEAD = (
    "***** Hand History for Game 400000000001 *****\n"
    "$100 USD PL Omaha - Monday, January 06, 09:52:55 EST 2014\n"
    "Table Los Angeles (Real Money)\n"
    "Seat 3 is the button\n"
    "Total number of players : 3/6 \n"
    "Seat 1: Ann ( $100 USD )\n"
    "Seat 2: Ben ( $50 USD )\n"
    "Seat 3: Cid ( $20 USD )\n"
    "Ann posts small blind [$0.50 USD].\n"
    "Ben posts big blind [$1 USD].\n"
    "** Dealing down cards **\n"
    "Dealt to Ann [  Ah Kd 7c 2s ]\n"
)


# ------------------------------------------------------------------ recognising


def test_registered_with_its_profile() -> None:
    assert REGISTRY["party"].name == "party"
    assert profile_for_site(SITE) == "party"


@pytest.mark.parametrize(
    "head",
    [
        "\ufeff" + OLD + "\n$100 USD PL Omaha - Monday, January 06, 09:52:55 EST 2014\n",
        "Game #11354414824 starts.\n\n#Game No : 11354414824\n" + OLD + "\n",
        NEW + "\n0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST 2026\n",
    ],
)
def test_sniffs_its_files_by_content(head: str) -> None:
    assert ROOM.sniff(head)


def test_does_not_take_other_rooms_files() -> None:
    assert not ROOM.sniff("PokerStars Hand #1: Omaha Pot Limit ($1/$2 USD) - 2014/01/06 ET\n")
    assert not ROOM.sniff("Poker Hand #OM1: PLO-5 ($2/$5) - 2021/04/03 00:00:47\n")
    assert not REGISTRY["pokerstars"].is_header(OLD)


def test_headers_old_and_new() -> None:
    assert ROOM.is_header(OLD) and ROOM.is_header(NEW)
    assert not ROOM.is_header("#Game No : 11354414824")
    assert not ROOM.is_header("Game #11354414824 starts.")
    assert all(OLD.startswith(s) or NEW.startswith(s) for s in ROOM.header_starts)


@pytest.mark.parametrize(
    ("line", "game"),
    [
        ("$4 USD PL Omaha - Friday, December 03, 23:16:02 CET 2013", "PL Omaha"),
        ("$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012", "FL Omaha Hi-Lo"),
        ("$1,000 USD PL  Omaha Hi-Saturday,February 18, 01:10:59 EST 2012", "PL Omaha Hi"),
        ("PL Omaha Hi-Lo $22 USD Buy-in Trny: 105411156 Level: 2  Blinds(20/40) - Thursday, "
         "October 31, 16:04:15 EDT 2013", "PL Omaha Hi-Lo"),
        ("0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST 2026", "PL Omaha Hi"),
        ("$2 USD NL Texas Hold'em - Friday, December 03, 23:16:02 CET 2013", "NL Texas Hold'em"),
    ],
)  # fmt: skip
def test_game_of_a_hand(line: str, game: str) -> None:
    raw = _raw(f"#Game No : 1\n{OLD}\n{line}\nTable Paris (Real Money)\n")
    assert ROOM.game(raw) == game
    assert ROOM.is_omaha(game) == ("Omaha" in line)


@pytest.mark.parametrize(
    ("table", "name"),
    [
        ("Table Table  135446 (No DP) (Real Money)", "Table  135446"),
        ("Table Table  167070 (No DP) ( Real Money )", "Table  167070"),
        ("Table $1,000 Gtd (105411156) Table #2 (Real Money)", "$1,000 Gtd (105411156) Table #2"),
        ("Table Table 7488952 (Real Money) -- Seat 1 is the button", "Table 7488952"),
    ],
)  # fmt: skip
def test_table_name_read_without_the_reader(table: str, name: str) -> None:
    raw = _raw(f"Game #1 starts.\n\n#Game No : 1\n{OLD}\n$4 USD PL Omaha - x\n{table}\n")
    assert ROOM.table_name(raw) == name


def test_lead_in_lines_start_the_hand_they_announce() -> None:
    """'Game #N starts.' and '#Game No : N' belong to the next hand; a last one announcing
    no hand stays with the hand before it; text before the first is still stray."""
    text = (
        "junk\n"
        "Game #1 starts.\n\n#Game No : 1\n" + OLD + "\nbody 1\n"
        "Game #2 starts.\n\n#Game No : 2\n" + NEW + "\nbody 2\n"
        "Game #3 starts.\n"
    )
    items = list(split_hands(text.splitlines(), "t.txt", (ROOM,)))
    assert isinstance(items[0], StrayText) and items[0].lines == ("junk",)
    first, second = items[1], items[2]
    assert isinstance(first, RawHand) and isinstance(second, RawHand)
    assert (first.first_line, first.header, first.hand_id) == (2, OLD, "13550803036")
    assert second.lines[-1] == "Game #3 starts." and second.hand_id == "1770659766668adeb0h5qfm"
    rebuilt = RawHand(second.file, second.first_line, second.lines, second.room)
    assert rebuilt.header == NEW  # a hand rebuilt from its text finds its header again


# ------------------------------------------------------------------ wordings to events


def test_header_facts_and_time_zone() -> None:
    hand = _read(HEAD + "Cid folds\nAnn folds\nBen does not show cards.\nBen wins $1.50 USD\n")
    start = hand.start
    assert (start.site, start.hand_id, start.variant, start.limit) == (
        SITE, "400000000001", "PLO", ev.Limit.POT,
    )  # fmt: skip
    # the header names the $100 buy-in: the stakes are the blinds posted
    assert (start.small_stake, start.big_stake, start.currency) == (50, 100, "USD")
    assert (start.table_name, start.button_seat, start.max_seats) == ("Los Angeles", 3, 6)
    assert start.started_at == datetime(2014, 1, 6, 9, 52, 55) and start.time_zone == "EST"
    assert to_utc(start.started_at, start.time_zone) is not None
    assert start.span.line == 1 and start.table_span is not None and start.table_span.line == 3


def test_raises_are_the_chips_added_and_the_uncalled_bet_is_inside_wins() -> None:
    text = (
        HEAD + "Cid raises [$3.50 USD]\nAnn folds\nBen calls [$2.50 USD]\n"
        "** Dealing Flop ** [ 2d, Qc, Ad ]\nBen checks\nCid bets [$7.13 USD]\nBen folds\n"
        "Cid does not show cards.\nCid wins $14.26 USD\n"
    )
    hand = _read(text)
    (raise_,) = _of(hand, ev.RaisedTo)
    assert isinstance(raise_, ev.RaisedTo)
    assert (raise_.by, raise_.given, raise_.total(0)) == (350, ev.RaiseGiven.BY, 350)
    (flop,) = _of(hand, ev.StreetDealt)
    assert isinstance(flop, ev.StreetDealt) and [str(c) for c in flop.cards] == ["2d", "Qc", "Ad"]
    # "wins $14.26" as written; the replay reads it as the $7.50 pot less $0.37 rake and
    # his $7.13 bet nobody called (the room writes no return)
    (written,) = _of(PartyReader().read(_raw(text)), ev.Collected)
    assert isinstance(written, ev.Collected) and written.amount == 1426
    assert _of(hand, ev.UncalledReturned) == []
    (collected,) = _of(hand, ev.Collected)
    assert isinstance(collected, ev.Collected)
    assert (collected.player, collected.amount, collected.names_pot) == ("Cid", 713, False)


def test_chips_lines_are_read_as_written_for_the_replay_to_tell() -> None:
    """The reader keeps no bets of the round to tell a call from a raise: each chips line
    is its verb and chips as written ("is all-In [$X]" names no verb), all-in said or not
    (the layout always says it), and the 2026 "raises 2.70 to 2.80" gives both amounts."""
    text = HEAD + "Cid raises [$3.50 USD]\nAnn calls [$3 USD]\nBen is all-In  [$49 USD]\n"
    chips = [e for e in PartyReader().read(_raw(text)).events if type(e) is ev.ChipsIn]
    assert [(c.player, c.verb, c.added, c.to, c.all_in) for c in chips] == [
        ("Cid", ev.Verb.RAISE, 350, None, False),
        ("Ann", ev.Verb.CALL, 300, None, False),
        ("Ben", ev.Verb.ALL_IN, 4900, None, True),
    ]
    # the replay: Ben's $49 more on his $1 blind makes $50, past the $3.50 faced: a raise
    told = [e for e in _read(text).events if isinstance(e, ev.Called | ev.RaisedTo)]
    assert [(type(e).__name__, e.player, e.all_in) for e in told] == [
        ("RaisedTo", "Cid", False),
        ("Called", "Ann", False),
        ("RaisedTo", "Ben", True),
    ]


def test_all_in_lines_and_side_pots() -> None:
    """ "is all-In [$X]" is a call, bet or raise as the bets stand; the last side pot, only
    its bettor's, is his uncalled chips (the replay reads its win line as the return)."""
    hand = _read(
        HEAD + "Cid raises [$3.50 USD]\nAnn folds\nBen raises [$10 USD]\n"
        "Cid is all-In  [$16.50 USD]\nBen is all-In  [$39 USD]\n"
        "** Dealing Flop ** [ 2d, Qc, Ad ]\n** Dealing Turn ** [ 5s ]\n** Dealing River ** [ 9h ]\n"
        "Cid shows [ Ac, As, Kh, Ks ]three of a kind, Aces.\n"
        "Ben shows [ 3c, 4c, 8d, 8h ]a pair of Aces.\n"
        "Ben wins $30 USD from the side pot 1 with a pair of Aces.\n"
        "Cid wins $40 USD from the main pot with three of a kind, Aces.\n"
    )
    cid_all_in, ben_all_in = (e for e in hand.events if getattr(e, "all_in", False))
    assert isinstance(cid_all_in, ev.RaisedTo) and cid_all_in.by == 1650  # 3.50 + 16.50 = 20
    assert isinstance(ben_all_in, ev.RaisedTo) and ben_all_in.by == 3900  # 11 + 39 = 50
    (returned,) = _of(hand, ev.UncalledReturned)
    assert isinstance(returned, ev.UncalledReturned)
    # on his win line
    assert (returned.player, returned.amount, returned.span.line) == ("Ben", 3000, 23)
    # the side pot 1 of $30 is Ben's own chips given back: no collect from it
    assert [(c.player, c.amount, c.pot) for c in _of(hand, ev.Collected)
            if isinstance(c, ev.Collected)] == [("Cid", 4000, 0)]  # fmt: skip


def test_dead_blinds_sitting_out_and_a_seat_with_no_chips() -> None:
    hand = _read(
        "***** Hand History for Game 400000000002 *****\n"
        "$2/$4 USD FL Omaha Hi-Lo - Saturday, March 14, 21:05:10 EDT 2015\n"
        "Table Table  123456 (No DP) (Real Money)\nSeat 1 is the button\n"
        "Total number of players : 4/6\n"
        "Seat 1: Ann ( $100 USD )\nSeat 2: Ben ( $0 USD )\nSeat 3: Cid ( $50 USD )\n"
        "Seat 4: Dot ( $50 USD )\n"
        "Cid posts small blind [$1 USD].\nDot posts big blind [$2 USD].\n"
        "Ann posts big blind + dead [$3 USD].\nBen is sitting out\n"
        "** Dealing down cards **\nAnn checks\nCid folds\nDot checks\n"
        "** Dealing Flop ** [ 2d, Qc, Ad ]\nDot checks\nAnn bets [$2 USD]\nDot folds\n"
        "Ann does not show cards.\nAnn wins $7 USD\n"
    )
    posts = [(p.player, p.kind, p.amount) for p in _of(hand, ev.Posted) if isinstance(p, ev.Posted)]
    assert posts == [
        ("Cid", ev.PostKind.SMALL_BLIND, 100),
        ("Dot", ev.PostKind.BIG_BLIND, 200),
        ("Ann", ev.PostKind.SMALL_AND_BIG, 300),  # the big blind and a dead small one
    ]
    ben = next(s for s in _of(hand, ev.SeatTaken) if isinstance(s, ev.SeatTaken) and s.seat == 2)
    assert isinstance(ben, ev.SeatTaken) and ben.out_of_hand  # $0: not dealt in
    (status,) = _of(hand, ev.PlayerStatus)
    assert isinstance(status, ev.PlayerStatus) and status.status is ev.Status.SITTING_OUT
    # fixed limit: the header names the bets
    assert (hand.start.small_stake, hand.start.big_stake, hand.start.variant) == (200, 400, "FLO8")


def test_hi_lo_halves_and_the_low_line() -> None:
    hand = _read(
        HEAD.replace("PL Omaha", "PL Omaha Hi-Lo") + "Cid folds\nAnn calls [$0.50 USD]\n"
        "Ben checks\n** Dealing Flop ** [ 4d, 6d, 5s ]\nAnn checks\nBen checks\n"
        "** Dealing Turn ** [ 9h ]\nAnn checks\nBen checks\n** Dealing River ** [ 5c ]\n"
        "Ann checks\nBen checks\n"
        "Ann shows [ Ah, Kd, 7c, 2s ]a pair of Fives.\nAnn shows7,6,5,4,A  for low.\n"
        "Ben shows [ Jd, Ts, 8h, 5d ]three of a kind, Fives.\n"
        "Ben wins $1 USD from the main pot with three of a kind, Fives.\n"
        "Ann wins Lo ($0.90 USD) from the main pot with 7,6,5,4,A.\n"
    )
    ann, ben = (s for s in _of(hand, ev.Shown) if isinstance(s, ev.Shown))
    assert isinstance(ann, ev.Shown) and isinstance(ben, ev.Shown)
    assert ann.claim.high is not None and ann.claim.high.category is Category.PAIR
    assert ann.claim.low is not None and ann.claim.low.ranks == (7, 6, 5, 4, 1)
    assert ben.claim.high is not None and ben.claim.high.category is Category.THREE_OF_A_KIND
    assert ben.claim.low_text is None
    collected = [(c.player, c.amount, c.pot, c.names_pot) for c in _of(hand, ev.Collected)
                 if isinstance(c, ev.Collected)]  # fmt: skip
    assert collected == [("Ben", 100, 0, True), ("Ann", 90, 0, True)]


def test_the_2026_layout_raise_to_all_in_mark_cash_out_and_summary() -> None:
    text = (
        NEW + "\n0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST 2026\n"
        "Table Table 7488952 (Real Money) -- Seat 1 is the button\n"
        "Total number of players : 2/6\nSeat 1: Hero ($30)\nSeat 2: Vil ($10)\n"
        "Hero posts small blind (0.10)\nVil posts big blind (0.25)\n** Dealing down cards **\n"
        "Dealt to Hero [ 9c, 7h, 8h, 4d ]\nHero raises 0.65 to 0.75\nVil calls (0.50)\n"
        "** Dealing Flop ** :  [ Jc, 7d, 6c ]\nVil bets (1.50)\nHero raises 9.25 to 9.25\n"
        "Vil calls (7.75)\nVil is all-In.\nCreating Main Pot with $ 20 with Vil, Hero\n"
        "Vil Cash-out Premium % is 1.0\nVil opted for cash-out\nVil probabilty is 60.37\n"
        "Vil Cashout Amount is 11.50\n"
        "** Dealing Turn ** :  [ Ts ]\n** Dealing River ** :  [ Js ]\n** Summary **\n"
        "Main Pot: $19 Rake: $1.0\nBoard: [ Jc, 7d, 6c, Ts, Js ]\n"
        "Hero balance $39, bet $10, collected $19, net +$9[ 9c, 7h, 8h, 4d ] "
        "[ a straight, seven to jack -- Jc,Ts,9c,8h,7d ]\n"
        "Vil Cashed out  balance $11.50, bet $10, collected $11.50, net +$1.50[ Tc, Ac, Ad, 4c ] "
        "[ two pairs, aces and jacks -- Ac,Ad,Jc,Js,Ts ]\n"
    )
    hand = _read(text)
    raises = [r for r in _of(hand, ev.RaisedTo) if isinstance(r, ev.RaisedTo)]
    assert [(r.to, r.given) for r in raises] == [(75, ev.RaiseGiven.TO), (925, ev.RaiseGiven.TO)]
    vil_call = [c for c in _of(hand, ev.Called) if isinstance(c, ev.Called)][-1]
    assert vil_call.all_in and vil_call.amount == 775
    (cash_out,) = _of(hand, ev.CashedOut)
    assert isinstance(cash_out, ev.CashedOut)
    assert (cash_out.player, cash_out.amount) == ("Vil", 1150)
    (pot,) = _of(hand, ev.SummaryPot)
    assert isinstance(pot, ev.SummaryPot) and (pot.total, pot.rake) == (2000, 100)  # gross
    # the pot collected by Hero; Vil, cashed out, is paid by the room, not from the pot
    assert [(c.player, c.amount) for c in _of(hand, ev.Collected)
            if isinstance(c, ev.Collected)] == [("Hero", 1900)]  # fmt: skip
    shown = {s.player: s.claim.high for s in _of(hand, ev.Shown) if isinstance(s, ev.Shown)}
    assert shown["Hero"] is not None and shown["Hero"].category is Category.STRAIGHT
    assert shown["Vil"] is not None and shown["Vil"].ranks == (12, 9)
    assert hand.start.time_zone == "EST"
    assert hand.start.started_at == datetime(2026, 2, 9, 12, 55, 26)


def test_a_tournament_hand_in_chips() -> None:
    hand = _read(
        "***** Hand History for Game 13387439135 *****\n"
        "PL Omaha Hi-Lo $22 USD Buy-in Trny: 105411156 Level: 2  Blinds(20/40) - Thursday, "
        "October 31, 16:04:15 EDT 2013\n"
        "Table $1,000 Gtd (105411156) Table #2 (Real Money)\nSeat 2 is the button\n"
        "Total number of players : 2/10\nSeat 1: A ( 2,910 )\nSeat 2: B ( 1,500 )\n"
        "Trny: 105411156 Level: 2\nBlinds(20/40)\n"
        "B posts small blind [20].\nA posts big blind [40].\n"
        "** Dealing down cards **\nB folds\nA does not show cards.\nA wins 60 chips\n"
        "A finished in 3 place.\n"
    )
    start = hand.start
    assert (start.currency, start.scale, start.small_stake, start.big_stake) == ("chips", 1, 20, 40)
    assert (start.tournament_id, start.level) == ("105411156", "2")
    assert _of(hand, ev.PlayerStatus)[0] == ev.PlayerStatus(
        hand.events[-1].span, "A", ev.Status.FINISHED, "finished the tournament in place 3"
    )


# ------------------------------------------------------------------ damaged records


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    with pytest.raises(HandParseError) as caught:
        _read(HEAD + "Cid shoves [$20 USD]\nAnn folds\nBen wins $1.50 USD\n")
    assert caught.value.line == 13 and caught.value.text == "Cid shoves [$20 USD]"
    assert caught.value.context  # lark's context with a caret
    assert caught.value.kind == "a line of play the layout does not have"
    with pytest.raises(HandParseError) as header:
        _read(HEAD.replace("PL Omaha -", "Omaha Pot Limit -"))
    assert header.value.line == 2
    assert header.value.kind == "a game line the layout does not have (stakes, game or date)"


def test_a_record_cut_before_its_winner_is_truncated() -> None:
    hand = _read(HEAD + "Cid folds\nAnn be")
    assert hand.truncated and hand.truncated_at is not None and hand.truncated_at.line == 14
    hand = _read(HEAD + "Cid folds\n")
    assert hand.truncated


def test_bad_values_make_their_findings_not_crashes() -> None:
    auditor = HandAuditor()
    bad = HEAD.replace("Seat 2: Ben ( $50 USD )", "Seat 1: Ben ( $50 USD )")
    bad += "Cid folds\nAnn folds\nBen wins $1.50 USD\n"
    results = list(auditor.audit_stream(io.BytesIO(bad.encode()), "t.txt", FileSummary("t.txt")))
    assert [(f.code, f.source.line) for f in results[0].findings] == [("SEAT_INVALID", 7)]
    cents = HEAD.replace("[$0.50 USD]", "[$0.505 USD]") + "Cid folds\n"
    results = list(auditor.audit_stream(io.BytesIO(cents.encode()), "t.txt", FileSummary("t.txt")))
    assert [(f.code, f.source.line) for f in results[0].findings] == [("PARSE_ERROR", 9)]


def test_a_closed_table_cancels_the_hand_and_wins_in_brackets() -> None:
    hand = _read(HEAD + "Cid folds\nTable Closed\n")
    assert not hand.truncated and _of(hand, ev.HandCancelled)
    hand = _read(HEAD + "Cid folds\nAnn folds\nBen wins [$1.50 USD]\n")
    (collected,) = _of(hand, ev.Collected)
    assert isinstance(collected, ev.Collected) and (collected.player, collected.amount) == (
        "Ben", 100,  # $1.50 less the $0.50 of his big blind nobody matched
    )  # fmt: skip


@pytest.mark.parametrize(
    ("text", "line"),
    [
        # a bad line among the seats, and one in the 2026 summary (lark's error there)
        (HEAD.replace("Seat 3: Cid ( $20 USD )", "Seat 3 Cid $20") + "Ann folds\n", 8),
        (
            NEW + "\n0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST 2026\n"
            "Table Table 7 (Real Money) -- Seat 1 is the button\nTotal number of players : 2/6\n"
            "Seat 1: Hero ($30)\nSeat 2: Vil ($10)\nHero posts small blind (0.10)\n"
            "Vil posts big blind (0.25)\n** Dealing down cards **\nHero folds \n** Summary **\n"
            "Main Pot: $0.20 Rake: $0.0\nsomething else\n"
            "Hero balance $29.90, lost $0.10 (folded)\n",
            13,
        ),
    ],
)
def test_a_bad_line_anywhere_is_a_parse_error_at_its_line(text: str, line: int) -> None:
    with pytest.raises(HandParseError) as caught:
        _read(text)
    assert caught.value.line == line


def test_every_kind_of_line_reads_alone() -> None:
    """Each kind of line is a terminal of its own: a run's pattern names a line's kind."""
    runs = PartyReader()._runs
    for run, text, kind in (
        ("PLAY", "Ann folds\n", "FOLD"),
        ("PLAY", "Ann is all-In  [$4.90 USD]\n", "ACTION"),
        ("SUMMARY_BODY", "Main Pot: $1 Rake: $0\n", "POT_LINE"),
    ):
        found = runs[run].fullmatch(text)
        assert found is not None and found.lastgroup == kind


def test_a_hand_read_twice_is_a_duplicate(tmp_path: Path) -> None:
    """Two copies of a PartyPoker hand (its lead-in lines first, its game on the second
    line) are one hand read twice: the run's duplicate index knows them."""
    from auditor.run import run_audit

    hands = (FIXTURES / "fixed_limit_hilo_and_side_pots.txt").read_text(encoding="utf-8")
    (tmp_path / "a.txt").write_text(hands, encoding="utf-8")
    (tmp_path / "b.txt").write_text(hands, encoding="utf-8")
    summary = run_audit([str(tmp_path / "a.txt"), str(tmp_path / "b.txt")], tmp_path / "out")
    assert summary.findings_by_code == {"HAND_DUPLICATE": 2}
