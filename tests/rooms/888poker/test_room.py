"""888poker's room: its headers (and the "#Game No" line before them), its games and
tables, its wordings read into the same events as other rooms', and a damaged hand."""

from __future__ import annotations

import pytest

from auditor import events as ev
from auditor import rooms
from auditor.api import audit_text
from auditor.hand_claims import Category
from auditor.money import AmountError
from auditor.read.split import RawHand, StrayText, split_hands
from auditor.results import HandResult, Status
from auditor.rooms.poker888 import Poker888Room
from auditor.rooms.poker888.wording import amount, cards
from tests.corpus import ROOT

FIXTURES = ROOT / "fixtures" / "888poker"
CASH = (FIXTURES / "cash_plo8_dead_blind_side_pot_and_walk.txt").read_text(encoding="utf-8")
LOCAL = (FIXTURES / "localised_dutch_swedish_and_tournament.txt").read_text(encoding="utf-8")

NEW = "***** 888poker Hand History for Game 385494443 *****"
OLD = "***** Cassava Hand History for Game 362978981 *****"
PARTY = "***** Hand History for Game 1458965856 *****"
BETFAIR = "***** Betfair Poker Hand History for Game 100000000 *****"


def _one(text: str) -> HandResult:
    (result,) = audit_text(text)
    return result


def _events(result: HandResult, kind: type[ev.Event]) -> list[ev.Event]:
    assert result.hand is not None
    return [e for e in result.hand.events if isinstance(e, kind)]


def _codes(result: HandResult) -> list[str]:
    return [f.code for f in result.findings]


def test_headers_of_its_brands_and_no_other_room_s() -> None:
    room = Poker888Room()
    assert room.is_header(NEW) and room.is_header(OLD)
    assert room.is_header("***** 888.es Hand History for Game 1 *****")
    assert room.is_header("***** 888poker Snap Poker Hand History for Game 7 *****")
    assert not room.is_header(PARTY) and not room.is_header(BETFAIR)
    assert not room.is_header("#Game No : 385494443")  # PartyPoker writes it too
    (hand,) = split_hands(["#Game No : 385494443", NEW, "Blinds"], "f.txt", (room,))
    assert isinstance(hand, RawHand) and hand.lines[0] == "#Game No : 385494443"
    assert hand.header == NEW and hand.hand_id == "385494443"  # its lead-in line is its own
    assert room.sniff(CASH) and room.sniff(LOCAL)
    assert not room.sniff("#Game No : 1458965856\n" + PARTY + "\n")
    assert rooms.profile_for_site("888poker") == "888poker"


def test_the_game_no_line_goes_with_its_hand_and_a_file_has_no_stray_text() -> None:
    items = list(split_hands(CASH.splitlines(keepends=True), "f.txt"))
    assert not any(isinstance(item, StrayText) for item in items)
    first, second = (item for item in items if isinstance(item, RawHand))
    assert (first.first_line, first.lines[0], first.room) == (1, "#Game No : 512345678", "888poker")
    assert (second.first_line, second.hand_id) == (49, "512345702")
    assert first.hand_id == "512345678"
    (cassava, *_) = (i for i in split_hands(LOCAL.splitlines(), "g") if isinstance(i, RawHand))
    assert (cassava.first_line, cassava.hand_id) == (1, "305290011")  # no "#Game No" line


def test_games_and_tables() -> None:
    # read with the grammar's stakes and table lines, the line after the header and the next
    room = Poker888Room()
    line = "15/30 Blinds Fix Limit OmahaHL - *** 11 03 2011 15:43:53"
    fixed = RawHand("f", 1, ("#Game No : 1", OLD, line), room="888poker")
    assert room.game(fixed) == "Fix Limit OmahaHL" and room.is_omaha(room.game(fixed))
    line = "$1/$2 Blinds No Limit Holdem Jackpot table - *** 14 04 2015 03:11:08"
    holdem = RawHand("f", 1, (NEW, line), room="888poker")
    assert room.game(holdem) == "No Limit Holdem" and not room.is_omaha(room.game(holdem))
    table = "Tournament #48749889 $1.80 + $0.20 - Table #19 (Real Money)"
    tour = RawHand("f", 1, (NEW, "x", table), room="888poker")
    assert room.table_name(tour) == "19"
    cash = ("#Game No : 1", NEW, "x", "Table Helmond 6 Max (Real Money)")
    assert room.table_name(RawHand("f", 1, cash, room="888poker")) == "Helmond"


