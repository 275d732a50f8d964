"""iPoker's room: its XML sessions sniffed and split as a stream (one game at a time, the
session's <general> block as every game's context), a broken document reported at its
line and column with the file's other games still read, the element and attribute
meanings read into the same events as every room's, and PokerTracker's text re-export."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import TypeVar

from auditor import events as ev
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.pipeline import FileSummary, HandAuditor
from auditor.read.split import RawHand, StrayText
from auditor.results import HandResult, Status
from auditor.rooms import REGISTRY, profile_for_site
from auditor.rooms.ipoker import IPokerRoom
from auditor.rooms.ipoker.games import amount_text, card_of, game_name
from auditor.rooms.ipoker.reader import IPokerReader
from tests.classified import as_replayed
from tests.corpus import ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = ROOT / "fixtures" / "ipoker" / "ipoker_sessions_allin_newcomer_decimal_comma.txt"
TEXT = FIXTURE.read_text(encoding="utf-8")
STARS = (ROOT / "fixtures" / "pokerstars" / "cash_plo_every_line.txt").read_text(encoding="utf-8")

SESSION_HEAD = """\
<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
 <general>
  <mode>real</mode>
  <gametype>Omaha PL $0.50/$1</gametype>
  <tablename>Laufen, 584073501</tablename>
  <currency>USD</currency>
  <nickname>Hero</nickname>
 </general>
