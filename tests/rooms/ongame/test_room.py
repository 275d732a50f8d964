"""OnGame's room: its headers, games and table names, and its wordings read into the same
events as every room's (raises to a total, "[all in]", pots won by several, hi and lo
halves, side pots, the hands shown in the summary, tournaments in chips, time zones)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand
from auditor.results import Status
from auditor.rooms.ongame import OnGameRoom
from auditor.rooms.ongame.reader import OnGameReader
from auditor.rooms.pokerstars import PokerStarsRoom
from auditor.tables.timezones import to_utc
from tests.classified import as_replayed
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "ongame" / "ongame_side_pot_tournament_and_limit.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
CASH, TOURNAMENT, LIMIT = (part.strip() + "\n" for part in TEXT.split("\n\n"))
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")


def read(text: str) -> ev.Hand:
    return OnGameReader().read(RawHand("f.txt", 1, tuple(text.splitlines()), "ongame"))


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_headers_old_and_new_and_tournaments_are_the_room_s_alone() -> None:
    room, stars = OnGameRoom(), PokerStarsRoom()
    for header in (CASH.splitlines()[0], TOURNAMENT.splitlines()[0]):
        assert room.is_header(header) and not stars.is_header(header)
        assert header.startswith(room.header_starts)
    assert not room.is_header(STARS.splitlines()[0])
    assert room.sniff("\ufeff" + CASH) and not room.sniff(STARS) and not stars.sniff(CASH)
    assert rooms.profile_for_site("OnGame") == "ongame"


def test_game_table_name_and_hand_id_without_the_reader() -> None:
    room = OnGameRoom()
    raws = [RawHand("f", 1, tuple(t.splitlines()), "ongame") for t in (CASH, TOURNAMENT, LIMIT)]
    assert [room.game(r) for r in raws] == [
        "POT_LIMIT OMAHA_HI_LO",
        "POT_LIMIT OMAHA_HI_LO",
        "LIMIT OMAHA_HI",
    ]
    assert all(room.is_omaha(room.game(r)) for r in raws)
    assert not room.is_omaha("NO_LIMIT TEXAS_HOLDEM")
    assert [room.table_name(r) for r in raws] == ["Lyon", "Table #2", "Tilburg"]
    ids = ["R5-555000111-7", "T5-40000001-12", "R5-81867677-700"]
    assert [room.hand_id(r) for r in raws] == ids


def test_head_facts_currency_tournament_and_zones() -> None:
    cash, tournament, limit = read(CASH).start, read(TOURNAMENT).start, read(LIMIT).start
    assert (cash.site, cash.variant, cash.currency, cash.scale) == ("OnGame", "PLO8", "USD", 100)
    assert (cash.small_stake, cash.big_stake, cash.button_seat) == (25, 50, 1)
    assert (tournament.tournament_id, tournament.buy_in) == ("R-200-77", "$2.20")
    assert (tournament.currency, tournament.scale, tournament.big_stake) == ("chips", 1, 30)
    assert (limit.variant, limit.limit, limit.table_name) == ("FLO", ev.Limit.FIXED, "Tilburg")
    # the zone as written, and its UTC instant: a fixed offset or a named zone
    assert (limit.time_zone, cash.time_zone, tournament.time_zone) == ("GMT+0100", "CET", "GST")
    assert to_utc(limit.started_at, limit.time_zone) == datetime(2010, 9, 13, 0, 2, 3, tzinfo=UTC)
    assert to_utc(tournament.started_at, "GST") == datetime(2013, 6, 28, 15, 40, 2, tzinfo=UTC)


def test_raise_is_read_to_its_total_and_all_in_is_flagged() -> None:
    # the reader writes both amounts ("shorty raises $4.75 to $5 [all in]", his small
    # blind of $0.25 posted: added 475, to 500); the replay reads the raise to the total
    chips = [(c.verb, c.added, c.to, c.all_in) for c in of(read(CASH), ev.ChipsIn)]
    assert chips[:3] == [(ev.Verb.RAISE, 175, 175, False), (ev.Verb.RAISE, 475, 500, True),
                         (ev.Verb.CALL, 450, None, False)]  # fmt: skip
    hand = as_replayed(read(CASH), "ongame")
    raises = of(hand, ev.RaisedTo)
    assert [(r.player, r.to, r.all_in, r.given) for r in raises] == [
        ("Hero", 175, False, ev.RaiseGiven.TO),
        ("shorty", 500, True, ev.RaiseGiven.TO),
    ]
    # OnGame writes no uncalled-bet return: the hand says so
    assert hand.uncalled_returns_written is False


def test_pots_won_by_several_hi_and_lo_halves_and_side_pots() -> None:
    hand = read(CASH)
    collected = [(c.player, c.amount, c.pot, c.names_pot) for c in of(hand, ev.Collected)]
    assert collected == [
        ("bigstack", 683, 0, True),
        ("shorty", 682, 0, True),
        ("bigstack", 1200, 1, True),
    ]
    (pot,) = of(hand, ev.SummaryPot)
    # the pots are written gross; the total is their sum, the main pot net of the rake
    assert pot == ev.SummaryPot(pot.span, 2700, 1365, (1200,), 135)


def test_hands_shown_in_the_summary_with_their_words() -> None:
    seats = of(read(CASH), ev.SummarySeat)
    shown = [s for s in seats if s.outcome is ev.SeatOutcome.SHOWED]
    assert [(s.player, " ".join(map(str, s.cards))) for s in shown] == [
        ("shorty", "As 3h 7d Jh"),
        ("bigstack", "Kh Ks 9h 9d"),
    ]
    claim = shown[1].results[0].claim
    assert claim.high is not None and claim.high.category.name == "THREE_OF_A_KIND"
    assert claim.low_text == "" and claim.low is None  # OnGame never words the low
    assert seats[0].outcome is ev.SeatOutcome.OTHER


def test_posts_dead_blind_ante_and_sits_out() -> None:
    text = CASH.replace(
        "bigstack posts big blind ($0.50)\n",
        "bigstack posts big blind ($0.50)\nHero posts dead blind ($0.25)\nHero sits out\n",
    )
    hand = read(text)
    posts = [(p.player, p.kind, p.amount) for p in of(hand, ev.Posted)]
    assert posts[-1] == ("Hero", ev.PostKind.MISSED_BLIND, 25)
    (status,) = of(hand, ev.PlayerStatus)
    assert (status.player, status.status) == ("Hero", ev.Status.SITS_OUT)


def test_every_fixture_hand_audits_clean_and_other_games_are_skipped() -> None:
    results = audit_text(TEXT)
    assert [(r.format, r.status, r.findings) for r in results] == [
        ("ongame", Status.AUDITED, ())
    ] * 3
    holdem = CASH.replace("POT_LIMIT OMAHA_HI_LO", "NO_LIMIT TEXAS_HOLDEM")
    (skipped,) = audit_text(holdem)
    assert (skipped.status, skipped.game, skipped.hand_id) == (
        Status.SKIPPED,
        "NO_LIMIT TEXAS_HOLDEM",
        "R5-555000111-7",
    )


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    broken = CASH.replace("bigstack calls $4.50", "bigstack kalls $4.50")
    with pytest.raises(HandParseError) as caught:
        read(broken)
    assert caught.value.line == 17 and caught.value.code is Code.PARSE_ERROR
    assert caught.value.text == "bigstack kalls $4.50"
    assert "a line of play (NAME calls $x" in caught.value.expected  # in OnGame's words
    assert "^" in caught.value.context  # lark's context, a caret under the place
    (rejected,) = audit_text(broken)
    assert (rejected.status, rejected.hand_id, rejected.table_name) == (
        Status.REJECTED,
        "R5-555000111-7",
        "Lyon",
    )


def test_a_seat_listed_twice_is_seat_invalid() -> None:
    broken = CASH.replace("Seat 3: shorty ($5)", "Seat 1: shorty ($5)")
    with pytest.raises(HandParseError) as caught:
        read(broken)
    assert (caught.value.line, caught.value.code) == (8, Code.SEAT_INVALID)


def test_a_hand_cut_before_its_summary_is_truncated() -> None:
    cut = CASH.split("--- Dealing turn")[0]
    hand = read(cut)
    assert hand.truncated and of(hand, ev.SummaryStarted) == []


def test_copies_of_a_hand_meet_under_its_id(tmp_path: Path) -> None:
    """The header has no "#": the room says where its id is, so that a copy of a hand in
    another file is known as one (HAND_DUPLICATE), as for every room."""
    from auditor.engines.duplicates import hand_identity
    from auditor.run import run_audit

    assert hand_identity(CASH) == "ongame:*****#R5-555000111-7"
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(CASH, encoding="utf-8")
    summary = run_audit([str(tmp_path / "a.txt"), str(tmp_path / "b.txt")], tmp_path / "out")
    assert summary.findings_by_code == {"HAND_DUPLICATE": 1}


def test_play_money_is_chips_in_the_stakes_unit() -> None:
    (result,) = audit_text(CASH.replace("Real money", "Play money"))
    assert result.hand is not None and result.findings == ()
    assert (result.hand.start.currency, result.hand.start.scale) == ("chips", 100)


def test_an_end_line_naming_another_hand_is_garbled() -> None:
    other = CASH.replace("End of hand R5-555000111-7", "End of hand R5-555000112-7")
    (garbled,) = of(read(other), ev.Garbled)
    assert garbled.span.line == 36 and "R5-555000111-7" in garbled.problem
    assert of(read(CASH), ev.Garbled) == []
