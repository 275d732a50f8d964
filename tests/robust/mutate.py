"""Damage real hand histories at random, the way exports, converters and disks do.

The source hands are the Omaha hands of the PokerStars-layout corpus and of the
fixtures. Each damaged hand is one of them with one to three of: a line duplicated,
deleted, swapped with another or moved, a line cut short, a byte's bit flipped, a
number inflated (digits appended, or a huge value), a date broken, the header's stakes
or table line changed, a line of another hand put in. Everything is drawn from a
``random.Random`` with the caller's seed, so a run is reproduced by its seed.

Used by tests/robust/test_fuzz.py and benchmarks/fuzz.py.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from auditor.read.decode import open_text
from auditor.read.split import RawHand, split_hands
from auditor.rooms import is_audited
from tests.corpus import ROOT, stars_layout_rows

Hand = list[bytes]
"""A hand as its lines, without line ends, in UTF-8 (damage may leave it invalid)."""

_NUMBER = re.compile(rb"[0-9]+(?:[.,][0-9]+)*")
HEADER_DATE = re.compile(
    rb"[0-9]{4}/[0-9]{1,2}/[0-9]{1,2}(?: -)? [0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?"
)
_HUGE = (
    b"9223372036854775807",
    b"9223372036854775808",
    b"99999999999999999.99",
    b"32767",
    b"32768",
    b"65536",
    b"2147483648",
    b"0",
    b"00",
    b"1" + b"0" * 40,
)
_BAD_DATES = (
    b"9999/12/31 23:59:59",
    b"0001/01/01 00:00:00",
    b"2020/13/45 25:61:61",
    b"2020/02/30 12:00:00",
    b"2020/00/00 00:00",
    b"1970/01/01 00:00:00",
    b"2038/01/19 03:14:08",
)
_SEAT_NAME = re.compile(rb"Seat [0-9]+: (.+?) \(")
_ZONES = (b"ET", b"UTC", b"XYZ", b"", b"CET [9999/12/31 23:59:59 ET]")


def source_hands() -> list[Hand]:
    """The Omaha hands of the PokerStars-layout corpus (when it is beside the checkout)
    and of the fixtures, in a fixed order."""
    paths = sorted(r.path for r in stars_layout_rows() if r.path.is_file())
    paths += sorted((ROOT / "fixtures").glob("*/*.txt"))  # every room's fixtures
    hands: list[Hand] = []
    for path in paths:
        with open(path, "rb") as stream:
            text, _ = open_text(stream)
            for item in split_hands(text, str(path)):
                if isinstance(item, RawHand) and is_audited(item):
                    hands.append([line.encode("utf-8") for line in item.lines])
    return hands


class Mutator:
    """Damages hands, one to three changes each, from a seeded random source."""

    def __init__(self, seed: int, donors: list[Hand] | None = None) -> None:
        self.random = random.Random(seed)
        self.donors = donors or []  # hands whose lines may be put into another
        self._changes: tuple[Callable[[Hand], Hand], ...] = (
            self.duplicate_line,
            self.delete_line,
            self.swap_lines,
            self.move_line,
            self.cut_line,
            self.flip_bit,
            self.flip_bit,
            self.inflate_number,
            self.inflate_number,
            self.huge_number,
            self.huge_number,
            self.break_date,
            self.foreign_line,
            self.duplicate_seat,
            self.truncate,
            self.swap_word,
            self.swap_word,
            self.other_player,
            self.other_player,
        )
        # words of the donors' lines (names, cards, amounts, keywords) to put in elsewhere
        self.words = sorted({w for hand in donors or [] for line in hand for w in line.split()})

    def damage(self, hand: Hand) -> Hand:
        damaged = list(hand)
        for _ in range(self.random.choice((1, 1, 1, 2, 2, 3))):
            damaged = self.random.choice(self._changes)(damaged) or damaged
        return damaged

    # ------------------------------------------------------------ the changes
    def _line(self, hand: Hand) -> int:
        return self.random.randrange(len(hand))

    def duplicate_line(self, hand: Hand) -> Hand:
        at = self._line(hand)
        return [*hand[: at + 1], hand[at], *hand[at + 1 :]]

    def delete_line(self, hand: Hand) -> Hand:
        if len(hand) < 2:
            return hand
        at = 1 + self.random.randrange(len(hand) - 1)  # the header stays: it makes the hand
        return [*hand[:at], *hand[at + 1 :]]

    def swap_lines(self, hand: Hand) -> Hand:
        a, b = self._line(hand), self._line(hand)
        swapped = list(hand)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        return swapped

    def move_line(self, hand: Hand) -> Hand:
        moved = list(hand)
        line = moved.pop(self._line(hand))
        moved.insert(self.random.randrange(len(moved) + 1), line)
        return moved

    def cut_line(self, hand: Hand) -> Hand:
        at = self._line(hand)
        line = hand[at]
        return [*hand[:at], line[: self.random.randrange(len(line) + 1)], *hand[at + 1 :]]

    def flip_bit(self, hand: Hand) -> Hand:
        at = self._line(hand)
        line = bytearray(hand[at])
        if not line:
            return hand
        where = self.random.randrange(len(line))
        line[where] ^= 1 << self.random.randrange(8)
        return [*hand[:at], bytes(line), *hand[at + 1 :]]

    def _numbers(self, hand: Hand) -> list[tuple[int, re.Match[bytes]]]:
        return [(i, m) for i, line in enumerate(hand) for m in _NUMBER.finditer(line)]

    def _replace_number(self, hand: Hand, new: Callable[[bytes], bytes]) -> Hand:
        found = self._numbers(hand)
        if not found:
            return hand
        at, match = self.random.choice(found)
        line = hand[at]
        changed = line[: match.start()] + new(match.group()) + line[match.end() :]
        return [*hand[:at], changed, *hand[at + 1 :]]

    def inflate_number(self, hand: Hand) -> Hand:
        digits = bytes(self.random.choice(b"0123456789") for _ in range(self.random.randint(1, 20)))
        return self._replace_number(hand, lambda number: number + digits)

    def huge_number(self, hand: Hand) -> Hand:
        return self._replace_number(hand, lambda _: self.random.choice(_HUGE))

    def break_date(self, hand: Hand) -> Hand:
        header = hand[0]
        dates = list(HEADER_DATE.finditer(header))
        if not dates:
            return hand
        date = self.random.choice(dates)
        after = header[date.end() :]
        if self.random.random() < 0.5:  # the zone after it too
            zone = re.match(rb" ?\[?[A-Z]{1,5}\]?", after)
            if zone:
                after = b" " + self.random.choice(_ZONES) + after[zone.end() :]
        broken = header[: date.start()] + self.random.choice(_BAD_DATES) + after
        return [broken, *hand[1:]]

    def foreign_line(self, hand: Hand) -> Hand:
        if not self.donors:
            return self.duplicate_line(hand)
        donor = self.random.choice(self.donors)
        line = donor[self.random.randrange(1, len(donor))] if len(donor) > 1 else donor[0]
        at = 1 + self.random.randrange(len(hand))
        return [*hand[:at], line, *hand[at:]]

    def duplicate_seat(self, hand: Hand) -> Hand:
        seats = [i for i, line in enumerate(hand[:12]) if line.startswith(b"Seat ")]
        if not seats:
            return self.duplicate_line(hand)
        at = self.random.choice(seats)
        line = hand[at]
        if self.random.random() < 0.5:  # another seat number for the same player
            line = re.sub(rb"^Seat [0-9]+", b"Seat %d" % self.random.randint(0, 40), line)
        return [*hand[: at + 1], line, *hand[at + 1 :]]

    def swap_word(self, hand: Hand) -> Hand:
        """A word of a line replaced by a word of some hand (a card, an amount, a name, a
        street, a game's name...)."""
        at = self._line(hand)
        words = hand[at].split(b" ")
        if not self.words or not words:
            return hand
        words[self.random.randrange(len(words))] = self.random.choice(self.words)
        return [*hand[:at], b" ".join(words), *hand[at + 1 :]]

    def other_player(self, hand: Hand) -> Hand:
        """A line of play given to another player of the hand (or to a stranger)."""
        names = [m.group(1) for line in hand[:12] if (m := _SEAT_NAME.match(line))]
        lines = [
            i for i, line in enumerate(hand) if any(line.startswith(n + b":") for n in names)
        ]
        if not names or not lines:
            return hand
        at = self.random.choice(lines)
        line = hand[at]
        old = next(n for n in names if line.startswith(n + b":"))
        new = self.random.choice([*names, b"stranger"])
        return [*hand[:at], new + line[len(old) :], *hand[at + 1 :]]

    def truncate(self, hand: Hand) -> Hand:
        return hand[: 1 + self.random.randrange(len(hand))]


def damaged_hands(hands: list[Hand], count: int, seed: int) -> Iterator[Hand]:
    """``count`` damaged copies of hands drawn from ``hands``, each with an id of its own."""
    mutator = Mutator(seed, hands)
    for number in range(count):
        hand = mutator.random.choice(hands)
        # a fresh id first, so that damage to the id stays visible
        header = re.sub(rb"#[A-Za-z]*[0-9]+", b"#%d" % (900_000_000_000 + number), hand[0], count=1)
        yield mutator.damage([header, *hand[1:]])


def write_files(
    hands: Iterator[Hand], folder: Path, per_file: int
) -> tuple[list[Path], int]:
    """The hands in files of ``per_file`` under ``folder``, a blank line between hands;
    the files and the hands written."""
    folder.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    written = 0
    stream = None
    try:
        for hand in hands:
            if written % per_file == 0:
                if stream is not None:
                    stream.close()
                paths.append(folder / f"damaged-{len(paths):05d}.txt")
                stream = open(paths[-1], "wb")  # noqa: SIM115 - one file after another
            assert stream is not None
            stream.write(b"\n".join(hand) + b"\n\n")
            written += 1
    finally:
        if stream is not None:
            stream.close()
    return paths, written


def headers_in(paths: list[Path]) -> int:
    """Hands in ``paths`` as the splitter sees them (damage may add or merge some)."""
    count = 0
    for path in paths:
        with open(path, "rb") as stream:
            text, _ = open_text(stream)
            count += sum(isinstance(item, RawHand) for item in split_hands(text, str(path)))
    return count


@dataclass(frozen=True)
class FuzzRun:
    """What an audit of damaged hands read, and what it broke."""

    hands_written: int
    headers: int  # hands as the splitter sees them
    hands_read: int
    audited: int
    skipped: int
    rejected: int
    hand_rows: int  # rows of the hands table
    findings: Counter[str]
    internal_errors: list[str]  # the INTERNAL_ERROR findings' messages
    seconds: float

    def problems(self) -> list[str]:
        """Every count that does not hold (an empty list: none)."""
        found = []
        if self.hands_read != self.headers:
            found.append(f"hands read {self.hands_read} != hand headers {self.headers}")
        if self.hands_read != self.audited + self.skipped + self.rejected:
            found.append(
                f"hands read {self.hands_read} != audited {self.audited} + skipped "
                f"{self.skipped} + rejected {self.rejected}"
            )
        if self.hand_rows != self.audited:
            found.append(f"{self.hand_rows} rows in hands for {self.audited} hands audited")
        return found


def fuzz(count: int, seed: int, folder: Path, *, per_file: int = 2_000) -> FuzzRun:
    """Audit ``count`` damaged hands (one worker) into ``folder``/out and count it all;
    an exception that escapes the audit is the caller's to see."""
    from auditor.api import load
    from auditor.run import run_audit

    hands = source_hands()
    paths, written = write_files(damaged_hands(hands, count, seed), folder / "in", per_file)
    started = time.perf_counter()
    summary = run_audit([str(p) for p in paths], folder / "out", workers=1)
    seconds = time.perf_counter() - started
    tables = load(folder / "out")
    files = tables["files"]
    findings = tables["findings"]
    internal = findings[findings.code == "INTERNAL_ERROR"]
    assert int(files.hands_read.sum()) == summary.hands_read
    return FuzzRun(
        hands_written=written,
        headers=headers_in(paths),
        hands_read=summary.hands_read,
        audited=int(files.hands_audited.sum()),
        skipped=int(files.hands_skipped.sum()),
        rejected=int(files.hands_rejected.sum()),
        hand_rows=len(tables["hands"]),
        findings=Counter({str(k): int(v) for k, v in findings.code.value_counts().items()}),
        internal_errors=[str(m) for m in internal.message],
        seconds=seconds,
    )