"""


def game(code: str, hero_stack: str = "$100", villain_act: str = "0") -> str:
    """A heads-up game: Villain (button) posts the small blind and folds (type 0) or
    checks behind after calling (type 3 then 4)."""
    villain = (
        f'   <action no="3" player="Villain" type="{villain_act}" sum="$0" cards=""/>\n'
        if villain_act == "0"
        else '   <action no="3" player="Villain" type="3" sum="$0.50" cards=""/>\n'
        '   <action no="4" player="Hero" type="4" sum="$0" cards=""/>\n'
    )
    return (
        f' <game gamecode="{code}">\n'
        "  <general>\n"
        "   <startdate>2012-06-05 01:10:09</startdate>\n"
        "   <players>\n"
        f'    <player seat="3" name="Hero" chips="{hero_stack}" dealer="0" win="$1.50" '
        'bet="$1"/>\n'
        '    <player seat="8" name="Villain" chips="$50" dealer="1" win="$0" bet="$0.50"/>\n'
        "   </players>\n"
        "  </general>\n"
        '  <round no="0">\n'
        '   <action no="1" player="Villain" type="1" sum="$0.50" cards="[cards]"/>\n'
        '   <action no="2" player="Hero" type="2" sum="$1" cards="[cards]"/>\n'
        "  </round>\n"
        '  <round no="1">\n'
        '   <cards type="Pocket" player="Hero">HA SK D10 C2</cards>\n'
        '   <cards type="Pocket" player="Villain">X X X X</cards>\n'
        f"{villain}"
        "  </round>\n"
        " </game>\n"
    )


def audit(text: str | bytes) -> tuple[list[HandResult], FileSummary]:
    data = text.encode("utf-8") if isinstance(text, str) else text
    summary = FileSummary(source_file="s.xml")
    results = list(HandAuditor().audit_stream(io.BytesIO(data), "s.xml", summary))
    return results, summary


def hands(text: str) -> list[RawHand | StrayText]:
    return list(IPokerRoom().split_file(io.StringIO(text), "s.xml"))


def read_all(text: str) -> list[ev.Hand]:
    """The games read, their chips lines as the replay tells them."""
    reader = IPokerReader()
    return [as_replayed(reader.read(raw)) for raw in hands(text) if isinstance(raw, RawHand)]


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def test_sniffed_by_content_and_registered() -> None:
    room = IPokerRoom()
    assert REGISTRY["ipoker"].name == "ipoker" and room.splits_files
    assert room.sniff(TEXT) and room.sniff("\ufeff" + SESSION_HEAD + game("1"))
    assert room.sniff('\ufeff<session sessioncode="0">\n  <general>\n')  # no declaration
    assert not room.sniff(STARS)
    assert not room.sniff('<?xml version="1.0"?>\n<rss version="2.0"><channel>')
    assert room.sniff("GAME #4999408769: Omaha 50/100 - 2013-08-01 22:16:18\nTable Kazuno"
                      "\nServer poker2.ipoker.com\n")  # fmt: skip
    assert not room.sniff("GAME #1: Omaha 50/100 - 2013-08-01 22:16:18\nTable T\n")
    assert profile_for_site("iPoker") == "seeds"


def test_games_split_with_their_session_block_and_own_lines() -> None:
    text = SESSION_HEAD + game("11") + game("12") + "</session>\n"
    found = hands(text)
    assert all(isinstance(raw, RawHand) for raw in found)
    raws = [raw for raw in found if isinstance(raw, RawHand)]
    assert [raw.first_line for raw in raws] == [10, 28]
    assert raws[0].lines[0] == ' <game gamecode="11">' and raws[0].lines[-1] == " </game>"
    assert raws[0].context[0] == " <general>" and raws[0].context[-1] == " </general>"
    room = IPokerRoom()
    assert [room.hand_id(r) for r in raws] == ["11", "12"]
    assert room.game(raws[0]) == "Omaha PL $0.50/$1" and room.is_omaha(room.game(raws[0]))
    assert room.table_name(raws[0]) == "Laufen, 584073501"


def test_a_game_is_yielded_when_it_closes_not_at_the_end_of_the_session() -> None:
    lines = (SESSION_HEAD + game("21") + game("22") + game("23")).splitlines(keepends=True)
    taken = 0

    def stream() -> Iterator[str]:
        nonlocal taken
        for line in lines:
            taken += 1
            yield line

    split = IPokerRoom().split_file(stream(), "s.xml")
    first = next(split)
    assert isinstance(first, RawHand) and first.lines[-1].strip() == "</game>"
    assert taken == 9 + 18  # the session head and the first game: nothing more read


def test_game_end_and_next_game_start_on_one_line() -> None:
    # the 2011 exports write "</game><game gamecode=...>" on one line
    text = SESSION_HEAD + game("31").rstrip("\n") + game("32") + "</session>\n"
    raws = [raw for raw in hands(text) if isinstance(raw, RawHand)]
    assert [raw.first_line for raw in raws] == [10, 27]
    assert raws[0].lines[-1] == " </game>"
    assert raws[1].lines[0].strip() == '<game gamecode="32">'
    assert raws[1].lines[0].index("<game") == len(" </game> ")  # columns stay the file's
    assert [h.start.hand_id for h in read_all(text)] == ["31", "32"]


def test_a_broken_game_is_a_parse_error_at_its_line_and_column_the_others_are_read() -> None:
    broken = game("42").replace("C2</cards>", "C2</card>")
    text = SESSION_HEAD + game("41") + broken + game("43") + "</session>\n"
    results, summary = audit(text)
    assert summary.hands_read == 3 and summary.format == "ipoker"
    assert summary.hands_audited == 2 and summary.hands_rejected == 1
    statuses = {r.hand_id: r.status for r in results}
    assert statuses == {"41": Status.AUDITED, "42": Status.REJECTED, "43": Status.AUDITED}
    (rejected,) = [r for r in results if r.hand_id == "42"]
    (finding,) = rejected.findings
    bad = '   <cards type="Pocket" player="Hero">HA SK D10 C2</card>'
    line = text.splitlines().index(bad) + 1
    assert finding.code == Code.PARSE_ERROR
    # expat stops at the end tag's name ("card" after "</"); columns are 1-based
    assert (finding.source.line, finding.source.column) == (line, bad.index("</card>") + 3)
    assert "mismatched tag" in finding.message


def test_the_broken_place_is_expat_s() -> None:
    # the column: where expat stops, 1-based (the name of "</card>", 0-based 52)
    broken = game("52").replace("C2</cards>", "C2</card>")
    text = SESSION_HEAD + broken
    (raw,) = [r for r in hands(text) if isinstance(r, RawHand)]
    try:
        IPokerReader().read(raw)
    except HandParseError as err:
        assert err.line == 23 and err.column == 53
    else:
        raise AssertionError("a mismatched tag was read")


def test_a_file_cut_inside_a_game_reads_what_is_there_as_incomplete() -> None:
    cut = game("61").split('  <round no="1">')[0]  # stops after the blinds' round
    results, summary = audit(SESSION_HEAD + game("60") + cut)
    assert summary.hands_read == 2 and summary.hands_rejected == 0
    last = results[-1]
    assert [f.code for f in last.findings] == [Code.HAND_INCOMPLETE]


def test_a_session_with_no_closing_tag_loses_nothing() -> None:
    results, summary = audit(SESSION_HEAD + game("71") + game("72"))
    assert summary.hands_read == 2 and summary.hands_audited == 2
    assert all(not r.findings for r in results)


def test_a_second_session_in_the_same_file_has_its_own_block() -> None:
    other = SESSION_HEAD.replace("Laufen", "Ding").replace('sessioncode="1"', 'sessioncode="2"')
    text = SESSION_HEAD + game("81") + "</session>\n" + other + game("82") + "</session>\n"
    raws = [raw for raw in hands(text) if isinstance(raw, RawHand)]
    room = IPokerRoom()
    assert [room.table_name(r) for r in raws] == ["Laufen, 584073501", "Ding, 584073501"]
    assert [h.start.table_name for h in read_all(text)] == [
        "Laufen, 584073501",
        "Ding, 584073501",
    ]


def test_a_session_cut_short_inside_a_game_then_the_next_session() -> None:
    cut = game("83").split('  <round no="1">')[0]
    other = SESSION_HEAD.replace("Laufen", "Ding")
    results, summary = audit(SESSION_HEAD + cut + other + game("84") + "</session>\n")
    assert summary.hands_read == 2 and summary.hands_rejected == 0
    assert [[f.code for f in r.findings] for r in results] == [[Code.HAND_INCOMPLETE], []]
    assert [r.hand.start.table_name for r in results if r.hand] == [
        "Laufen, 584073501",
        "Ding, 584073501",
    ]


def test_a_wrong_declared_encoding_is_read() -> None:
    # cp1252 bytes in a document that declares utf-8 (the 2012 and 2019 exports)
    text = SESSION_HEAD.replace("$", "€") + game("91").replace("$", "€") + "</session>\n"
    results, summary = audit(text.encode("cp1252"))
    assert summary.hands_audited == 1
    hand = results[0].hand
    assert hand is not None
    assert hand.start.currency == "EUR" and of(hand, ev.SeatTaken)[0].stack == 10000


def test_a_holdem_session_is_skipped() -> None:
    text = SESSION_HEAD.replace("Omaha PL", "Holdem NL") + game("95") + "</session>\n"
    _, summary = audit(text)
    assert summary.hands_read == 1 and summary.hands_skipped == 1
    assert not IPokerRoom().is_omaha("Holdem NL $0.50/$1")
    assert game_name("PL €2/€4") == "Omaha"  # 2019 on: no game name (PLO5 by its cards)


def test_amounts_cards_and_dates_as_written() -> None:
    assert [amount_text(t) for t in ("€1,214.15", "€946,60", "$0.5", "€1,054", "€1.214,15")] == [
        "1214.15",
        "946.60",
        "0.5",
        "1054",
        "1214.15",
    ]
    assert [str(card_of(t)) for t in ("D10", "SQ", "H2", "ca")] == ["Td", "Qs", "2h", "Ac"]
    assert not card_of("X").valid and not card_of("x").valid and not card_of("Z9").valid


def test_the_fixture_s_action_codes_become_the_events() -> None:
    first, second, third = read_all(TEXT)
    # blinds written out of order (no="2" before no="1"): read in their "no" order
    posts = of(first, ev.Posted)
    assert [(p.player, p.kind) for p in posts] == [
        ("Anna", ev.PostKind.SMALL_BLIND),
        ("Bert", ev.PostKind.BIG_BLIND),
    ]
    # type 23: raise to; type 7: all-in, the chips it adds (a raise BY here)
    raises = of(first, ev.RaisedTo)
    assert (raises[0].to, raises[0].given) == (350, ev.RaiseGiven.TO)
    assert (raises[1].by, raises[1].all_in, raises[1].given) == (1650, True, ev.RaiseGiven.BY)
    # a seat with no pocket cards and no action is not dealt in (Carl)
    assert [s.player for s in of(first, ev.SeatTaken) if s.out_of_hand] == ["Carl"]
    # the export's player's cards are dealt to him; both hands shown at the showdown
    assert [str(c) for c in of(first, ev.Dealt)[0].cards] == ["Ah", "Ks", "Td", "Tc"]
    assert [s.player for s in of(first, ev.Shown)] == ["Hero", "Bert"]
    assert [(c.player, c.amount) for c in of(first, ev.Collected)] == [("Hero", 3850)]
    assert not first.uncalled_returns_written and not first.show_order_written
    # type 8: sitting out; a big blind above the stake: a newcomer's live big blind with
    # the small blind dead; Anna's win of 7 holds her uncalled 3 (no uncalled_bet_enabled)
    assert [(p.player, p.status) for p in of(second, ev.PlayerStatus)] == [
        ("Carl", ev.Status.SITTING_OUT)
    ]
    assert of(second, ev.Posted)[-1].kind is ev.PostKind.SMALL_AND_BIG
    assert [(c.player, c.amount) for c in of(second, ev.Collected)] == [("Anna", 400)]
    # 2019: "PL €2/€4" with five pocket cards, decimal commas, uncalled_bet_enabled (the
    # win leaves the uncalled bet out), "26.05.2019" dates
    assert (third.start.variant, third.start.hole_card_count) == ("PLO5", 5)
    assert of(third, ev.SeatTaken)[0].stack == 30349
    assert [(c.player, c.amount) for c in of(third, ev.Collected)] == [("Player0", 2350)]
    assert str(third.start.started_at) == "2019-05-26 20:10:42"


def test_the_fixture_audits_clean_and_stacks_carry_over(tmp_path: Path) -> None:
    results, summary = audit(TEXT)
    assert summary.hands_audited == 3
    assert [f for r in results for f in r.findings] == []


TEXT_LAYOUT = """\
GAME #4999410502: Omaha 50/100 - 2013-08-01 22:17:32
Table Kazuno (No DP Heads Up)
Server poker2.ipoker.com

