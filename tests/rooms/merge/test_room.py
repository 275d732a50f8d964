"""The Merge room on real lines: sniffing its XML and text files, the game, table and id of
a hand, its wordings becoming events (RAISE to / by, ALL_IN as bet, call or raise, both
blinds, tournament balances after the blinds, uncalled bets, hi/lo halves, shows and
mucks, times), and its streaming split: a hand is handed on when its element closes, a
broken document is PARSE_ERROR at its line and column and the other hands are read."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest

from auditor import events as ev
from auditor.parse.errors import HandParseError
from auditor.pipeline import HandAuditor
from auditor.read.split import RawHand, StrayText
from auditor.replay.continuity import table_hand, unexplained_stack_differences
from auditor.replay.engine import replay_hand
from auditor.replay.event_index import index_events
from auditor.replay.profile import load_profile
from auditor.results import FileSummary, HandResult, Status
from auditor.rooms import REGISTRY
from auditor.rooms.merge import MergeRoom
from tests.classified import as_replayed
from tests.corpus import CORPUS

ROOM = MergeRoom()
FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "merge"
CASH = FIXTURES / "merge_cash_session_raises_blinds_all_ins.txt"
TOURNAMENT = FIXTURES / "merge_tournament_hi_lo_halves_side_pot.txt"
TEXT = FIXTURES / "merge_pokertracker_text_tournament.txt"


def hands_of(path: Path | str, text: str | None = None) -> list[RawHand | StrayText]:
    body = text if text is not None else Path(path).read_text(encoding="utf-8")
    return list(ROOM.split_file(body.splitlines(keepends=True), str(path)))


def audited(path: Path) -> list[HandResult]:
    summary = FileSummary(source_file=path.name)
    return list(HandAuditor().audit_file(str(path), summary))


def events_of(path: Path, hand: int = 0) -> list[ev.Event]:
    """The hand's events, its chips lines as the replay tells them."""
    raw = [h for h in hands_of(path) if isinstance(h, RawHand)][hand]
    return list(as_replayed(ROOM.reader().read(raw), "merge").events)


def test_it_is_registered_and_sniffs_its_files_by_content() -> None:
    assert isinstance(REGISTRY["merge"], MergeRoom)
    xml_head = CASH.read_text(encoding="utf-8")[:2000]
    assert ROOM.sniff(xml_head)
    assert ROOM.sniff(TEXT.read_text(encoding="utf-8"))
    # iPoker's XML names its games by gamecode: not a Merge game
    assert not ROOM.sniff('<session sessioncode="1"><game gamecode="2">')
    assert not ROOM.sniff("PokerStars Hand #1: Omaha Pot Limit ($0.10/$0.25 USD)")
    assert ROOM.is_header("MERGE_GAME #4927169400080: Omaha PL Tournament 02/16/2012 04:27:31")
    assert not ROOM.is_header('<game id="1-2" starttime="20100101000000">')


def test_game_id_and_table_of_xml_and_text_hands() -> None:
    first, second = hands_of(CASH)
    assert isinstance(first, RawHand) and isinstance(second, RawHand)
    assert (first.first_line, second.first_line) == (2, 42)
    assert first.context == ('<description type="Omaha" stakes="Pot Limit ($0.25/$0.50)"/>',)
    assert ROOM.game(first) == "Omaha Pot Limit" and ROOM.is_omaha(ROOM.game(first))
    assert (ROOM.hand_id(first), ROOM.hand_id(second)) == ("27000001-1", "27000001-2")
    # the 2010 layout divides data with ":", the later one with "|"
    assert ROOM.table_name(first) == ROOM.table_name(second) == "Ganges River (27000001)"
    (text,) = hands_of(TEXT)
    assert isinstance(text, RawHand)
    assert (ROOM.game(text), ROOM.hand_id(text)) == ("Omaha PL", "4927169400081")
    assert ROOM.table_name(text) == ("$5 Free PLO Hero Arena - Country Restricted , 49271005")


def test_a_mixed_session_names_each_hand_s_game(corpus: Path) -> None:
    path = CORPUS / "Merge/MIXED/HORSE-Tournament-Freeroll.201107.xml"
    games = [ROOM.game(h) for h in hands_of(path) if isinstance(h, RawHand)]
    assert len(games) == 28
    assert games.count("Omaha H/L8 Limit") == 4  # multigametype="37"
    assert {"Holdem Limit", "Razz Limit", "7-Stud Limit", "7-Stud H/L8 Limit"} < set(games)
    assert not ROOM.is_omaha("Holdem Limit")


