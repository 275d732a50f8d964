"""Everleaf's room: its headers, games and table names, and its wordings read into the same
events as every room's (raises as the chips put in, pots won as high and low halves, shown,
mucked and unshown hands, disconnections, a hand with no summary)."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand
from auditor.replay.classify import classify
from auditor.results import Status
from auditor.rooms.everleaf import EverleafRoom
from auditor.rooms.everleaf.reader import EverleafReader
from auditor.rooms.ongame import OnGameRoom
from auditor.rooms.pokerstars import PokerStarsRoom
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "everleaf" / "everleaf_hi_lo_halves_limit_and_muck.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
HI_LO, LIMIT, MUCK = (part.strip() + "\n" for part in TEXT.split("\n\n\n\n"))
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")


def read(text: str) -> ev.Hand:
    return EverleafReader().read(RawHand("f.txt", 1, tuple(text.splitlines()), "everleaf"))


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_headers_are_the_room_s_alone() -> None:
    room, others = EverleafRoom(), (PokerStarsRoom(), OnGameRoom())
    header = HI_LO.splitlines()[0]
    assert room.is_header(header) and header.startswith(room.header_starts)
    assert not any(other.is_header(header) or other.sniff(HI_LO) for other in others)
    assert not room.is_header(HI_LO.splitlines()[1])  # the "***** Hand history" line
    assert room.sniff(HI_LO) and not room.sniff(STARS)
    assert rooms.profile_for_site("Everleaf") == "everleaf"


def test_game_and_table_name_without_the_reader() -> None:
    room = EverleafRoom()
    raws = [RawHand("f", 1, tuple(t.splitlines()), "everleaf") for t in (HI_LO, LIMIT, MUCK)]
    assert [room.game(r) for r in raws] == ["PL Omaha Hi/Lo", "Omaha Hi/Lo", "PL Omaha"]
    assert all(room.is_omaha(room.game(r)) for r in raws)
    assert not room.is_omaha("NL Hold'em")
    assert [room.table_name(r) for r in raws] == ["Old Market I", "Kentfield I", "Bayside II"]
    assert [r.hand_id for r in raws] == ["150000001", "150000002", "150000003"]


def test_head_facts_stakes_limits_and_no_zone() -> None:
    pot, fixed, six = read(HI_LO).start, read(LIMIT).start, read(MUCK).start
    assert (pot.variant, pot.small_stake, pot.big_stake, pot.currency) == ("PLO8", 5, 10, "USD")
    # fixed limit: no limit word, the stakes are the bets ($0.25/$0.50 blinds are posted)
    assert (fixed.variant, fixed.limit, fixed.small_stake, fixed.big_stake) == (
        "FLO8",
        ev.Limit.FIXED,
        50,
        100,
    )
    assert (six.variant, six.max_seats, six.button_seat) == ("PLO", 6, 2)
    assert pot.time_zone == "" and pot.started_at is not None and pot.started_at.hour == 20


def test_a_raise_is_the_chips_put_in() -> None:
    raises = [c for c in of(read(LIMIT), ev.ChipsIn) if c.verb is ev.Verb.RAISE]
    assert [(r.player, r.added, r.to) for r in raises] == [
        ("Villain", 75, None),
        ("Hero", 100, None),
    ]
    # the small blind's 25 and these 75 make his bet a dollar, facing the $0.50 big blind
    made = classify(raises[0], own=25, faced=50, stack=None)
    assert isinstance(made, ev.RaisedTo) and made.given is ev.RaiseGiven.BY
    assert made.total(25) == 100


def test_high_and_low_halves_and_the_shown_hands() -> None:
    hand = read(HI_LO)
    collected = [(c.player, c.amount, c.pot, c.names_pot) for c in of(hand, ev.Collected)]
    assert collected == [("Villain", 86, 0, True), ("Hero", 85, 0, True)]
    shown = of(hand, ev.Shown)
    assert [(s.player, s.description) for s in shown] == [
        ("Hero", "a pair of kings"),
        ("Villain", "a straight, seven high"),
    ]
    high = shown[1].claim.high
    assert high is not None and (high.category.name, high.ranks) == ("STRAIGHT", (5,))
    assert shown[1].claim.low_text == ""  # a "shows" line never words the low
    (status,) = of(hand, ev.PlayerStatus)
    assert (status.player, status.status) == ("Villain", ev.Status.DISCONNECTED)
    # no summary, no total pot: the hand ends with its pots won
    assert of(hand, ev.SummaryPot) == [] and not hand.truncated


def test_mucked_and_unshown_hands_and_the_silent_return() -> None:
    muck = read(MUCK)
    ((mucked,),) = [[(m.player, " ".join(map(str, m.cards))) for m in of(muck, ev.Mucked)]]
    assert mucked == ("anna", "Jc Js 4d 4h")
    limit = read(LIMIT)
    assert [n.player for n in of(limit, ev.NotShown)] == ["Hero"]
    assert limit.uncalled_returns_written is False  # Hero's uncalled turn bet: no line


def test_both_blinds_and_ante_posts() -> None:
    text = HI_LO.replace(
        "Hero: posts big blind [$ 0.10 USD]\n",
        "Hero: posts big blind [$ 0.10 USD]\nHero: posts ante [$ 0.01 USD]\n",
    )
    posts = [(p.player, p.kind, p.amount) for p in of(read(text), ev.Posted)]
    assert posts[-1] == ("Hero", ev.PostKind.ANTE, 1)
    both = HI_LO.replace("Hero: posts big blind", "Hero: posts both blinds")
    assert of(read(both), ev.Posted)[-1].kind is ev.PostKind.SMALL_AND_BIG


def test_the_fixture_audits_clean_and_other_games_are_skipped() -> None:
    results = audit_text(TEXT)
    assert [(r.format, r.status, r.findings) for r in results] == [
        ("everleaf", Status.AUDITED, ())
    ] * 3
    holdem = HI_LO.replace("PL Omaha Hi/Lo", "NL Hold'em")
    (skipped,) = audit_text(holdem)
    assert (skipped.status, skipped.game, skipped.hand_id) == (
        Status.SKIPPED,
        "NL Hold'em",
        "150000001",
    )


def test_a_damaged_line_is_a_parse_error_at_its_line() -> None:
    broken = HI_LO.replace("Villain calls [$ 0.20 USD]", "Villain calls $ 0.20 USD")
    with pytest.raises(HandParseError) as caught:
        read(broken)
    assert (caught.value.line, caught.value.code) == (16, Code.PARSE_ERROR)
    assert caught.value.text == "Villain calls $ 0.20 USD"
    assert "a line of play (NAME calls [$ x USD]" in caught.value.expected
    (rejected,) = audit_text(broken)
    assert (rejected.status, rejected.table_name) == (Status.REJECTED, "Old Market I")


def test_an_amount_finer_than_a_cent_is_its_line_s_error() -> None:
    broken = HI_LO.replace("[$ 0.60 USD]", "[$ 0.605 USD]", 1)
    with pytest.raises(HandParseError) as caught:
        read(broken)
    assert caught.value.line == 18


def test_a_hand_cut_before_its_pots_are_won_is_truncated() -> None:
    cut = HI_LO.split("** Dealing River **")[0]
    hand = read(cut)
    assert hand.truncated and of(hand, ev.Collected) == []


def test_copies_of_a_hand_meet_under_its_id(tmp_path: Path) -> None:
    """The game is named on the third line: a copy of a hand in another file is known as
    one (HAND_DUPLICATE) all the same."""
    from auditor.engines.duplicates import hand_identity
    from auditor.run import run_audit

    assert hand_identity(HI_LO) == "everleaf:Everleaf#150000001"
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(HI_LO, encoding="utf-8")
    summary = run_audit([str(tmp_path / "a.txt"), str(tmp_path / "b.txt")], tmp_path / "out")
    assert summary.findings_by_code == {"HAND_DUPLICATE": 1}
