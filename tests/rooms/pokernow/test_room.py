"""Poker Now's room: its CSV logs (newest row first) split into hands in play order, with
their lead-ins, trailing shows and session context, and its wordings read into the same
events as every room's (calls and raises as totals, missed blinds, straddles, bomb pots on
two boards, run it twice, hi/lo halves, admin stack changes, a dead button, a log cut
inside a hand), and a damaged row a PARSE_ERROR at its line."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta
from pathlib import Path
from typing import TypeVar

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand, StrayText
from auditor.replay.engine import replay_hand
from auditor.replay.profile import load_profile
from auditor.results import Status
from auditor.rooms.pokernow import PokerNowRoom
from auditor.rooms.pokernow.reader import PokerNowReader
from auditor.rooms.pokerstars import PokerStarsRoom
from auditor.run import run_audit
from tests.classified import as_replayed
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURES = ROOT / "fixtures" / "pokernow"
BOMB = (FIXTURES / "pokernow_bomb_pot_run_twice_straddle.txt").read_text(encoding="utf-8")
OLD = (FIXTURES / "pokernow_old_header_hilo_dead_button.txt").read_text(encoding="utf-8")
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")
ANN, BO = '"ann @ aaaaaaaaa1"', '"bo @ b @ bbbbbbbbb2"'
HEADER = "-- starting hand #{n} (id: hand{n}xxxxxxx)  (Pot Limit Omaha Hi) (dealer: {d}) --"


def log(entries: list[str], start: str = "2024-12-27T01:00:00") -> str:
    """A Poker Now log of ``entries`` (given in play order): written newest row first."""
    at = datetime.fromisoformat(start)
    rows = []
    for i, entry in enumerate(entries):
        when = at + timedelta(seconds=i)
        order = int(when.timestamp() * 1000) * 100 + i % 100
        quoted = entry.replace('"', '""')
        rows.append(f'"{quoted}",{when:%Y-%m-%dT%H:%M:%S}.000Z,{order}')
    return "entry,at,order\n" + "\n".join(reversed(rows)) + "\n"


def split(text: str) -> list[RawHand | StrayText]:
    return list(PokerNowRoom().split_file(text.splitlines(keepends=True), "poker_now_log_g1.csv"))


def hands(text: str) -> list[RawHand]:
    return [item for item in split(text) if isinstance(item, RawHand)]


def read(text: str, at: int = 0) -> ev.Hand:
    return PokerNowReader().read(hands(text)[at])


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def heads_up(*play: str, stacks: str = "(300) | #9 {b} (300)", first: list[str] | None = None
             ) -> list[str]:  # fmt: skip
    """A heads-up hand #1, ann dealer (seat 3) posting the small blind of 1, bo the big of 3."""
    return [
        *(first or []),
        "The game's small blind was changed from 10 to 1.",
        "The game's big blind was changed from 20 to 3.",
        HEADER.format(n=1, d=ANN),
        f"Player stacks: #3 {ANN} " + stacks.format(b=BO),
        f"{ANN} posts a small blind of 1",
        f"{BO} posts a big blind of 3",
        *play,
        "-- ending hand #1 --",
    ]


def test_the_room_knows_its_logs_by_content() -> None:
    room = PokerNowRoom()
    assert room.sniff(BOMB) and room.sniff(OLD) and not room.sniff(STARS)
    assert room.sniff("entry,at,order\n") and split("entry,at,order\n") == []  # no row yet
    assert not room.sniff("name,hands\nann,3\n")
    assert not PokerStarsRoom().sniff(BOMB)
    header = '"-- starting hand #2  (Pot Limit Omaha Hi) (dead button) --",2022-08-01T05:00:00Z,1'
    assert room.is_header(header) and header.startswith(room.header_starts)
    assert rooms.profile_for_site("Poker Now") == "pokernow"


