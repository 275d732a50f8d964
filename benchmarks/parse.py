"""Parse-only throughput, room by room: each registered room's Omaha hands from the
corpus, repeated, on one core.

Prints, for each room, hands/s (median of several runs), the ratio to the anchor
measured in the same run, each room's speed as a ratio to the PokerStars room's (run
with it; ``--room`` runs the one room and PokerStars), and the peak memory. The anchor
is reading and splitting the same text into hands without parsing them: the floor no
parser can go below.

    python benchmarks/parse.py [--hands 20000] [--runs 5] [--room pokerstars]
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from auditor.read.decode import open_text
from auditor.read.hands import HEAD_LINES, split_file
from auditor.read.looks import HEAD_CHARS
from auditor.read.split import RawHand, StrayText, split_hands
from auditor.rooms import REGISTRY, Reader, Room, is_audited

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
ANCHOR_ROOM = "pokerstars"  # every room's parse speed is also given as a ratio to this


def omaha_hand_texts() -> dict[str, list[str]]:
    """The corpus's Omaha hands that a registered room reads, by room (a room that splits
    its files itself, XML sessions..., has its files' hands: each hand's file, whole,
    once per Omaha hand of it, so that repeating texts repeats whole documents)."""
    texts: dict[str, list[str]] = {name: [] for name in REGISTRY}
    for path in sorted(p for p in CORPUS.rglob("*") if p.is_file()):
        with open(path, "rb") as raw:
            text, _ = open_text(raw)
            lines = list(text)
        sample = "".join(lines[:HEAD_LINES])[:HEAD_CHARS]
        found = split_file(lines, str(path), sample, tuple(REGISTRY.values()))
        hands = [h for h in found if isinstance(h, RawHand) and is_audited(h)]
        whole = "".join(lines)  # one string, listed once per hand of a room that splits
        for hand in hands:
            texts[hand.room].append(whole if REGISTRY[hand.room].splits_files else hand.text)
    return texts


def build_input(texts: list[str], hands: int, room: Room) -> bytes:
    if room.splits_files:  # whole files, each once per hand in it
        files = list(dict.fromkeys(texts))
        repeats = -(-hands // len(texts))
        return _FILES_APART.join(files * repeats).encode("utf-8")
    repeats = -(-hands // len(texts))
    return "\n\n".join(texts * repeats).encode("utf-8")


# between two whole files of a room that splits its files: each is split on its own (a
# Poker Now log is its own session; two joined would be one log with wrong context)
_FILES_APART = "\n\x00\n"


def _split(data: bytes, room: Room) -> Iterator[RawHand | StrayText]:
    text, _ = open_text(io.BytesIO(data))
    if room.splits_files:
        files = "".join(text).split(_FILES_APART)
        return (
            hand
            for part in files
            for hand in room.split_file(part.splitlines(keepends=True), "bench")
        )
    return split_hands(text, "bench", (room,))


def _omaha(hand: RawHand | StrayText, room: Room) -> bool:
    """An Omaha hand (a whole file of a room that splits its files holds others too)."""
    return isinstance(hand, RawHand) and room.is_omaha(room.game(hand))


def split_only(data: bytes, room: Room) -> int:
    return sum(1 for hand in _split(data, room) if _omaha(hand, room))


def parse(data: bytes, room: Room, reader: Reader) -> int:
    count = 0
    for hand in _split(data, room):
        if _omaha(hand, room):  # not text between two files, nor another game's hand
            assert isinstance(hand, RawHand)
            reader.read(hand)
            count += 1
    return count


def timed(fn: object, runs: int) -> tuple[float, int]:
    seconds = []
    count = 0
    for _ in range(runs):
        start = time.perf_counter()
        count = fn()  # type: ignore[operator]
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--room", choices=sorted(REGISTRY), help="one room only")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    by_room = omaha_hand_texts()
    if not any(by_room.values()):
        sys.exit("no hands: is ../shared/corpus beside the checkout?")
    speeds: dict[str, float] = {}
    for name, texts in by_room.items():
        if not texts or (args.room is not None and name not in (args.room, ANCHOR_ROOM)):
            continue
        room = REGISTRY[name]
        data = build_input(texts, args.hands, room)
        reader = room.reader()
        anchor_s, hands = timed(lambda: split_only(data, room), args.runs)  # noqa: B023
        parse_s, parsed = timed(lambda: parse(data, room, reader), args.runs)  # noqa: B023
        assert parsed == hands
        print(
            f"{name}: {len(texts)} {'files' if room.splits_files else 'Omaha hands'} of the corpus"
            f" repeated to {hands:,} Omaha hands"
            f" ({len(data) / 1e6:.1f} MB)"
        )
        print(f"  anchor read+split only: {hands / anchor_s:,.0f} hands/s (median of {args.runs})")
        print(
            f"  parse (read+split+grammar+events): {hands / parse_s:,.0f} hands/s"
            f" (median of {args.runs})"
        )
        print(
            f"  ratio parse/anchor: {anchor_s / parse_s:.3f}"
            f" (parse takes {parse_s / anchor_s:.1f}x the split)"
        )
        speeds[name] = hands / parse_s
    if ANCHOR_ROOM in speeds:
        # a room's reader must be within 2x of the Stars room's (issue 13), measured here
        print(f"parse speed against the {ANCHOR_ROOM} room's, same run:")
        for name, speed in speeds.items():
            print(f"  {name:12} {speed:8,.0f} hands/s  {speed / speeds[ANCHOR_ROOM]:.2f}x")
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS, one room's input held in memory at a time): {peak_mb:.0f} MB")


if __name__ == "__main__":
    main()
