"""The OHH room: how its files are known and cut into their objects (one pretty-printed,
several in the storage format or one a line, an array), its games, and the spec's keys
and actions read into the same events as every room's: a raise's amount is the chips it
adds (given BY), pots gross with their rake (the summary's listed net), wins per pot, the
cards an exporter writes on the players; a damaged object is a PARSE_ERROR at its line
and column, and the file's other hands are still read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

import pytest

from auditor import events as ev
from auditor.api import audit_text
from auditor.findings import Code
from auditor.parse.errors import HandParseError
from auditor.read.split import RawHand, StrayText
from auditor.results import Status
from auditor.rooms import REGISTRY
from auditor.rooms.ohh import OhhRoom
from auditor.rooms.ohh.reader import OhhReader
from auditor.run import run_audit
from tests.corpus import CORPUS, ROOT

E = TypeVar("E", bound=ev.Event)
FIXTURE = (ROOT / "fixtures" / "ohh" / "ohh_storage_format_plo_and_hilo_side_pot.txt").read_text()
COMPACT, PRETTY = FIXTURE.split("\n\n")
TEN_FOUR = CORPUS / "OHH" / "HOLDEM_NLHE" / "sample_ohh_tenfour.json"


def room() -> OhhRoom:
    found = REGISTRY["ohh"]
    assert isinstance(found, OhhRoom)
    return found


def split(text: str) -> list[RawHand | StrayText]:
    return list(room().split_file(text.splitlines(keepends=True), "hands.ohh"))


def read(text: str) -> ev.Hand:
    (raw,) = split(text)
    assert isinstance(raw, RawHand)
    return OhhReader().read(raw)


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def omaha(text: str, **changes: object) -> str:
    """``text``'s hand with some of its "ohh" keys changed, pretty-printed."""
    doc = json.loads(text)
    doc["ohh"].update(changes)
    return json.dumps(doc, indent=2)


def test_files_are_known_by_content_and_games_by_game_type() -> None:
    ohh = room()
    assert ohh.splits_files and ohh.sniff(FIXTURE[:2000]) and ohh.sniff(PRETTY[:300])
    assert not ohh.sniff('{"version": "1.0", "hands": []}')
    assert not ohh.sniff("variant = 'PO'\nactions = []")
    raws = split(FIXTURE)
    assert [(r.first_line, type(r).__name__) for r in raws] == [(1, "RawHand"), (3, "RawHand")]
    compact, pretty = (r for r in raws if isinstance(r, RawHand))
    assert [ohh.game(compact), ohh.game(pretty)] == ["Omaha", "OmahaHiLo"]
    assert [ohh.hand_id(compact), ohh.table_name(pretty)] == ["7100000001", "Calder"]
    assert ohh.is_omaha("OmahaHiLo") and not ohh.is_omaha("Holdem")
    assert ohh.is_header('{"ohh": {') and not ohh.is_header('  "ohh": {')


def test_objects_one_a_line_in_an_array_and_stray_text() -> None:
    lines = [json.dumps(json.loads(COMPACT)), json.dumps(json.loads(COMPACT))]
    assert [r.first_line for r in split("\n".join(lines))] == [1, 2]
    in_array = "[\n" + ",\n".join(lines) + "\n]\n"
    assert [type(r).__name__ for r in split(in_array)] == ["RawHand", "RawHand"]
    pieces = split("exported by a tool\n" + COMPACT + "\n")
    assert [(type(p).__name__, p.first_line) for p in pieces] == [("StrayText", 1), ("RawHand", 2)]
    # a string holding brackets and quotes does not end the object
    tricky = COMPACT.replace('"name":"Ann"', '"name":"Ann \\"}{[\\" Lee"')
    (raw,) = split(tricky)
    assert isinstance(raw, RawHand)
    assert of(OhhReader().read(raw), ev.SeatTaken)[0].player == 'Ann "}{[" Lee'


