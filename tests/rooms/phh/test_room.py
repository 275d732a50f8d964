"""The PHH room: how its files are recognised and split (a .phh document, the [tables] of
a .phhs file), its games, and its fields and actions read into the same events as every
room's: "cc" a check or a call of what is owed (all-in when the stack is short), "cbr" a
bet or a raise TO an amount, "sm" a show or a muck, pokerkit's heads-up order, a dead
small blind, the collections the finishing stacks give, each event at its element's line
and column; a damaged document is a PARSE_ERROR at its place."""

from __future__ import annotations

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
from auditor.rooms.phh import PhhRoom
from auditor.rooms.phh.reader import PhhReader
from auditor.run import run_audit
from tests.classified import as_replayed
from tests.corpus import CORPUS, ROOT

FIXTURES = ROOT / "fixtures" / "phh"
E = TypeVar("E", bound=ev.Event)
ONE_A_LINE = (FIXTURES / "phh_pot_limit_side_pot_one_action_a_line.txt").read_text()
SESSION = (FIXTURES / "phh_fixed_limit_hilo_session.txt").read_text()
# 2023 WSOP Event #43, final table, hand 12 (FO/8), as the corpus has it: one line a field
WSOP_12 = """\
variant = 'FO/8'
ante_trimming_status = true
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [100000, 200000, 0, 0, 0]
small_bet = 200000
big_bet = 400000
starting_stacks = [4175000, 6675000, 4600000, 4750000, 9500000]
actions = ['d dh p1 8d7d5d4d', 'd dh p2 Jc9s9d6s', 'd dh p3 As8c7s5h', 'd dh p4 KcTd7c5c', \
'd dh p5 AdTs3d2s', 'p3 cbr 400000', 'p4 f', 'p5 f', 'p1 f', 'p2 cc', 'd db 3s7hKs', 'p2 cc', \
'p3 cbr 200000', 'p2 cc', 'd db 8s', 'p2 cc', 'p3 cbr 400000', 'p2 cc', 'd db Ah', 'p2 cc', \
'p3 cbr 400000', 'p2 cc', 'p3 sm As8c7s5h', 'p2 sm']
author = 'Juho Kim'
event = '2023 World Series of Poker Event #43: $50,000 Poker Players Championship | Day 5'
day = 22
month = 6
year = 2023
hand = 12
players = ['Brian Rast', 'Matthew Ashton', 'Kristopher Tong', 'James Obst', 'Talal Shakerchi']
finishing_stacks = [4075000, 5275000, 6100000, 4750000, 9500000]"""


def room() -> PhhRoom:
    found = REGISTRY["phh"]
    assert isinstance(found, PhhRoom)
    return found


def split(text: str, name: str = "hands.phh") -> list[RawHand | StrayText]:
    return list(room().split_file(text.splitlines(keepends=True), name))


def read_lines(text: str) -> ev.Hand:
    """The hand as read: "cc" facing a bet and "cbr" are ChipsIn, as the record says them."""
    (raw,) = split(text)
    assert isinstance(raw, RawHand)
    return PhhReader().read(raw)


def read(text: str) -> ev.Hand:
    """The hand as the audit sees it: each chips line told by the replay."""
    return as_replayed(read_lines(text), "phh")


def of(hand: ev.Hand, kind: type[E]) -> list[E]:
    return [e for e in hand.events if isinstance(e, kind)]


def kinds(hand: ev.Hand, *types: type[ev.Event]) -> list[ev.Event]:
    return [e for e in hand.events if isinstance(e, types)]


def test_files_are_known_by_content_and_games_by_variant() -> None:
    phh = room()
    assert phh.splits_files and phh.sniff(WSOP_12[:400]) and phh.sniff(SESSION)
    assert not phh.sniff("PokerStars Hand #1: Omaha Pot Limit ($0.50/$1.00 USD)\nvariant = 1")
    assert not phh.sniff('{"ohh": {"spec_version": "1.4.6", "variant": "x"}}')
    (raw,) = split(WSOP_12)
    assert isinstance(raw, RawHand)
    assert (phh.game(raw), phh.is_omaha(phh.game(raw))) == ("FO/8", True)
    assert phh.hand_id(raw) == "20230622-e51b3c0f-12"
    assert phh.table_name(raw).startswith("2023 World Series of Poker Event #43")
    for code, omaha in (("PO", True), ("NT", False), ("FT", False), ("F7S/8", False)):
        assert phh.is_omaha(code) is omaha
    assert phh.is_header("variant = 'PO'") and not phh.is_header("variants are many")
    assert set(phh.games) >= {"PLO", "FLO8"}