def test_hands_come_in_play_order_with_their_own_lines_and_context() -> None:
    items = split(BOMB)
    assert [type(i) for i in items] == [RawHand] * 3
    room = PokerNowRoom()
    first, second, third = (i for i in items if isinstance(i, RawHand))
    assert [room.hand_id(h) for h in (first, second, third)] == [
        "hand1aaaaaaa", "hand2bbbbbbb", "hand3ccccccc"
    ]  # fmt: skip
    assert [room.game(h) for h in (first, second, third)] == [
        "Pot Limit Omaha Hi", "Pot Limit Omaha Hi", "No Limit Texas Hold'em"
    ]  # fmt: skip
    assert [room.is_omaha(room.game(h)) for h in (first, second, third)] == [True, True, False]
    # the first hand's own first line is its oldest lead-in row, the last line of the file
    # (newest first); its header comes after its five lead-ins
    assert first.first_line == BOMB.count("\n") and first.header_index == 5
    assert first.lines[0].startswith('"IMPORTANT: spectator mode')
    # the card cy showed after hand 1 ended is hand 1's, the admin's stack change hand 2's
    assert first.lines[-1].startswith('"""""cy""\'\' @ ccccccccc3"" shows a 9♣')
    assert second.lines[0].startswith('"The admin updated the player')
    # the log's closing row (bo quits) is its last hand's
    assert third.lines[-1].startswith('"The player ""bo @ b @ bbbbbbbbb2"" quits')
    # the table is the log's name (poker_now_log_<game id>.csv); the blinds as last set
    assert first.context == ("table=g1", "big blind=0.50", "small blind=0.25")
    assert second.context is first.context  # one context object while nothing changes
    assert room.table_name(first) == "g1"


def test_the_blinds_before_the_first_change_are_its_from() -> None:
    entries = heads_up(f"{ANN} folds", f"Uncalled bet of 2 returned to {BO}",
                       f"{BO} collected 2 from pot")  # fmt: skip
    # a hand before any change row: the change's "from" (10/20) is in force
    early = [*entries[2:7], f"{ANN} folds", "-- ending hand #1 --"]
    text = log([*early, *entries])
    first, second = hands(text)
    assert "small blind=10" in first.context and "big blind=20" in first.context
    assert "small blind=1" in second.context and "big blind=3" in second.context


def test_a_hand_rebuilt_from_its_text_finds_its_header_again() -> None:
    raw = hands(BOMB)[0]
    again = RawHand(raw.file, raw.first_line, raw.lines, raw.room, -1, raw.context)
    room = PokerNowRoom()
    assert room.hand_id(again) == "hand1aaaaaaa"
    assert room.game(again) == "Pot Limit Omaha Hi"
    assert PokerNowReader().read(again).start.hand_id == "hand1aaaaaaa"


def test_an_old_header_s_id_is_its_number_and_order() -> None:
    room = PokerNowRoom()
    first = hands(OLD)[0]
    assert room.hand_id(first) == "1-165930660450002"
    assert room.game(first) == "Pot Limit Omaha Hi/Lo 8 or Better"
    start = PokerNowReader().read(first).start
    assert (start.variant, start.hi_lo, start.scale, start.small_stake, start.big_stake) == (
        "PLO8", True, 1, 1, 2
    )  # fmt: skip
    assert start.started_at == datetime(2022, 7, 31, 22, 30, 4) and start.time_zone == "UTC"


def test_calls_and_raises_are_totals_in_the_round() -> None:
    hand = read(log(heads_up(
        f"{ANN} raises to 9", f"{BO} calls 9", "Flop:  [3♠, 4♣, 5♦]", f"{BO} bets 13",
        f"{ANN} raises to 39", f"{BO} calls 39", "Turn: 3♠, 4♣, 5♦ [8♥]",
        f"{BO} bets 90", f"{ANN} folds", f"Uncalled bet of 90 returned to {BO}",
        f"{BO} collected 96 from pot",
    )))  # fmt: skip
    # the reader writes each row's total ("calls 9": to=9); the replay, which has his big
    # blind of 3, makes it a call of 6
    chips = [(c.verb, c.to) for c in of(hand, ev.ChipsIn)]
    assert chips[:3] == [(ev.Verb.RAISE, 9), (ev.Verb.CALL, 9), (ev.Verb.BET, 13)]
    hand = as_replayed(hand)
    calls = [(c.player, c.amount) for c in of(hand, ev.Called)]
    assert calls == [("bo @ b @ bbbbbbbbb2", 6), ("bo @ b @ bbbbbbbbb2", 26)]
    raises = [(r.to, r.given) for r in of(hand, ev.RaisedTo)]
    assert raises == [(9, ev.RaiseGiven.TO), (39, ev.RaiseGiven.TO)]
    (returned,) = of(hand, ev.UncalledReturned)
    assert returned.amount == 90
    (result,) = audit_text(log(heads_up(
        f"{ANN} raises to 9", f"{BO} calls 9", "Flop:  [3♠, 4♣, 5♦]", f"{BO} bets 13",
        f"{ANN} raises to 39", f"{BO} calls 39", "Turn: 3♠, 4♣, 5♦ [8♥]",
        f"{BO} bets 90", f"{ANN} folds", f"Uncalled bet of 90 returned to {BO}",
        f"{BO} collected 96 from pot",
    )))  # fmt: skip
    assert result.status is Status.AUDITED and result.findings == ()