def test_raise_amounts_are_by_before_september_2010_and_to_after() -> None:
    old = [e for e in events_of(CASH, 0) if isinstance(e, ev.RaisedTo)]
    assert [(e.player, e.by, e.given) for e in old] == [
        ("Hero", 175, ev.RaiseGiven.BY),  # 1.75 put in from nothing
        ("Bob", 525, ev.RaiseGiven.BY),  # 5.25 put in over his 0.50 big blind: to 5.75
    ]
    new = [e for e in events_of(CASH, 1) if isinstance(e, ev.RaisedTo)]
    assert (new[0].player, new[0].to, new[0].given) == ("Hero", 200, ev.RaiseGiven.TO)


def test_all_in_is_a_call_or_a_raise_as_the_chips_say() -> None:
    events = events_of(CASH, 1)
    cid = [e for e in events if isinstance(e, ev.Called) and e.player == "Cid"]
    assert [(e.amount, e.all_in) for e in cid] == [(100, True)]  # 0.50 + 1.00 < 2.00
    dee = [e for e in events if isinstance(e, ev.RaisedTo) and e.player == "Dee"]
    assert [(e.by, e.all_in, e.given) for e in dee] == [(800, True, ev.RaiseGiven.BY)]


def test_an_all_in_that_opens_the_river_is_a_bet(corpus: Path) -> None:
    (bet,) = [e for e in events_of(CORPUS_PLO8, 0) if isinstance(e, ev.Bet) and e.all_in]
    assert (bet.player, bet.amount) == ("Player2", 12)  # the river's first ALL_IN: a bet


CORPUS_PLO8 = CORPUS / "Merge/PLO8/PLO8-USD-SNG-2-2012.Sample.xml"


def test_blinds_of_newcomers_and_returning_players() -> None:
    posts = [e for e in events_of(CASH, 1) if isinstance(e, ev.Posted)]
    assert [(e.player, e.kind, e.amount) for e in posts] == [
        ("Bob", ev.PostKind.SMALL_BLIND, 25),
        ("Cid", ev.PostKind.BIG_BLIND, 50),
        ("Dee", ev.PostKind.BIG_BLIND, 50),  # INITIAL_BLIND
        ("Hero", ev.PostKind.SMALL_AND_BIG, 75),  # RETURN_BLIND
    ]


def test_a_tournament_balance_is_after_the_blinds() -> None:
    events = events_of(TOURNAMENT)
    start = events[0]
    assert isinstance(start, ev.HandStarted)
    assert (start.currency, start.scale, start.tournament_id) == ("chips", 1, "46630882-1")
    assert (start.small_stake, start.big_stake, start.variant) == (10, 20, "PLO8")
    seats = [(e.player, e.stack) for e in events if isinstance(e, ev.SeatTaken)]
    # written 1500, 1490, 180: Ann posted 10 and Bob 20 before the balances were taken
    assert seats == [("Hero", 1500), ("Ann", 1500), ("Bob", 200)]


def test_seats_button_sitting_out_talk_and_times() -> None:
    events = events_of(CASH, 0)
    start = events[0]
    assert isinstance(start, ev.HandStarted)
    assert (start.button_seat, start.max_seats, start.time_zone) == (1, 6, "ET")
    seats = [(e.seat, e.player, e.sitting_out) for e in events if isinstance(e, ev.SeatTaken)]
    assert seats[-1] == (4, "Cid", True)  # dealtin="false"; seats are numbered from 0
    talk = [e for e in events if isinstance(e, ev.TableTalk)]
    assert [(e.player, e.text, e.span.line) for e in talk] == [("Railbird", "gl all", 16)]
    later = events_of(CASH, 1)[0]
    assert isinstance(later, ev.HandStarted)
    assert (str(later.started_at), later.time_zone) == ("2012-06-05 19:39:26", "UTC-0400")


def test_board_cards_come_before_the_round_s_play_though_written_after() -> None:
    events = events_of(CASH, 0)
    flop = next(i for i, e in enumerate(events) if isinstance(e, ev.StreetDealt))
    dealt = events[flop]
    assert isinstance(dealt, ev.StreetDealt) and dealt.span.line == 25
    bet = events[flop + 1]
    assert isinstance(bet, ev.Bet) and bet.span.line == 23


