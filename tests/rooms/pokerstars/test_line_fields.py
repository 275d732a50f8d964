"""The PokerStars reader reads each line with its grammar terminal's own pattern: every
line of every corpus and fixture hand is read, one kind each, and names that hold other
lines' words, and free text with blanks, are read as written."""

from __future__ import annotations

import contextlib

from lark import Token
from lark.exceptions import LarkError

from auditor import events as ev
from auditor.parse.text_reader import lalr_parser
from auditor.read.decode import open_text
from auditor.read.split import RawHand, split_hands
from auditor.rooms.pokerstars.reader import PokerStarsReader
from tests.corpus import CORPUS, ROOT

HEAD = (
    "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2014/02/21 12:45:08 ET\n"
    "Table 'T' 6-max Seat #1 is the button\n"
)


def stars_hands() -> list[RawHand]:
    """Every hand of the corpus and fixtures in the PokerStars layout (GG's too)."""
    paths = sorted(p for p in CORPUS.rglob("*") if p.is_file()) if CORPUS.is_dir() else []
    paths += sorted((ROOT / "fixtures").rglob("*.txt"))
    hands = []
    for path in paths:
        with open(path, "rb") as raw:
            text, _ = open_text(raw)
            hands += [
                h
                for h in split_hands(text, str(path))
                if isinstance(h, RawHand) and h.room in ("pokerstars", "ggpoker")
            ]
    return hands


def test_every_line_of_a_run_is_read_as_one_kind() -> None:
    """The lexer takes a run of lines whole; the reader's pattern of the run, made of the
    same terminals, reads each of its lines, one after another (none skipped)."""
    reader = PokerStarsReader()
    runs: list[Token] = []

    def keep(tok: Token) -> Token:
        runs.append(tok)
        return tok

    parser = lalr_parser("pokerstars", {block: keep for block in reader._runs})
    hands = stars_hands()
    assert len(hands) >= (300 if CORPUS.is_dir() else 15)  # the fixtures' alone, on a clone
    for hand in hands:
        with contextlib.suppress(LarkError):  # the runs before an error are kept, and checked
            parser.parse(hand.text, start="start")
    lines = 0
    for tok in runs:
        at = 0
        for found in reader._runs[tok.type].finditer(tok):
            assert found.start() == at and found.lastgroup in reader._methods, tok
            at = found.end()
            lines += 1
        assert at == len(tok), tok
    assert lines >= (10_000 if CORPUS.is_dir() else 400)


def read(body: str) -> ev.Hand:
    text = HEAD + body
    return PokerStarsReader().read(RawHand("t.txt", 1, tuple(text.splitlines())))


def test_names_holding_line_words_keep_them() -> None:
    hand = read(
        "Seat 1: Bob ($5 in chips) ($100 in chips)\n"
        "Seat 2: x: calls 5 ($100 in chips)\n"
        "Bob ($5 in chips): posts small blind $1\n"
        "x: calls 5: posts big blind $2\n"
        "*** HOLE CARDS ***\n"
        "Bob ($5 in chips): raises $4 to $6 and is all-in\n"
        "x: calls 5: calls $4\n"
    )
    seats = [e for e in hand.events if isinstance(e, ev.SeatTaken)]
    assert [(s.player, s.stack) for s in seats] == [
        ("Bob ($5 in chips)", 10000),
        ("x: calls 5", 10000),
    ]
    chips = [e for e in hand.events if isinstance(e, ev.ChipsIn)]
    # "raises $4 to $6": the total, the raise over the bet faced is no chips added
    assert [(c.player, c.verb, c.added, c.to, c.all_in) for c in chips] == [
        ("Bob ($5 in chips)", ev.Verb.RAISE, None, 600, True),
        ("x: calls 5", ev.Verb.CALL, 400, None, False),
    ]


def test_free_text_loses_its_trailing_blanks_only() -> None:
    hand = read(
        "Seat 1: a ($100 in chips)\n"
        "Seat 2: b ($100 in chips)\n"
        "a: posts small blind $1\n"
        "b: posts big blind $2\n"
        "*** HOLE CARDS ***\n"
        "#  a comment  \t\n"
        'a said, "hi  there"  \n'
        "a: folds (timeout)\n"
        "Uncalled bet ($1) returned to b  \n"
        "*** FLOP *** [Ah Kd Qs]  x \n"
        "*** SUMMARY ***\n"
        "Total pot $2 | Rake $0 | Jackpot fee $0.5 \n"
        "Seat 1: a (small blind) folded before Flop \n"
    )
    events = hand.events
    assert next(e for e in events if isinstance(e, ev.Note)).text == "#  a comment"
    assert next(e for e in events if isinstance(e, ev.TableTalk)).text == "hi  there"
    assert next(e for e in events if isinstance(e, ev.Folded)).note == "timeout"
    assert next(e for e in events if isinstance(e, ev.UncalledReturned)).player == "b"
    garbled = next(e for e in events if isinstance(e, ev.Garbled))
    assert garbled.text == "*** FLOP *** [Ah Kd Qs]  x"
    flop = next(e for e in events if isinstance(e, ev.StreetDealt) and e.new_cards)
    assert len(flop.new_cards) == 3
    pot = next(e for e in events if isinstance(e, ev.SummaryPot))
    assert (pot.total, pot.rake, pot.fees) == (200, 0, (("Jackpot fee", 50),))
    seat = next(e for e in events if isinstance(e, ev.SummarySeat))
    assert (seat.player, seat.folded_on) == ("a", "before Flop")
