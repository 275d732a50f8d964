"""PKR's room: its headers, games, hand ids and table names, and its wordings read into the
same events as every room's (calls, bets and raises as the bet's total, the button moved
for the hand, a seat away from the table, cards written "[T c]", the pots before the rake
as the total pot, hi/lo words, time-outs, chat), and a damaged hand's error."""

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
from auditor.rooms.cake import CakeRoom
from auditor.rooms.kingsclub import KingsClubRoom
from auditor.rooms.pkr import PkrRoom
from auditor.rooms.pkr.reader import PkrReader
from auditor.rooms.pokerstars import PokerStarsRoom
from tests.classified import as_replayed
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "pkr" / "pkr_hilo_no_low_chat_and_tournament_timeout.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
CASH, TOURNEY = (part.strip() + "\n" for part in TEXT.split("\n\n"))
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")


def read(text: str) -> ev.Hand:
    return PkrReader().read(RawHand("f.txt", 1, tuple(text.splitlines()), "pkr"))


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_headers_are_the_room_s_alone() -> None:
    room, others = PkrRoom(), (PokerStarsRoom(), KingsClubRoom(), CakeRoom())
    for text in (CASH, TOURNEY):
        header = text.splitlines()[0]
        assert room.is_header(header) and header.startswith(room.header_starts)
        assert not any(other.is_header(header) for other in others)
    assert not room.is_header("Table '8 Game Mix' Seat 6 is the button")
    assert room.sniff(TEXT) and not room.sniff(STARS)
    assert not any(other.sniff(TEXT) for other in others)
    assert rooms.profile_for_site("PKR") == "pkr"


def test_game_table_and_id_without_the_reader() -> None:
    room = PkrRoom()
    raws = [RawHand("f", 1, tuple(t.splitlines()), "pkr") for t in (CASH, TOURNEY)]
    assert [room.game(r) for r in raws] == ["POT LIMIT OMAHA HI/LO", "POT LIMIT OMAHA"]
    assert all(room.is_omaha(room.game(r)) for r in raws)
    assert not room.is_omaha("NO LIMIT TEXAS HOLDEM")
    assert [room.table_name(r) for r in raws] == ["Fixture Bay", "Tournament #777 Table #3"]
    assert [r.hand_id for r in raws] == ["3000000001", "3000000002"]


def test_head_facts_and_the_button_moved_for_the_hand() -> None:
    cash, tourney = read(CASH).start, read(TOURNEY).start
    assert (cash.variant, cash.currency, cash.scale, cash.big_stake) == ("PLO8", "USD", 100, 200)
    assert cash.button_seat == 1  # "Button is at seat 4", then "Moving Button to seat 1"
    assert cash.started_at is not None and (cash.started_at.month, cash.time_zone) == (6, "")
    assert (tourney.currency, tourney.scale, tourney.tournament_id) == ("chips", 1, "777")
    away = [s.player for s in of(read(CASH), ev.SeatTaken) if s.sitting_out]
    assert away == ["Away"]


def test_amounts_are_the_bet_s_total_and_cards_are_spaced() -> None:
    # the reader writes each call's total ("Bob calls $2": to=200); the replay, which has
    # his $1 small blind, makes it a call of $1
    chips = [(c.player, c.verb, c.to) for c in of(read(CASH), ev.ChipsIn)]
    assert chips[:2] == [("Alice", ev.Verb.CALL, 200), ("Bob", ev.Verb.CALL, 200)]
    hand = as_replayed(read(CASH))
    # Bob's small blind $1 and "Bob calls $2" make $2; Hero's $18 and "calls $54" add $36
    assert [(c.player, c.amount) for c in of(hand, ev.Called)] == [
        ("Alice", 200),
        ("Bob", 100),
        ("Alice", 600),
        ("Hero", 3600),
    ]
    assert [c.text for c in of(hand, ev.Dealt)[0].cards] == ["Ah", "2h", "3c", "Kd"]
    hand = as_replayed(read(TOURNEY))
    assert [(c.player, c.amount, c.all_in) for c in of(hand, ev.Called)] == [
        ("Hero", 120, False),
        ("Hero", 960, True),
    ]


def test_the_last_pot_sizes_and_the_rake_make_the_total_pot() -> None:
    (total,) = of(read(CASH), ev.SummaryPot)
    assert (total.total, total.main, total.side_pots, total.rake) == (12600, 12300, (), 300)
    assert total.span.line == 40
    won = [(c.player, c.amount) for c in of(read(CASH), ev.Collected)]
    assert won == [("Alice", 12300)]


def test_words_chat_and_time_outs() -> None:
    talk = [(t.player, t.text) for t in of(read(CASH), ev.TableTalk)]
    assert talk == [("Alice", "nice"), ("Bob", "cheers.")]
    (status,) = of(read(TOURNEY), ev.PlayerStatus)
    assert (status.player, status.status) == ("Sleepy", ev.Status.TIMED_OUT)
    notes = [n.text for n in of(read(CASH), ev.Note)]
    assert "Alice has One Pair: Jacks" in notes and "Seat 3: Hero - $38" in notes


def test_a_returned_bet() -> None:
    text = CASH.replace(
        "Alice checks\nPot sizes: $126\n",
        "Alice bets $30\nHero folds\nReturning $30 to Alice uncalled\nPot sizes: $126\n",
    )
    hand = read(text)
    assert [(u.player, u.amount) for u in of(hand, ev.UncalledReturned)] == [("Alice", 3000)]


def test_the_fixture_audits_clean() -> None:
    results = audit_text(TEXT)
    assert [(r.format, r.status, r.findings) for r in results] == [("pkr", Status.AUDITED, ())] * 2


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    broken = CASH.replace("Bob checks", "Bob checks twice")
    with pytest.raises(HandParseError) as caught:
        read(broken)
    assert (caught.value.line, caught.value.code) == (26, Code.PARSE_ERROR)
    (rejected,) = audit_text(broken)
    assert (rejected.status, rejected.table_name) == (Status.REJECTED, "Fixture Bay")


def test_a_hand_cut_before_its_end_is_truncated() -> None:
    hand = read(CASH.split("Taking Rake")[0])
    assert hand.truncated and of(hand, ev.Collected) == []