def test_uncalled_bets_and_pots_as_the_winners_say() -> None:
    tail = events_of(CASH, 0)[-2:]
    assert tail == [
        ev.Collected(tail[0].span, "Hero", 2460, 0, True),
        ev.UncalledReturned(tail[1].span, "Hero", 1000),  # uncalled="true"
    ]
    won = [e for e in events_of(TOURNAMENT) if isinstance(e, ev.Collected)]
    assert [(e.player, e.amount, e.pot) for e in won] == [
        ("Bob", 300, 0),  # the main pot's high half (pottype="h")
        ("Bob", 300, 0),  # and its low half (pottype="l")
        ("Hero", 300, 1),
        ("Ann", 300, 1),
    ]


def test_shows_and_mucks_at_the_players_show_and_muck(corpus: Path) -> None:
    events = events_of(CORPUS / "Merge/PLO/OmahaShowdown.txt")
    shown = [e for e in events if isinstance(e, ev.Shown | ev.Mucked)]
    assert [(type(e).__name__, e.player, e.span.line) for e in shown] == [
        ("Shown", "IlikePLO", 35),
        ("Mucked", "girlpoker69", 36),
    ]


def test_a_finished_player_and_the_fixtures_audit_clean(corpus: Path) -> None:
    events = events_of(CORPUS_PLO8)
    out = [e for e in events if isinstance(e, ev.PlayerStatus)]
    assert [(e.player, e.status) for e in out] == [("Player1", ev.Status.FINISHED)]
    for path in (CASH, TOURNAMENT, TEXT):
        results = audited(path)
        assert results and all(r.status is Status.AUDITED and not r.findings for r in results)


def test_a_wrong_amount_is_found() -> None:
    """The reader passes the record's amounts on: a call short of the bet is flagged."""
    text = CASH.read_text(encoding="utf-8").replace(
        'player="0" amount="4.00"/>', 'player="0" amount="3.00"/>'
    )
    raw = next(h for h in hands_of("short.txt", text) if isinstance(h, RawHand))
    hand = ROOM.reader().read(raw)
    told = as_replayed(hand, "merge")
    call = [e for e in told.events if isinstance(e, ev.Called) and e.player == "Hero"]
    assert call[0].amount == 300
    codes = {f.code for f in replay_hand(hand, load_profile("merge")).findings}
    assert "CALL_WRONG" in codes


def test_a_broken_document_is_a_parse_error_at_its_line_and_column(tmp_path: Path) -> None:
    lines = CASH.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[14].lstrip().startswith('<event sequence="4" type="CALL"')
    lines[14] = lines[14].replace('amount="1.50"/>', 'amount="1.50"')  # no "/>": not XML
    broken = tmp_path / "broken.txt"
    broken.write_text("".join(lines), encoding="utf-8")
    summary = FileSummary(source_file="broken.txt")
    results = list(HandAuditor().audit_file(str(broken), summary))
    assert summary.hands_read == 2 == summary.hands_audited + summary.hands_rejected
    first, second = results
    assert first.status is Status.REJECTED and first.hand_id == "27000001-1"
    (error,) = first.findings
    assert (error.code, error.source.line, error.source.column) == ("PARSE_ERROR", 16, 3)
    assert second.status is Status.AUDITED and not second.findings  # the rest is read


def test_a_cut_off_session_reports_where_it_stops() -> None:
    text = "".join(CASH.read_text(encoding="utf-8").splitlines(keepends=True)[:60])
    raws = [h for h in hands_of("cut.txt", text) if isinstance(h, RawHand)]
    assert [r.first_line for r in raws] == [2, 42]
    with pytest.raises(HandParseError) as caught:
        ROOM.reader().read(raws[1])
    # the document ends at the end of its last line (60 of the 60 kept), its game open
    assert (caught.value.line, caught.value.column) == (60, 73)


def test_each_hand_is_handed_on_as_soon_as_its_element_closes() -> None:
    """The split is a stream: the first hand comes before the file's later lines are read."""
    lines = CASH.read_text(encoding="utf-8").splitlines(keepends=True)
    read: list[int] = []

    def feed() -> Iterator[str]:
        for number, line in enumerate(lines, start=1):
            read.append(number)
            yield line

    hands = ROOM.split_file(feed(), "stream.txt")
    first = next(hands)
    assert isinstance(first, RawHand) and first.first_line == 2
    assert max(read) == 40  # its </game> line, and no further
    assert len(list(hands)) == 1