def test_a_compact_hand_s_events_and_their_columns() -> None:
    hand = read(COMPACT)
    start = hand.start
    assert (start.site, start.hand_id, start.variant, start.currency, start.scale) == (
        "Example Poker",
        "7100000001",
        "PLO",
        "USD",
        100,
    )
    assert (start.small_stake, start.big_stake, start.button_seat, start.max_seats) == (
        50,
        100,
        5,
        6,
    )
    assert start.started_at is not None and start.time_zone == "UTC"
    assert start.started_at.isoformat() == "2024-03-09T21:04:11"
    (raise_,) = of(hand, ev.RaisedTo)
    assert (raise_.by, raise_.to, raise_.given) == (350, 0, ev.RaiseGiven.BY)
    assert raise_.span.column == COMPACT.index('"action":"Raise"') + 1
    (dealt,) = of(hand, ev.Dealt)
    assert [str(c) for c in dealt.cards] == ["As", "Ks", "Qh", "Jh"]
    (pot,) = of(hand, ev.SummaryPot)
    assert (pot.total, pot.main, pot.rake) == (750, None, 35)
    assert [(c.player, c.amount) for c in of(hand, ev.Collected)] == [("Cy", 715)]
    assert not hand.uncalled_returns_written  # Cy's $5 flop bet: returned by the rules


def test_a_hi_lo_side_pot_hand_audits_clean_end_to_end() -> None:
    results = audit_text(FIXTURE)
    assert [(r.status, r.format) for r in results] == [(Status.AUDITED, "ohh")] * 2
    assert all(not r.findings for r in results)
    hand = results[1].hand
    assert hand is not None and hand.start.variant == "PLO8"
    (pot,) = of(hand, ev.SummaryPot)
    assert (pot.total, pot.main, pot.side_pots, pot.rake) == (28200, 18000, (10000,), 200)
    wins = [(c.player, c.amount, c.pot, c.names_pot) for c in of(hand, ev.Collected)]
    assert wins == [
        ("Dee", 9000, 0, True),
        ("Ann", 9000, 0, True),
        ("Dee", 5000, 1, True),
        ("Ann", 5000, 1, True),
    ]
    (bob_bet,) = [b for b in of(hand, ev.Bet) if b.player == "Bob"]
    assert bob_bet.all_in and bob_bet.amount == 2600
    shown = of(hand, ev.Shown)
    assert [s.player for s in shown] == ["Dee", "Ann", "Bob"]
    assert hand.events.index(of(hand, ev.ShowdownStarted)[0]) < hand.events.index(shown[0])
    # a half paid to the wrong player is the engine's finding, as for any room
    wrong = omaha(
        PRETTY,
        pots=[
            {
                "number": 0,
                "amount": 182,
                "rake": 2,
                "player_wins": [{"player_id": 3, "win_amount": 180}],
            },
            {
                "number": 1,
                "amount": 100,
                "rake": 0,
                "player_wins": [
                    {"player_id": 3, "win_amount": 50},
                    {"player_id": 0, "win_amount": 50},
                ],
            },
        ],
    )
    (result,) = audit_text(wrong)
    assert "WINNER_WRONG" in {str(f.code) for f in result.findings}


def test_posts_status_lines_and_cards_on_the_players() -> None:
    doc = json.loads(PRETTY)
    rounds = doc["ohh"]["rounds"]
    rounds[0]["actions"][2:3] = []  # no "Dealt Cards": Cy's cards are on his player
    doc["ohh"]["players"][2]["cards"] = ["9h", "9s", "Tc", "Jc"]
    rounds[0]["actions"][0:0] = [
        {"action_number": 0, "player_id": 3, "action": "Post Ante", "amount": 0.25},
        {"action_number": 0, "player_id": 2, "action": "Post Dead", "amount": 1},
        {"action_number": 0, "player_id": 1, "action": "Stands Up"},
    ]
    hand = read(json.dumps(doc, indent=1))
    posts = [(p.player, p.kind, p.amount) for p in of(hand, ev.Posted)]
    assert posts[:2] == [("Dee", ev.PostKind.ANTE, 25), ("Cy", ev.PostKind.MISSED_BLIND, 100)]
    (leaves,) = of(hand, ev.PlayerStatus)
    assert (leaves.player, leaves.status) == ("Bob", ev.Status.LEAVES)
    (dealt,) = of(hand, ev.Dealt)
    assert dealt.player == "Cy" and len(dealt.cards) == 4
    first_play = next(e for e in hand.events if isinstance(e, ev.Called))
    assert hand.events.index(dealt) < hand.events.index(first_play)


