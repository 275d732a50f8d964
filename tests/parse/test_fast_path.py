"""The fast path of the text readers (auditor.parse.fast_path) reads every hand as Lark
does: the same events, the same truncation; a hand it cannot read to its end the same way
is read again by Lark, with Lark's error."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest

from auditor import events as ev
from auditor.parse.errors import HandParseError
from auditor.parse.text_reader import FieldsReader
from auditor.read.decode import open_text
from auditor.read.hands import HEAD_LINES, split_file
from auditor.read.looks import HEAD_CHARS
from auditor.read.split import RawHand
from auditor.rooms import REGISTRY, is_audited
from auditor.source import SourceSpan

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
ANCHOR = "pokerstars"  # benchmarks/parse.py's anchor room, whose speed the fast path is for
Outcome = ev.Hand | tuple[object, ...]


def _readers() -> tuple[dict[str, FieldsReader], dict[str, FieldsReader]]:
    """Each text room's reader twice: as it reads, and with Lark only."""
    fast: dict[str, FieldsReader] = {}
    lark: dict[str, FieldsReader] = {}
    for name, room in REGISTRY.items():
        reader, plain = room.reader(), room.reader()
        if isinstance(reader, FieldsReader) and isinstance(plain, FieldsReader):
            fast[name], lark[name] = reader, _lark_only(plain)
    return fast, lark


def _lark_only(reader: FieldsReader) -> FieldsReader:
    reader._fast, reader._fast_built = None, True
    return reader


def _outcome(reader: FieldsReader, raw: RawHand) -> Outcome:
    try:
        return reader.read(raw)
    except HandParseError as err:
        where = (err.file, err.line, err.column, err.text)
        return (*where, err.expected, err.code, err.context, err.kind)


def _took(reader: FieldsReader, raw: RawHand) -> bool:
    """The fast path reads ``raw`` to its end itself (not handing it to Lark)."""
    reader._reset(raw)
    took = reader._read_fast(raw)
    reader._reset(raw)
    return took


def _hands(paths: list[Path]) -> Iterator[RawHand]:
    rooms = tuple(REGISTRY.values())
    for path in paths:
        with open(path, "rb") as raw:
            text, _ = open_text(raw)
            lines = list(text)
        sample = "".join(lines[:HEAD_LINES])[:HEAD_CHARS]
        for hand in split_file(lines, str(path), sample, rooms):
            if isinstance(hand, RawHand):
                yield hand


def _agree(paths: list[Path]) -> dict[str, list[int]]:
    """Every text room's hand of ``paths`` read both ways; by room, the audited hands
    and those the fast path read itself."""
    fast, lark = _readers()
    taken: dict[str, list[int]] = {}
    for raw in _hands(paths):
        if raw.room not in fast:
            continue
        got, want = _outcome(fast[raw.room], raw), _outcome(lark[raw.room], raw)
        assert got == want, f"{raw.file}:{raw.first_line}"
        if is_audited(raw):
            counts = taken.setdefault(raw.room, [0, 0])
            counts[0] += 1
            counts[1] += _took(fast[raw.room], raw)
    return taken


def test_fixtures_read_alike() -> None:
    taken = _agree(sorted(FIXTURES.glob("*/*.txt")))
    # the rooms whose readers take tokens themselves (an _on_block of their own), or
    # whose runs' patterns are not their definitions', are read by Lark alone
    on = {room for room, (_, fast) in taken.items() if fast}
    assert ANCHOR in on and len(on) >= 15
    for room in on:  # each its fixtures' hands but a cut-short record or so
        audited, fast = taken[room]
        assert fast >= audited - 1, room


@pytest.mark.slow
def test_every_corpus_hand_reads_alike(corpus: Path) -> None:
    taken = _agree(sorted(p for p in corpus.rglob("*") if p.is_file()))
    audited, fast = taken[ANCHOR]
    assert audited >= 160 and fast >= audited - 2  # two records are cut short