def test_a_tournament_s_stacks_carry_from_hand_to_hand(corpus: Path) -> None:
    """The HORSE tournament's four Omaha H/L8 hands in a row at one table: each player
    starts a hand with what he ended the last with, once the blinds are added back."""
    path = CORPUS / "Merge/MIXED/HORSE-Tournament-Freeroll.201107.xml"
    played = [r for r in audited(path) if r.status is Status.AUDITED]
    assert [r.hand_id for r in played] == [f"36487242-{n}" for n in (8, 9, 10, 11)]
    tables = []
    for result in played:
        assert result.hand is not None and result.replay is not None
        tables.append(table_hand(result.hand, dict(result.replay.ending_stacks)))
    for a, b in pairwise(tables):
        assert unexplained_stack_differences(a, b) == []


def test_text_between_hands_is_stray_text_not_lost() -> None:
    lines = CASH.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(40, "a note someone typed into the file\n")  # after the first </game>
    items = hands_of("noted.txt", "".join(lines))
    assert [type(i).__name__ for i in items] == ["RawHand", "StrayText", "RawHand"]
    stray = items[1]
    assert isinstance(stray, StrayText)
    assert (stray.first_line, stray.lines) == (41, ("a note someone typed into the file",))


# Issue 21, pattern 6: PokerTracker's text of Merge's tournament hand #4927169400080 (the
# corpus's PLO-USD-5-201202.Merge.all.in.blind.txt). Its big blind is posted all-in for
# less and written "Post SB"; the DEALER, JustJay4Reals, posts the small blind at a table
# of three: the button is dead on the empty seat 3. The next hand of the table (#...081,
# the bundled text fixture) keeps JustJay4Reals DEALER, as a dead button moving onto him
# does, and its blinds are 100/200 ("Hero: Post BB $200.00"): 200 is the level here too.
_ARENA = "$5 Free PLO Hero Arena - Country Restricted , 49271005"
ALL_IN_BLIND = f"""MERGE_GAME #4927169400080: Omaha PL Tournament 02/16/2012 04:27:31
Table {_ARENA} (Tournament: {_ARENA} Buy-In: $5+$0.50)
Seat 4: JustJay4Reals ($23,120.00 in chips) DEALER
Seat 5: Dispicable ($0.00 in chips)
Seat 6: LegendofFuglyNutz ($6,295.00 in chips)
JustJay4Reals: Post SB $100.00
Dispicable: Post SB $135.00
*** HOLE CARDS ***
Dealt to JustJay4Reals [Kh 5s 4d 3c]
LegendofFuglyNutz: Fold
JustJay4Reals: Call $100.00
*** FLOP *** [6c 3h 4s]
*** TURN *** [4h]
*** RIVER *** [7h]
*** SUMMARY ***
JustJay4Reals: Shows [Kh 5s 4d 3c]
Dispicable: Shows [Kc 6s As Qd]
JustJay4Reals: wins $270.00
JustJay4Reals: wins $65.00
"""


def test_an_all_in_big_blind_written_post_sb_with_a_dead_button() -> None:
    (raw,) = hands_of("all_in_blind.txt", ALL_IN_BLIND)
    assert isinstance(raw, RawHand)
    hand = ROOM.reader().read(raw)
    assert (hand.start.small_stake, hand.start.big_stake, hand.start.button_seat) == (
        100,
        200,
        3,
    )
    # the record never says a post is all-in: the replay tells it from the stacks
    posts = [(e.player, e.kind, e.amount, e.all_in) for e in index_events(hand.events).posts]
    assert posts == [
        ("JustJay4Reals", ev.PostKind.SMALL_BLIND, 100, False),
        ("Dispicable", ev.PostKind.BIG_BLIND, 135, True),
    ]
    # the small blind calls the full big blind (100 + 100 = 200): no CALL_WRONG; 2 x 135
    # is the pot, the 65 over Dispicable's blind comes back: nothing wrong (it was
    # BLIND_WRONG x3 and CALL_WRONG before)
    assert replay_hand(hand, load_profile("merge")).findings == ()