def test_another_game_is_skipped_and_counted() -> None:
    holdem = CASH.split("\n\n\n\n")[1].replace("Pot Limit OmahaHL", "No Limit Holdem")
    skipped = _one(holdem)
    assert skipped.status is Status.SKIPPED and skipped.game == "No Limit Holdem"
    assert skipped.format == "888poker"


def test_localised_amounts_and_ranks() -> None:
    assert amount("$ 3.243", 100) == 324300  # a dot between thousands
    assert amount("$ 552,72", 100) == 55272  # a decimal comma
    assert amount("$4,744.48", 100) == 474448
    assert amount("5 000 $", 100) == 500000 and amount("2 250 $", 100) == 225000
    assert amount("15\u00a0788,50 $", 100) == 1578850  # a no-break space (cp1252 file)
    assert amount("3\u00c2\u00a0023,50 $", 100) == 302350  # its UTF-8 bytes read as Latin-1
    assert [str(c) for c in cards("[ Hc, Vd, Bs, Ts ]")] == ["Kc", "Qd", "Js", "Ts"]  # Dutch
    assert [str(c) for c in cards("[ Ed, Knh, Dc, 9d ]")] == ["Ad", "Jh", "Qc", "9d"]  # Swedish
    assert not cards("[ Xd ]")[0].valid  # no card in any of its languages: CARD_INVALID
    for garbled in ("$10,0000", "1,2,3", "$", "3.24.3"):
        with pytest.raises(AmountError):
            amount(garbled, 100)


def test_wordings_become_the_same_events() -> None:
    first, walk = audit_text(CASH)
    assert first.hand is not None
    start = first.hand.start
    assert (start.site, start.variant, start.small_stake, start.big_stake) == (
        "888poker",
        "PLO8",
        50,
        100,
    )
    # no zone written (fpdb-3 reads these times as ET, HHSmithy's parser as GMT)
    assert start.time_zone == "" and start.max_seats == 10 and start.table_name == "Recife"
    posts = [(p.player, p.kind, p.amount) for p in _events(first, ev.Posted)]  # type: ignore[attr-defined]
    assert posts[2] == ("Old Fox", ev.PostKind.SMALL_AND_BIG, 150)  # "[$0.50 + $1]"
    (out,) = _events(first, ev.PlayerStatus)  # "luna_k folds" before the deal: not dealt in
    assert isinstance(out, ev.PlayerStatus) and out.status is ev.Status.SITS_OUT
    raise_ = _events(first, ev.RaisedTo)[1]  # "sk8ter raises [$11]" from his $1 big blind
    assert isinstance(raise_, ev.RaisedTo)
    assert (raise_.given, raise_.by, raise_.total(100)) == (ev.RaiseGiven.BY, 1100, 1200)
    pedro, hero, _ = _events(first, ev.Shown)
    assert isinstance(pedro, ev.Shown) and isinstance(hero, ev.Shown)
    assert pedro.claim.high is not None and pedro.claim.high.category is Category.STRAIGHT
    assert hero.claim.low is not None and hero.claim.low.ranks == (7, 5, 4, 2, 1)
    assert hero.claim.high is None  # no "(Hi: ...)" line: nothing said of his high
    paid = [(c.player, c.amount, c.names_pot) for c in _events(first, ev.Collected)]  # type: ignore[attr-defined]
    assert paid == [
        ("pedro.m", 1675, False),
        ("Hero", 1675, False),
        ("pedro.m", 4325, False),
        ("Hero", 4325, False),
    ]
    assert first.findings == () and walk.findings == ()
    assert first.hand.uncalled_returns_written is False


