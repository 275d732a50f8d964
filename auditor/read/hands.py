"""One input file's raw hands: decoded, its rooms sniffed from its head, split hand by
hand (each hand tagged with its room), stray text noted. The one per-file loop, shared by
the single-process pipeline and the run that sends hands out in chunks."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import chain, islice
from typing import BinaryIO

from auditor import rooms
from auditor.read.decode import open_text
from auditor.read.errors import READ_ERRORS
from auditor.read.looks import BINARY, HEAD_CHARS, describe, not_a_hand_history
from auditor.read.split import RawHand, StrayText, split_hands
from auditor.results import FileSummary, stray_finding

HEAD_LINES = 40
"""Lines a file's rooms are sniffed from (and, if none reads it, described from)."""


def read_hands(
    stream: BinaryIO, name: str, summary: FileSummary, chosen: tuple[rooms.Room, ...]
) -> Iterator[RawHand]:
    """Each hand of ``stream`` in file order, of the ``chosen`` rooms (those that know the
    file's head tried first); the encoding and stray text go into ``summary``, and so does
    what the file looks like when it holds no hand; a file with no hand whose content is
    not a hand history at all (a README, a manifest, the fixtures' expected JSON) is
    listed as not read with the reason, and no finding."""
    text, summary.encoding = open_text(stream)
    lines = iter(text)  # one iterator: a second iter() of Lines would lose a block
    head = list(islice(lines, HEAD_LINES))
    sample = "".join(head)[:HEAD_CHARS]
    if not_a_hand_history(sample) == BINARY:  # no text room's hand in it: not read through
        _not_read(summary, BINARY, describe(sample))
        return
    found = False
    held: RawHand | None = None  # the last hand, given once it is known to be whole
    error: Exception | None = None
    try:
        for item in split_file(chain(head, lines), name, sample, chosen):
            if isinstance(item, StrayText):
                summary.stray_findings.append(stray_finding(item))
                continue
            found = True
            if held is not None:
                yield held
            held = item
    except READ_ERRORS as err:  # the hands read before are kept
        error = err
    error = error or getattr(text, "error", None)
    if held is not None:
        yield held if error is None else _cut_short(held, error)
    if error is not None:
        raise error  # the file is reported as cut short, its hands before counted
    summary.encoding = text.encoding  # known once read: "utf-8+cp1252" for a mixed file
    if not found:
        summary.looks = describe(sample)
        why = not_a_hand_history(sample)
        if why is not None and summary.stray_findings:
            _not_read(summary, why, summary.looks)


def split_file(
    lines: Iterable[str], name: str, sample: str, chosen: tuple[rooms.Room, ...]
) -> Iterator[RawHand | StrayText]:
    """The hands of a file whose head is ``sample``: split by the first room that knows
    the head and splits its files itself (XML, CSV logs...), else by the line splitter
    with the rooms that know the head tried first."""
    for room in chosen:
        if room.splits_files and room.sniff(sample):
            return room.split_file(lines, name)
    return split_hands(lines, name, rooms.sniffed(sample, chosen))


def hands_again(text: Iterable[str], name: str) -> Iterator[RawHand | StrayText]:
    """A file's hands split again as a run splits them (duplicates read a file twice)."""
    lines = iter(text)
    head = list(islice(lines, HEAD_LINES))
    sample = "".join(head)[:HEAD_CHARS]
    return split_file(chain(head, lines), name, sample, rooms.choose())


def _cut_short(hand: RawHand, error: Exception) -> RawHand:
    """The hand the file ends in when it cannot be read to its end: rejected, as it may
    be missing its last lines (a hand that ends before a next header is whole)."""
    if hand.cut:
        return hand
    what = f"{type(error).__name__}: {error}"
    cut = f"the file is cut short inside this hand or after it ({what}); it may be incomplete"
    return replace(hand, cut=cut, cut_line=hand.first_line + len(hand.lines))


def _not_read(summary: FileSummary, why: str, looks: str) -> None:
    shown = why if looks == why else f"{why}; {looks}"
    summary.status, summary.reason = "not read", f"not a hand history ({shown})"
    summary.stray_findings.clear()
