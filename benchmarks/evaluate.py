"""Omaha evaluator speed on one core, against pokerkit as the named anchor.

Deals random hands (4-, 5- and 6-card holes, 5-card boards) with a fixed seed,
times ``omaha_high`` and ``omaha_low8`` over all of them several times and
prints the median rate, then times pokerkit's own Omaha evaluation on the first
few hundred of the same hands and prints the ratio. Run from the checkout:

    python benchmarks/evaluate.py [--hands 100000] [--runs 5] [--pokerkit-hands 300]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from auditor.cards import DECK, Card
from auditor.showdown import omaha_high, omaha_low8

Deal = tuple[tuple[Card, ...], tuple[Card, ...]]


def deal(rng: random.Random, hole_size: int, count: int) -> list[Deal]:
    """``count`` random (hole, five-card board) pairs."""
    out = []
    for _ in range(count):
        cards = rng.sample(DECK, hole_size + 5)
        out.append((tuple(cards[:hole_size]), tuple(cards[hole_size:])))
    return out


def _text(cards: Sequence[Card]) -> str:
    return "".join(c.text for c in cards)


def rate(evaluate: Callable[[Any, Any], object], hands: Sequence[tuple[Any, Any]]) -> float:
    """Evaluations per second over ``hands``, one pass."""
    start = time.perf_counter()
    for hole, board in hands:
        evaluate(hole, board)
    return len(hands) / (time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=100_000, help="hands per run")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is printed")
    parser.add_argument("--pokerkit-hands", type=int, default=300, help="hands for pokerkit")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    if hasattr(os, "sched_setaffinity"):  # one core, as the goal is stated
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    import pokerkit

    rng = random.Random(args.seed)
    print(
        f"python {sys.version.split()[0]}, pokerkit {version('pokerkit')}, one core; "
        f"{args.hands:,} hands x {args.runs} runs, pokerkit on {args.pokerkit_hands} hands"
    )
    for hole_size in (4, 5, 6):
        hands = deal(rng, hole_size, args.hands)
        # pokerkit gets its own parsed cards, so its parsing is not timed.
        theirs = [
            (list(pokerkit.Card.parse(_text(h))), list(pokerkit.Card.parse(_text(b))))
            for h, b in hands[: args.pokerkit_hands]
        ]
        for name, ours, anchor in (
            ("omaha-hi", omaha_high, pokerkit.OmahaHoldemHand.from_game),
            ("omaha-lo8", omaha_low8, pokerkit.OmahaEightOrBetterLowHand.from_game_or_none),
        ):
            rates = [rate(ours, hands) for _ in range(args.runs)]
            median = statistics.median(rates)
            base = rate(anchor, theirs)
            print(
                f"{name} {hole_size}-card: {median:,.0f} evals/s (median of {args.runs}; "
                f"range {min(rates):,.0f}-{max(rates):,.0f}), pokerkit {base:,.0f} evals/s, "
                f"ratio {median / base:,.0f}x"
            )


if __name__ == "__main__":
    main()
