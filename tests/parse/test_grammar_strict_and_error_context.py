"""The PokerStars grammar loads in Lark's strict mode, and a syntax error says where,
what was expected, what it resembles and shows the text around the place."""

from __future__ import annotations

import types

import lark.lexer
import pytest
from lark import Lark

from auditor.parse.errors import HandParseError
from auditor.parse.grammar import grammar_text
from auditor.read.split import RawHand, split_hands
from auditor.rooms.pokerstars.reader import PokerStarsReader

HEAD = (
    "PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2014/02/21 12:45:08 ET\n"
    "Table 'T' 6-max Seat #1 is the button\n"
    "Seat 1: a ($200 in chips)\n"
    "Seat 2: b ($200 in chips)\n"
    "a: posts small blind $1\n"
    "b: posts big blind $2\n"
    "*** HOLE CARDS ***\n"
)


def test_grammar_loads_in_strict_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strict LALR: no shift/reduce conflict. Lark's regex-collision half of strict mode
    needs interegular, which is not a dependency (and does not finish on the block
    terminals in minutes): it is stubbed, the terminal it found (a second terminal with
    EOL's pattern for blank lines) is checked by the next test."""
    monkeypatch.setattr(lark.lexer, "has_interegular", True)
    monkeypatch.setattr(lark.lexer, "_check_regex_collisions", lambda *a, **k: None)
    stub = types.SimpleNamespace(Comparator=types.SimpleNamespace(from_regexes=lambda r: None))
    monkeypatch.setattr(lark.lexer, "interegular", stub, raising=False)
    parser = Lark(
        grammar_text("pokerstars"),
        parser="lalr",
        lexer="contextual",
        strict=True,
    )
    assert parser.options.strict


def test_blank_lines_are_ignored_by_eol_itself() -> None:
    """Strict mode's collision: blank lines were a second terminal of EOL's pattern."""
    parser = PokerStarsReader()._parser
    patterns = [t.pattern.to_regexp() for t in parser.terminals]
    assert patterns.count(parser.get_terminal("EOL").pattern.to_regexp()) == 1
    assert list(parser.lexer_conf.ignore) == ["EOL"]


def _error(text: str) -> HandParseError:
    (raw,) = [h for h in split_hands(text.splitlines(True), "x.txt") if isinstance(h, RawHand)]
    with pytest.raises(HandParseError) as caught:
        PokerStarsReader().read(raw)
    return caught.value


def test_bad_line_of_play_says_expected_context_and_kind() -> None:
    err = _error(HEAD + "a: raises $4 two $6\n*** SUMMARY ***\n")
    assert (err.line, err.column) == (8, 1)
    assert err.expected == "expected *** SUMMARY *** or a line of play"
    assert err.kind == "a line of play the layout does not have"
    assert err.context.splitlines() == ["a: raises $4 two $6", "^"]
    assert "(a line of play the layout does not have)" in str(err)


def test_bad_summary_line_and_bad_table_line_are_told_apart() -> None:
    summary = _error(HEAD + "a: folds\n*** SUMMARY ***\nTotal pot $3 | Rake $0\nwhat is this\n")
    assert summary.kind == "a summary line the layout does not have"
    assert summary.line == 11 and summary.expected == "expected a summary line"
    table = _error(HEAD.replace("Table 'T'", "Tabel 'T'") + "*** SUMMARY ***\n")
    assert table.kind == "a table line the layout does not have"
    assert table.line == 2 and table.context.startswith("Tabel 'T'")


def test_reader_reads_the_next_hand_after_an_error() -> None:
    """Matching the error against the examples goes through the reader: it is reset."""
    reader = PokerStarsReader()
    text = HEAD + "a: shoves\n*** SUMMARY ***\n\n\n" + HEAD + "b: folds\n*** SUMMARY ***\n"
    bad, good = (h for h in split_hands(text.splitlines(True), "x.txt") if isinstance(h, RawHand))
    with pytest.raises(HandParseError):
        reader.read(bad)
    hand = reader.read(good)
    assert hand.start.hand_id == "1" and not hand.truncated