def test_an_all_in_blind_is_read_from_the_stack() -> None:
    tournament = audit_text(LOCAL)[2]
    assert tournament.hand is not None and tournament.hand.start.tournament_id == "48749889"
    assert tournament.hand.start.currency == "chips" and tournament.hand.start.scale == 1
    small = _events(tournament, ev.Posted)[0]
    assert isinstance(small, ev.Posted) and (small.amount, small.all_in) == (80, True)
    assert tournament.findings == ()


def test_a_dead_small_blind_alone() -> None:
    text = CASH.split("\n\n\n\n")[0].replace(
        "Old Fox posts dead blind [$0.50 + $1]", "Old Fox posts dead blind [$0.50 + $0]"
    )
    posted = _events(_one(text), ev.Posted)[2]
    assert isinstance(posted, ev.Posted)
    assert (posted.kind, posted.amount) == (ev.PostKind.MISSED_BLIND, 50)


def test_uncalled_bets_are_returned_by_the_rules_and_the_chips_still_weighed() -> None:
    swedish = LOCAL.split("\n\n\n\n")[1]  # the flop bet of 300 $ nobody calls
    assert _codes(_one(swedish)) == []
    greedy = swedish.replace("Hero collected [ 299 $ ]", "Hero collected [ 901 $ ]")
    assert _codes(_one(greedy)) == ["CHIPS_NOT_CONSERVED"]  # more than the 300 + 600


def test_a_claim_the_cards_do_not_make_is_found() -> None:
    wrong = CASH.replace("(Hi: 5d, 6c, 7c, 8h, 9s)", "(Hi: Qd, Qc, 9s, 7c, 5d)", 1)
    assert "HAND_DESCRIPTION_WRONG" in _codes(audit_text(wrong)[0])


def test_a_damaged_hand_is_a_parse_error_at_its_line() -> None:
    broken = CASH.replace("pedro.m checks\nHero bets [$10]", "pedro.m checks\nHero shoves [$10]")
    rejected = audit_text(broken)[0]
    assert rejected.status is Status.REJECTED and rejected.format == "888poker"
    (finding,) = rejected.findings
    assert finding.code == "PARSE_ERROR" and finding.source.line == 27
    assert finding.recorded == "Hero shoves [$10]"
    amounts = CASH.replace("Seat 3: Hero ( $100 )", "Seat 3: Hero ( $10,0000 )")
    (bad,) = audit_text(amounts)[0].findings
    assert bad.code == "PARSE_ERROR" and bad.source.line == 8


def test_a_record_cut_inside_its_last_line_is_incomplete_not_unreadable() -> None:
    lines = CASH.split("\n\n\n\n")[0].splitlines()
    cut = _one("\n".join(lines[:27]) + "\n" + lines[27][:9])  # "Hero bets [$10]" cut
    assert cut.hand is not None and cut.hand.truncated_at is not None
    assert cut.hand.truncated_at.line == 28 and _codes(cut) == ["HAND_INCOMPLETE"]


def test_the_play_comes_before_the_summary_and_the_showdown_after_it() -> None:
    """888 writes the actions before "** Summary **" and the hands shown, mucked and paid
    after it (every hand of the corpus and the fixtures): a line of the one part in the
    other is a line the layout does not have there (the grammar reads each part's names
    with its own terminal, WHO or SUM_WHO, so the parts keep their kinds apart)."""
    first = CASH.split("\n\n\n\n")[0]
    late = _one(first.replace("** Summary **\n", "** Summary **\nHero folds\n", 1))
    (finding,) = late.findings
    assert (finding.code, finding.source.line) == ("PARSE_ERROR", 37)
    assert finding.recorded == "Hero folds"
    early = _one(first.replace("** Summary **\n", "", 1))
    (finding,) = early.findings
    assert finding.code == "PARSE_ERROR" and " shows [" in finding.recorded