def test_a_phhs_file_is_one_hand_a_table_with_its_own_lines() -> None:
    hands = split(SESSION, "session.phhs")
    raws = [h for h in hands if isinstance(h, RawHand)]
    assert [(h.first_line, h.lines[0], h.lines[-1][:16]) for h in raws] == [
        (5, "[1]", "finishing_stacks"),
        (22, "[2]", "finishing_stacks"),
    ]
    assert all(isinstance(h, RawHand) and h.room == "phh" for h in hands)
    # a .phh file: the document from its first line that is not blank, one hand
    (one,) = split("\ufeff\n\n" + WSOP_12 + "\n\n")
    assert isinstance(one, RawHand) and (one.first_line, one.lines[0]) == (3, "variant = 'FO/8'")


def test_cc_and_cbr_are_read_as_they_say_the_replay_tells_the_chips() -> None:
    # "cbr 400000" over the blinds: a bet or raise to 400000 (the replay: a raise, the big
    # blind is the bet); "cc" facing it: a call naming no chips, of the bet it matches;
    # "cc" with nothing owed (the big blind's own bet matched): a check, no chips line
    hand = read_lines(WSOP_12)
    lines = [(c.verb, c.added, c.to, c.all_in) for c in of(hand, ev.ChipsIn)]
    assert lines[:2] == [
        (ev.Verb.BET_OR_RAISE, None, 400000, None),
        (ev.Verb.MATCH, None, 400000, None),
    ]
    assert of(hand, ev.Checked)


def test_a_corpus_hand_s_fields_and_actions() -> None:
    hand = read(WSOP_12)
    start = hand.start
    assert (start.variant, start.limit, start.hi_lo, start.small_stake, start.big_stake) == (
        "FLO8",
        ev.Limit.FIXED,
        True,
        200000,
        400000,
    )
    assert (start.button_seat, start.started_at) == (5, None)
    assert (start.currency, start.scale) == ("chips", 1)
    assert start.tournament_id is not None  # chips, an event: a tournament's hand
    seats = of(hand, ev.SeatTaken)
    assert [(s.seat, s.player, s.stack) for s in seats][:2] == [
        (1, "Brian Rast", 4175000),
        (2, "Matthew Ashton", 6675000),
    ]
    posts = of(hand, ev.Posted)
    assert [(p.player, p.kind, p.amount) for p in posts] == [
        ("Brian Rast", ev.PostKind.SMALL_BLIND, 100000),
        ("Matthew Ashton", ev.PostKind.BIG_BLIND, 200000),
    ]
    play = kinds(hand, ev.Called, ev.Checked, ev.Bet, ev.RaisedTo)
    assert [type(e).__name__ for e in play[:4]] == ["RaisedTo", "Called", "Checked", "Bet"]
    raise_ = play[0]
    assert isinstance(raise_, ev.RaisedTo)
    assert (raise_.to, raise_.given) == (400000, ev.RaiseGiven.TO)
    assert isinstance(play[1], ev.Called) and play[1].amount == 200000  # the big blind's call
    shown = kinds(hand, ev.ShowdownStarted, ev.Shown, ev.Mucked)
    assert [type(e).__name__ for e in shown] == ["ShowdownStarted", "Shown", "Mucked"]
    # collections from the finishing stacks: Tong 6,100,000 = 4,600,000 - 1,400,000 + 2,900,000
    assert [(c.player, c.amount) for c in of(hand, ev.Collected)] == [("Kristopher Tong", 2900000)]
    assert not hand.uncalled_returns_written


def test_each_action_is_spanned_at_its_element() -> None:
    hand = read(WSOP_12)
    first = of(hand, ev.RaisedTo)[0]  # 'p3 cbr 400000', the sixth element of line 8
    assert (first.span.line, first.span.column) == (8, WSOP_12.splitlines()[7].index("'p3 cbr") + 1)
    hand = read(ONE_A_LINE)
    lines = ONE_A_LINE.splitlines()
    called = of(hand, ev.Called)[1]
    assert lines[called.span.line - 1].strip() == '"p3 cc",  # all in for 7,500 more'
    assert called.span.column == 3
    (note,) = of(hand, ev.Note)
    assert note.text.startswith("Ashley calls all in")
    assert hand.start.span.line == lines.index('variant = "PO"') + 1


