"""Parse-only throughput: PokerStars Omaha hands from the corpus, repeated, on one core.

Prints hands/s (median of several runs), the ratio to the anchor measured in the
same run, and the peak memory. The anchor is reading and splitting the same
file into hands without parsing them: the floor no parser can go below.

    python benchmarks/parse.py [--hands 20000] [--runs 5]
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from auditor.read.decode import open_text
from auditor.read.split import RawHand, split_hands
from auditor.rooms import is_audited
from auditor.rooms.pokerstars.reader import PokerStarsReader

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "PokerStars"


def omaha_hand_texts() -> list[str]:
    texts = []
    for path in sorted(p for p in CORPUS.rglob("*") if p.is_file()):
        with open(path, "rb") as raw:
            text, _ = open_text(raw)
            for hand in split_hands(text, str(path)):
                if isinstance(hand, RawHand) and is_audited(hand):
                    texts.append(hand.text)
    return texts


def build_input(texts: list[str], hands: int) -> bytes:
    repeats = -(-hands // len(texts))
    return "\n\n".join(texts * repeats).encode("utf-8")


def split_only(data: bytes) -> int:
    text, _ = open_text(io.BytesIO(data))
    return sum(1 for _ in split_hands(text, "bench"))


def parse(data: bytes, reader: PokerStarsReader) -> int:
    text, _ = open_text(io.BytesIO(data))
    count = 0
    for hand in split_hands(text, "bench"):
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
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    texts = omaha_hand_texts()
    data = build_input(texts, args.hands)
    reader = PokerStarsReader()
    anchor_s, hands = timed(lambda: split_only(data), args.runs)
    parse_s, parsed = timed(lambda: parse(data, reader), args.runs)
    assert parsed == hands
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"input: {len(texts)} PokerStars Omaha hands repeated to {hands:,}"
        f" ({len(data) / 1e6:.1f} MB)"
    )
    print(f"anchor read+split only: {hands / anchor_s:,.0f} hands/s (median of {args.runs})")
    print(
        f"parse (read+split+grammar+events): {hands / parse_s:,.0f} hands/s (median of {args.runs})"
    )
    print(
        f"ratio parse/anchor: {anchor_s / parse_s:.3f}"
        f" (parse takes {parse_s / anchor_s:.1f}x the split)"
    )
    print(f"peak memory (max RSS, input held in memory): {peak_mb:.0f} MB")


if __name__ == "__main__":
    main()