def test_missed_blinds_straddle_and_all_in() -> None:
    hand = read(OLD, 2)
    posts = [(p.player[:3], p.kind, p.amount) for p in of(hand, ev.Posted)]
    assert posts[2:] == [("eve", ev.PostKind.MISSED_BLIND, 1), ("eve", ev.PostKind.LIVE, 2)]
    first = read(BOMB)
    assert [p.kind for p in of(first, ev.Posted)][-1] is ev.PostKind.STRADDLE
    (bet,) = [b for b in of(as_replayed(first), ev.Bet) if b.all_in]
    assert bet.amount == 3000 and first.start.scale == 100  # cents: "30.00 and go all in"


def test_run_it_twice_pays_the_second_run_in_a_second_showdown() -> None:
    hand = read(BOMB)
    boards = [(s.street, s.board) for s in of(hand, ev.StreetDealt)]
    assert boards[-2:] == [(ev.Street.RIVER, 1), (ev.Street.RIVER, 2)]
    tail = [type(e) for e in hand.events][-5:]
    assert tail == [ev.SummaryStarted, ev.Collected, ev.ShowdownStarted, ev.Collected, ev.Shown]
    (second,) = of(hand, ev.ShowdownStarted)
    assert second.board == 2
    assert [n.text for n in of(hand, ev.Note)][-1] == "All players in hand choose to run it twice."


def test_a_bomb_pot_has_no_blinds_and_no_betting_before_the_flop() -> None:
    hand = read(BOMB, 1)
    assert hand.bomb_pot
    assert [p.kind for p in of(hand, ev.Posted)] == [ev.PostKind.ANTE] * 3
    boards = [(s.street, s.board) for s in of(hand, ev.StreetDealt)]
    assert boards[:2] == [(ev.Street.FLOP, 1), (ev.Street.FLOP, 2)]
    (result,) = [r for r in audit_text(BOMB) if r.hand_id == "hand2bbbbbbb"]
    assert result.status is Status.AUDITED and result.findings == ()
    # the same hand read as if blinds were due: no big blind, and the flop dealt early
    assert result.hand is not None
    blinded = dataclasses.replace(result.hand, bomb_pot=False)
    codes = {f.code for f in replay_hand(blinded, load_profile("pokernow")).findings}
    assert codes == {Code.BLIND_WRONG, Code.STREET_EARLY}


def test_hi_lo_halves_admin_stacks_dead_button_and_a_cut_log() -> None:
    results = audit_text(OLD)
    assert [(r.status, [f.code for f in r.findings]) for r in results] == [
        (Status.AUDITED, []), (Status.AUDITED, []), (Status.AUDITED, [Code.HAND_INCOMPLETE])
    ]  # fmt: skip
    first, second, third = (r.hand for r in results)
    assert first is not None and second is not None and third is not None
    halves = [(c.player[:3], c.amount) for c in of(first, ev.Collected)]
    assert halves == [("dan", 74), ("gil", 74)]
    added = of(second, ev.StackAdded)
    assert [(a.player[:3], a.chips) for a in added] == [("fox", None), ("fox", 50)]
    assert [s.status for s in of(second, ev.PlayerStatus)] == [ev.Status.LEAVES]
    # "(dead button)": the button is where the last hand's small blind was (eve's seat 4)
    assert second.start.button_seat == 4
    assert third.truncated and [s.status for s in of(third, ev.PlayerStatus)] == [
        ev.Status.JOINS
    ]  # fmt: skip


def test_a_damaged_row_is_a_parse_error_at_its_line() -> None:
    entries = heads_up(f"{ANN} raises to 9", f"{BO} shoves everything", f"{ANN} folds")
    text = log(entries)
    lines = text.splitlines()
    at = next(n for n, line in enumerate(lines, start=1) if "shoves" in line)
    with pytest.raises(HandParseError) as caught:
        read(text)
    assert caught.value.line == at and caught.value.code is Code.PARSE_ERROR
    assert caught.value.text == f"{BO} shoves everything"
    (result,) = audit_text(text)
    assert result.status is Status.REJECTED
    assert [(f.code, f.source.line) for f in result.findings] == [(Code.PARSE_ERROR, at)]