def test_a_short_call_is_all_in_and_seats_times_and_antes_are_read() -> None:
    hand = read(ONE_A_LINE)
    start = hand.start
    assert [s.seat for s in of(hand, ev.SeatTaken)] == [2, 4, 5, 9]
    assert (start.button_seat, start.max_seats, start.time_zone) == (9, 9, "PT")
    assert start.started_at is not None and start.started_at.isoformat() == "2024-06-14T19:30:05"
    assert start.table_name.endswith(", table 3")
    ante, *_ = of(hand, ev.Posted)
    # the big blind alone antes: the table's ante (dead money in the main pot)
    assert (ante.player, ante.kind, ante.amount) == ("Bo Strand", ev.PostKind.TABLE_ANTE, 1000)
    calls = [(c.player, c.amount, c.all_in) for c in of(hand, ev.Called)]
    assert calls[1:3] == [("Cy Vance", 7500, True), ("Dana Roux", 11500, False)]
    raised = of(hand, ev.RaisedTo)[-1]
    assert isinstance(raised, ev.RaisedTo) and (raised.to, raised.all_in) == (64000, True)
    dealt = {d.player: d.cards for d in of(hand, ev.Dealt) if isinstance(d, ev.Dealt)}
    assert dealt["Bo Strand"] == ()  # "????????": not known
    (result,) = audit_text(ONE_A_LINE)
    assert result.status is Status.AUDITED and not result.findings
    assert result.replay is not None
    assert dict(result.replay.ending_stacks)["Dana Roux"] == 20000  # 20,000 returned


def test_heads_up_order_the_shown_dealt_hand_and_the_lifted_cap() -> None:
    results = audit_text(SESSION)
    assert [r.status for r in results] == [Status.AUDITED] * 2
    split_pot, heads_up = (r.hand for r in results)
    assert split_pot is not None and heads_up is not None
    shown = of(split_pot, ev.Shown)[0]  # "p1 sm -": the cards he was dealt
    assert isinstance(shown, ev.Shown) and [str(c) for c in shown.cards] == ["As", "2d", "5c", "9h"]
    posts = [(p.player, p.kind) for p in of(heads_up, ev.Posted)]
    assert posts == [("Ben", ev.PostKind.SMALL_BLIND), ("Ann", ev.PostKind.BIG_BLIND)]
    assert heads_up.start.button_seat == 2
    assert all(not r.findings for r in results)
    # the fifth bet heads-up: the phh profile lifts the cap (TDA); the seeds' does not
    seeds = audit_text(SESSION, rules="seeds")
    assert [str(f.code) for f in seeds[1].findings] == ["CAP_EXCEEDED"]


def test_a_dead_small_blind_is_the_big_blind_posted_alone() -> None:
    text = WSOP_12.replace("[100000, 200000, 0, 0, 0]", "[200000, 0, 0, 0, 0]")
    posts = [(p.player, p.kind, p.amount) for p in of(read(text), ev.Posted)]
    assert posts == [("Brian Rast", ev.PostKind.BIG_BLIND, 200000)]
    text = WSOP_12.replace("[100000, 200000, 0, 0, 0]", "[100000, 0, 0, 0, 0]")
    assert [p.kind for p in of(read(text), ev.Posted)] == [ev.PostKind.SMALL_BLIND]


def test_cents_are_exact_and_a_currency_is_a_cash_game() -> None:
    text = (
        "variant = 'PO'\nantes = [0, 0]\nblinds_or_straddles = [0.25, 0.5]\nmin_bet = 0.5\n"
        "starting_stacks = [50, 62.75]\ncurrency = 'USD'\nevent = 'Cash'\n"
        "actions = ['d dh p1 AhKhQhJh', 'd dh p2 2c3c4d5d', 'p2 cbr 1.5', 'p1 f']\n"
        "finishing_stacks = [49.5, 63.25]\n"
    )
    hand = read(text)
    assert (hand.start.scale, hand.start.currency, hand.start.tournament_id) == (100, "USD", None)
    raised = of(hand, ev.RaisedTo)[0]
    assert isinstance(raised, ev.RaisedTo) and raised.to == 150
    assert [(c.player, c.amount) for c in of(hand, ev.Collected)] == [("p2", 100)]


def test_a_payout_the_record_cannot_have_is_a_finding() -> None:
    text = WSOP_12.replace("6100000, 4750000", "6200000, 4650000")
    (result,) = audit_text(text)
    assert [str(f.code) for f in result.findings] == ["CHIPS_NOT_CONSERVED"]


def test_hold_em_is_read_and_skipped(corpus: object) -> None:
    path = CORPUS / "PHH" / "HOLDEM_NLHE" / "wsop-2023-43-5-1.phh"
    (result,) = audit_text(path.read_text(encoding="utf-8"))
    assert (result.status, result.format) == (Status.SKIPPED, "phh")