def test_a_tournament_and_fixed_limit() -> None:
    text = omaha(
        COMPACT,
        tournament=True,
        tournament_info={"tournament_number": "991", "buyin_amount": 10},
        bet_limit={"bet_cap": 0, "bet_type": "FL"},
    )
    start = read(text).start
    assert (start.tournament_id, start.limit, start.small_stake, start.big_stake) == (
        "991",
        ev.Limit.FIXED,
        100,
        200,
    )


def test_the_corpus_s_hold_em_is_read_skipped_and_counted(corpus: object) -> None:
    (result,) = audit_text(TEN_FOUR.read_text(encoding="utf-8"))
    assert (result.status, result.format, result.game) == (Status.SKIPPED, "ohh", "Holdem")
    assert result.hand_id == "ynkZ4QLFbmdc02Ox9tD4"  # game_number "": the export's own id


@pytest.mark.parametrize(
    ("damage", "code", "words"),
    [
        (('"action":"Fold"', '"action":"Folds"'), Code.PARSE_ERROR, "'Folds'"),
        (
            ('"player_id":0,"action":"Fold"', '"player_id":9,"action":"Fold"'),
            Code.SEAT_INVALID,
            "no player",
        ),
        (('"amount":3.5', '"amount":"3.5"'), Code.PARSE_ERROR, "not an amount"),
        (('"amount":3.5', '"amount":1e30'), Code.AMOUNT_OUT_OF_RANGE, "amount"),
        (('"street":"Flop"', '"street":"Flopp"'), Code.PARSE_ERROR, "'Flopp'"),
    ],
)
def test_a_damaged_hand_is_a_finding_at_its_place(
    damage: tuple[str, str], code: Code, words: str
) -> None:
    old, new = damage
    assert old in COMPACT
    with pytest.raises(HandParseError) as caught:
        read(COMPACT.replace(old, new, 1))
    err = caught.value
    damaged = COMPACT.replace(old, new, 1)
    # the place of the action (its "action" key) or round (its "street") that is damaged
    key = '"street"' if "street" in old else '"action"'
    place = damaged.index(key, damaged.rindex("{", 0, damaged.index(new) + 1))
    assert (err.line, err.column, err.code) == (1, place + 1, code)
    assert words in err.expected


def test_broken_json_is_a_parse_error_and_the_next_hand_is_read() -> None:
    broken = PRETTY.replace('"rake": 0,', '"rake": 0', 1)  # a comma missing
    results = audit_text(broken + "\n\n" + COMPACT + "\n")
    assert [r.status for r in results] == [Status.REJECTED, Status.AUDITED]
    (finding,) = results[0].findings
    line = broken.splitlines().index(next(x for x in broken.splitlines() if '"rake": 0' in x))
    assert (finding.code, finding.source.line) == (Code.PARSE_ERROR, line + 2)
    unclosed = PRETTY.rsplit("}", 1)[0]  # the object never closed
    results = audit_text(unclosed + "\n\n" + COMPACT + "\n")
    assert [r.status for r in results] == [Status.REJECTED, Status.AUDITED]


def test_a_copy_of_a_pretty_printed_hand_is_found(tmp_path: Path) -> None:
    """A pretty-printed hand's game_number is on its ninth line: its copies still meet."""
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "hands.ohh").write_text(FIXTURE, encoding="utf-8")
    summary = run_audit([str(tmp_path / "a"), str(tmp_path / "b")], tmp_path / "out", workers=1)
    assert summary.findings_by_code == {"HAND_DUPLICATE": 2}