Seat 3: Hero ($12,098.00 in chips)
Seat 8: Player0 ($10,000.00 in chips)

Hero: SB $50.00
Player0: BB $100.00
*** HOLE CARDS ***
Dealt to Hero [D7 H2 HA C7]
Hero: Raise to $250.00
Player0: Call $200.00
*** FLOP *** [D3 SK C3]
Player0: Check
Hero: Check
*** TURN *** [D3 SK C3 DQ]
Player0: Check
Hero: Check
*** RIVER *** [D3 SK C3 DQ C10]
Player0: Check
Hero: Bet $420.00
Player0: Fold
*** SUMMARY ***
Total pot $1,018.00 Rake $2.00
Hero: wins $1,018.00
"""


def test_pokertracker_s_text_of_ipoker_hands() -> None:
    results, summary = audit(TEXT_LAYOUT + "\n\n" + TEXT_LAYOUT.replace("4999410502", "5"))
    assert summary.format == "ipoker" and summary.hands_audited == 2
    hand = results[0].hand
    assert hand is not None
    assert [f.code for f in results[0].findings] == []
    # "Raise to $250.00" from the $50 small blind: the chips put in (his bet is $300)
    (raise_,) = of(hand, ev.RaisedTo)
    assert (raise_.by, raise_.given) == (25000, ev.RaiseGiven.BY)
    # "Total pot" and "wins" keep the uncalled $420: taken back out, the rake added
    (pot,) = of(hand, ev.SummaryPot)
    assert (pot.total, pot.rake) == (60000, 200)
    assert [(c.player, c.amount) for c in of(hand, ev.Collected)] == [("Hero", 59800)]
    assert hand.start.button_seat == 3  # heads-up: the small blind's seat


def test_the_text_layout_s_chips_lines_are_the_chips_added() -> None:
    # each chips line gives the chips put in and its word; "Allin" names no call, bet or
    # raise: the replay tells it (here a raise over the $100 big blind)
    allin = TEXT_LAYOUT.replace("Hero: Raise to $250.00", "Hero: Allin $250.00")
    results, _ = audit(allin)
    replay = results[0].replay
    assert replay is not None
    lines = [(c.player, c.verb, c.added, c.to, c.all_in) for c, _ in replay.classified]
    assert lines == [
        ("Hero", ev.Verb.ALL_IN, 25000, None, True),
        ("Player0", ev.Verb.CALL, 20000, None, False),
        ("Hero", ev.Verb.BET, 42000, None, False),
    ]
    assert isinstance(replay.classified[0][1], ev.RaisedTo)


def test_a_damaged_text_hand_is_a_parse_error_at_its_line() -> None:
    damaged = TEXT_LAYOUT.replace("Player0: Call $200.00", "Player0: Dances $200.00")
    results, summary = audit(damaged)
    assert summary.hands_rejected == 1
    (finding,) = results[0].findings
    assert finding.code == Code.PARSE_ERROR and finding.source.line == 13


def test_two_exports_of_one_game_indented_differently_are_one_record() -> None:
    room = IPokerRoom()
    one = game("99")
    other = "\n".join("\t\t" + line.strip() for line in one.splitlines()) + "\n"
    assert room.same_record_text(one) == room.same_record_text(other)
    assert room.same_record_text(one) != room.same_record_text(game("99", "$101"))


def test_a_game_with_no_round_at_all_is_incomplete_not_a_crash() -> None:
    bare = game("101").split('  <round no="0">')[0] + " </game>\n"
    results, summary = audit(SESSION_HEAD + bare + "</session>\n")
    assert summary.hands_audited == 1
    assert [f.code for f in results[0].findings] == [Code.HAND_INCOMPLETE]


def test_a_text_hand_with_a_date_no_calendar_has_is_a_parse_error() -> None:
    results, summary = audit(TEXT_LAYOUT.replace("2013-08-01", "2013-02-30"))
    assert summary.hands_rejected == 1
    assert [(f.code, f.source.line) for f in results[0].findings] == [(Code.PARSE_ERROR, 1)]


def test_type_6_is_the_chips_added_a_raise_by_over_a_bet() -> None:
    text = SESSION_HEAD + game("111", villain_act="3").replace(
        '<action no="4" player="Hero" type="4" sum="$0" cards=""/>',
        '<action no="4" player="Hero" type="6" sum="$2" cards=""/>\n'
        '   <action no="5" player="Villain" type="0" sum="$0" cards=""/>',
    )
    (hand,) = read_all(text)
    (raised,) = of(hand, ev.RaisedTo)
    assert (raised.player, raised.by, raised.given, raised.all_in) == (
        "Hero",
        200,
        ev.RaiseGiven.BY,
        False,
    )


def test_only_the_text_layout_s_own_header_starts_a_hand() -> None:
    room = IPokerRoom()
    assert room.is_header("GAME #4999408769: Omaha 50/100 - 2013-08-01 22:16:18")
    assert not room.is_header("GAME #1: over")  # another file's line: no date, no hand
    assert not room.is_header('<game gamecode="5383392792">')  # XML is split whole