@pytest.mark.parametrize(
    ("damage", "line", "code", "words"),
    [
        (("small_bet = 200000", "small_bet = 200000 2"), 5, Code.PARSE_ERROR, "after a statement"),
        (("'p2 cc', 'd db 3s7hKs'", "'p2 xx', 'd db 3s7hKs'"), 8, Code.PARSE_ERROR, "'p2 xx'"),
        (("'p4 f'", "'p9 f'"), 8, Code.SEAT_INVALID, "no player"),
        (
            ("'p3 cbr 400000', 'p4 f'", "'p3 cbr 99999999999999999999', 'p4 f'"),
            8,
            Code.AMOUNT_OUT_OF_RANGE,
            "actions",
        ),
        (
            ("starting_stacks = [4175000, ", "starting_stacks = [4175000, 'x', "),
            7,
            Code.PARSE_ERROR,
            "not a number",
        ),
        (("'d db 8s'", "'d db 8s9s'"), 8, Code.PARSE_ERROR, "next street"),
    ],
)
def test_a_damaged_hand_is_a_parse_error_at_its_place(
    damage: tuple[str, str], line: int, code: Code, words: str
) -> None:
    old, new = damage
    assert old in WSOP_12
    (raw,) = split(WSOP_12.replace(old, new, 1))
    assert isinstance(raw, RawHand)
    with pytest.raises(HandParseError) as caught:
        PhhReader().read(raw)
    err = caught.value
    assert (err.line, err.code) == (line, code)
    assert words in err.expected
    (result,) = audit_text(WSOP_12.replace(old, new, 1))
    assert result.status is Status.REJECTED
    assert [f.code for f in result.findings] == [code]


def test_winnings_stand_in_for_finishing_stacks_not_written() -> None:
    text = WSOP_12.replace(
        "finishing_stacks = [4075000, 5275000, 6100000, 4750000, 9500000]",
        "winnings = [0, 0, 2900000, 0, 0]",
    )
    hand = read(text)
    (collected,) = of(hand, ev.Collected)
    assert (collected.player, collected.amount, collected.span.line) == (
        "Kristopher Tong",
        2900000,
        len(text.splitlines()),
    )
    no_payout = WSOP_12.rsplit("\n", 1)[0]  # neither written: no collection is claimed
    hand = read(no_payout)
    assert of(hand, ev.Collected) == [] and hand.truncated and hand.truncated_at is None
    (result,) = audit_text(no_payout)  # the betting replayed, the pots not weighed
    assert result.status is Status.AUDITED and not result.findings


def test_a_phhs_table_with_no_hand_number_is_known_by_its_file() -> None:
    text = SESSION.replace("hand = 1\n", "").replace("hand = 2\n", "")
    raws = [r for r in split(text, "/data/club/night.phhs") if isinstance(r, RawHand)]
    assert [room().hand_id(r) for r in raws] == ["night.phhs[1]", "night.phhs[2]"]
    assert [PhhReader().read(r).start.hand_id for r in raws] == ["night.phhs[1]", "night.phhs[2]"]


def test_a_copy_of_a_hand_is_found_though_its_id_is_written_last(tmp_path: Path) -> None:
    """A PHH document's ``hand``, date and event come anywhere in it (here at its end): the
    copies of a hand still meet under one id."""
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "12.phh").write_text(WSOP_12, encoding="utf-8")
    summary = run_audit([str(tmp_path / "a"), str(tmp_path / "b")], tmp_path / "out", workers=1)
    assert summary.findings_by_code == {"HAND_DUPLICATE": 1}


# A big-blind ante (the WSOP's: "antes = [0, 100000, 0, 0, 0]"), shaped on the corpus's
# hands: Cy all-in for 450, Bob (the big blind, ante 100 and blind 100) calls. The ante is
# the table's, dead in the main pot: one pot of 50 + 100 + 450 + 450 = 1,050 for Bob and
# Cy, no side pot of Bob's ante that only he could win.
BIG_BLIND_ANTE = """\
variant = 'PO'
antes = [0, 100, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 450]
actions = ['d dh p1 2s3s4s5s', 'd dh p2 7c7d8c8d', 'd dh p3 AsAhKsQh', 'p3 cbr 450', 'p1 f', \
'p2 cc', 'd db 2c3d4h', 'd db 9s', 'd db Kd', 'p3 sm AsAhKsQh', 'p2 sm 7c7d8c8d']
event = 'a test table'
players = ['Ann', 'Bob', 'Cy']
finishing_stacks = [950, 450, 1050]
"""


def test_a_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    (result,) = audit_text(BIG_BLIND_ANTE)
    assert result.status is Status.AUDITED and not result.findings
    assert result.replay is not None
    assert [(p.index, p.amount, p.eligible) for p in result.replay.pots] == [
        (0, 1050, ("Bob", "Cy"))
    ]


def test_the_big_blinds_ante_paid_back_to_him_is_found() -> None:
    """Cy's aces win the one pot; a record that gives Bob his ante back (950 to Cy, Bob
    ends with 550) paid Bob from a pot he did not win. The ante counted as Bob's own made
    a 100 side pot for him alone, and this passed."""
    text = BIG_BLIND_ANTE.replace("[950, 450, 1050]", "[950, 550, 950]")
    (result,) = audit_text(text)
    assert [f.code for f in result.findings] == ["WINNER_WRONG"]