_HAND = """\
PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2014/02/21 12:45:08 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: a ($200 in chips)
Seat 2: b ($200 in chips)
a: posts small blind $1
b: posts big blind $2
*** HOLE CARDS ***
a: raises $4 to $6
b: folds
Uncalled bet ($4) returned to a
a collected $4 from pot
*** SUMMARY ***
Total pot $4 | Rake $0
Seat 1: a (button) (small blind) collected ($4)
Seat 2: b (big blind) folded before Flop
"""


def _raw(text: str) -> RawHand:
    return RawHand("damaged.txt", 10, tuple(text.splitlines()), room=ANCHOR)


@pytest.mark.parametrize(
    "damage",
    [
        ("b: folds\n", "b: shoves\n"),  # a line of play the layout does not have
        ("$4) returned", "$4 returned"),  # a line no terminal takes
        ("a: raises $4 to $6", "a: raises $4 to $6.001"),  # an amount finer than the cent
        ("Seat 2: b ($200", "Seat 1: b ($200"),  # a seat twice: the seat line's error
        ("*** SUMMARY ***\n", "*** SUMMARY ***\n*** FLOP *** [Js 3d"),  # cut inside a line
    ],
)
def test_a_damaged_record_is_read_by_lark(damage: tuple[str, str]) -> None:
    fast, lark = _readers()
    whole = _raw(_HAND)
    assert _took(fast[ANCHOR], whole)
    assert _outcome(fast[ANCHOR], whole) == _outcome(lark[ANCHOR], whole)
    old, new = damage
    damaged = _raw(_HAND.replace(old, new))
    assert not _took(fast[ANCHOR], damaged)
    got = _outcome(fast[ANCHOR], damaged)
    assert got == _outcome(lark[ANCHOR], damaged)
    # and the reader is left as Lark leaves it: the next hand reads whole
    assert _outcome(fast[ANCHOR], whole) == _outcome(lark[ANCHOR], whole)


@pytest.mark.parametrize(
    ("cut", "fast_reads_it"),
    [
        (_HAND.partition("*** SUMMARY ***")[0], True),  # the grammar's: no summary yet
        (_HAND.partition("b: folds")[0] + "b: fo", False),  # inside a line: Lark's error
    ],
)
def test_a_record_cut_short_is_the_same_truncated_hand(cut: str, fast_reads_it: bool) -> None:
    fast, lark = _readers()
    assert _took(fast[ANCHOR], _raw(cut)) is fast_reads_it
    got = _outcome(fast[ANCHOR], _raw(cut))
    assert isinstance(got, ev.Hand) and got.truncated
    assert got == _outcome(lark[ANCHOR], _raw(cut))


def test_a_reader_that_takes_tokens_itself_has_no_fast_path() -> None:
    class OwnBlocks(type(REGISTRY[ANCHOR].reader())):  # type: ignore[misc]
        def _on_block(self, tok):  # type: ignore[no-untyped-def]
            return super()._on_block(tok)

    reader = OwnBlocks()
    reader.read(_raw(_HAND))
    assert reader._fast_built and reader._fast is None


def test_a_line_s_span_is_a_source_span() -> None:
    """The fast path sets a span's fields one by one (auditor.parse.fast_path): these
    must be all of SourceSpan's, with nothing its __init__ would do besides."""
    assert [field.name for field in fields(SourceSpan)] == ["file", "line", "column"]
    assert not hasattr(SourceSpan, "__post_init__")
    fast, _ = _readers()
    hand = _outcome(fast[ANCHOR], _raw(_HAND))
    assert isinstance(hand, ev.Hand)
    spans = [event.span for event in hand.events]
    assert spans[1] == SourceSpan("damaged.txt", 12) and hash(spans[1]) == hash(spans[1])
    assert all(type(span) is SourceSpan and span.column == 1 for span in spans)