def test_an_amount_finer_than_the_hand_s_unit_is_its_line_s_error() -> None:
    text = log(heads_up(f"{ANN} raises to 9.5", f"{BO} folds"))
    with pytest.raises(HandParseError) as caught:
        read(text)
    assert "finer than the hand's unit" in caught.value.expected


def test_a_line_that_is_no_row_is_stray_text_and_the_hands_are_still_read() -> None:
    text = log(heads_up(f"{ANN} folds", f"Uncalled bet of 2 returned to {BO}",
                        f"{BO} collected 2 from pot"))  # fmt: skip
    lines = text.splitlines(keepends=True)
    lines.insert(3, "this line is no row of a log\n")
    # an entry written over two lines (a quoted newline): one row, at its first line
    at = next(n for n, line in enumerate(lines) if "posts a small blind" in line)
    head, tail = lines[at].split("posts a small", 1)
    lines[at : at + 1] = [head + "posts a\n", "small" + tail]
    items = list(PokerNowRoom().split_file(lines, "poker_now_log_g1.csv"))
    (stray,) = [i for i in items if isinstance(i, StrayText)]
    assert (stray.first_line, stray.lines) == (4, ("this line is no row of a log",))
    (raw,) = [i for i in items if isinstance(i, RawHand)]
    hand = PokerNowReader().read(raw)
    assert [p.kind for p in of(hand, ev.Posted)] == [ev.PostKind.SMALL_BLIND, ev.PostKind.BIG_BLIND]


def test_a_copy_of_a_log_is_found_whatever_the_lead_ins(tmp_path: Path) -> None:
    """A run finds each hand of a second copy of a log a duplicate, the first hand too,
    though rows before its header (seats requested, approved, blinds set) are many."""
    seats = [
        f"The player {who} requested a seat." for who in (ANN, BO, ANN, BO, ANN, BO)
    ]  # fmt: skip
    text = log(heads_up(f"{ANN} folds", f"Uncalled bet of 2 returned to {BO}",
                        f"{BO} collected 2 from pot", first=seats))  # fmt: skip
    assert hands(text)[0].header_index == 8
    for name in ("a.csv", "b.csv"):
        (tmp_path / name).write_text(text, encoding="utf-8")
    inputs = [str(tmp_path / "a.csv"), str(tmp_path / "b.csv")]
    summary = run_audit(inputs, tmp_path / "out", workers=1)
    assert summary.hands_read == summary.hands_audited == 2
    assert summary.findings_by_code == {"HAND_DUPLICATE": 1}


@pytest.mark.slow
def test_a_long_log_is_split_holding_an_index_not_its_text() -> None:
    """A log read from a stream, newest row first: the split spools its rows and holds an
    index of a few integers per hand, then one hand at a time (4,000 hands, 3 MB of rows:
    the peak is a small part of the text, about 200 bytes a hand)."""
    import tracemalloc
    from collections.abc import Iterator

    one = heads_up(f"{ANN} folds", f"Uncalled bet of 2 returned to {BO}",
                   f"{BO} collected 2 from pot")[2:]  # fmt: skip
    hands_n, at = 4000, datetime(2024, 1, 1)

    def rows() -> Iterator[str]:  # newest row first, made as it is read
        yield "entry,at,order\n"
        for k in range(hands_n * len(one) - 1, -1, -1):
            number = k // len(one) + 1
            entry = one[k % len(one)].replace("#1", f"#{number}").replace("1xxxxxxx", str(number))
            when = at + timedelta(seconds=k)
            quoted = entry.replace('"', '""')
            yield f'"{quoted}",{when:%Y-%m-%dT%H:%M:%S}.000Z,{int(when.timestamp()) * 100000}\n'

    size = sum(len(row) for row in rows())
    tracemalloc.start()
    try:
        ids = [PokerNowRoom().hand_id(h) for h in PokerNowRoom().split_file(rows(), "l.csv")
               if isinstance(h, RawHand)]  # fmt: skip
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(ids) == hands_n and ids[:2] == ["hand1", "hand2"]  # play order
    assert peak < size / 3
