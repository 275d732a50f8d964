"""End-to-end throughput: hand histories in, Parquet tables out, against pokerkit as the anchor.

Builds one large input file by repeating the Omaha hands of the PokerStars-layout corpus
and generated legal hands (tests/replay/legal_hands.py, drawn with a fixed seed), each
copy with a hand id of its own (the header's id is rewritten) and, from the second
round on, a table name of its own (so the cross-hand checks see tables as they are, not
interleaved copies). Then, each in a fresh process and timed from run_audit's call to
its return (parse + replay + evaluate + cross-hand checks + Parquet):

- 1 worker (the run in the reading process, pinned to one core);
- 2 worker processes (every core of this machine);
- the Dask engine on a 2-worker LocalCluster (started before the clock starts).

It prints hands/s (median of ``--runs``), the CPU seconds the run took across its
processes (hands per CPU second does not depend on what else the machine runs), and
the peak memory: of the reading process, and of all the run's processes together.

The anchor: pokerkit replaying a sample of the same hands, pot- and no-limit 4-card
Omaha without antes or straddles. Replaying a hand in pokerkit = building its
PotLimitOmahaHoldem state (no-limit: the same game with a no-limit betting structure;
hi/lo: with the low hand type) from the stacks and blinds, and applying the hand's
actions in order (pokerkit deals the cards and settles the showdown itself). Hands
pokerkit refuses (its rules differ here and there, see shared/ORACLES.md) are left out
of the sample. The auditor's own speed on the same sample (parse + replay + evaluate,
one core, no Parquet) is printed beside it.

    python benchmarks/throughput.py [--hands 20000] [--runs 3] [--pokerkit-hands 300]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from auditor import events as ev
from auditor.pipeline import HandAuditor, Status
from auditor.read.decode import open_text
from auditor.read.split import RawHand, split_hands
from auditor.rooms import is_audited
from auditor.run import run_audit
from tests.corpus import stars_layout_rows

GENERATED = 300
_HAND_ID = re.compile(r"#([A-Za-z]*)[0-9]+")
_TABLE = re.compile(r"^Table '(.*?)'")

# ---------------------------------------------------------------- the input


def corpus_hands() -> list[str]:
    """The Omaha hands of the PokerStars-layout corpus files, as text."""
    texts = []
    for row in stars_layout_rows():
        if not row.path.is_file():
            continue
        with open(row.path, "rb") as raw:
            text, _ = open_text(raw)
            for hand in split_hands(text, str(row.path)):
                if isinstance(hand, RawHand) and is_audited(hand):
                    texts.append(hand.text)
    return texts


def generated_hands(count: int) -> list[str]:
    """``count`` legal hands from the property tests' strategy, the same ones every time."""
    from hypothesis import HealthCheck, Phase, given, settings

    from tests.replay.legal_hands import legal_hands

    found: list[str] = []

    @settings(
        max_examples=count,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(legal_hands())
    def collect(hand: Any) -> None:
        found.append(hand.text)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        collect()
    return found


def base_hands(generated: int = GENERATED) -> list[str]:
    texts = corpus_hands() + generated_hands(generated)
    if not texts:
        sys.exit("no hands: is ../shared/corpus beside the checkout?")
    return texts


def copies(texts: list[str], hands: int) -> Iterator[str]:
    """``hands`` hands: ``texts`` over and over, each with a unique id, each round's
    tables renamed."""
    for number in range(hands):
        rounds, index = divmod(number, len(texts))
        lines = texts[index].rstrip("\n").split("\n")
        lines[0] = _HAND_ID.sub(rf"#\g<1>{10**11 + number}", lines[0], count=1)
        if rounds and len(lines) > 1:
            table = _TABLE.match(lines[1])
            if table:
                lines[1] = f"Table '{table.group(1)} ~{rounds}'" + lines[1][table.end() :]
        yield "\n".join(lines)


def write_input(path: Path, texts: list[str], hands: int) -> int:
    """Write ``hands`` hands to ``path``; return its size in bytes."""
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for text in copies(texts, hands):
            out.write(text)
            out.write("\n\n\n")
    return path.stat().st_size


# ---------------------------------------------------------------- one measured run


def _pss(process: Any) -> int:
    """Proportional set size: pages shared between processes (a fork server's, say) count
    once across them, so the sum over processes is what they take together."""
    try:
        return int(process.memory_full_info().pss)
    except AttributeError:  # no PSS on this system
        return int(process.memory_info().rss)


class TreeSampler(threading.Thread):
    """Samples the memory and CPU time of this process and all its descendants."""

    def __init__(self, every: float = 0.1) -> None:
        super().__init__(daemon=True)
        import psutil  # type: ignore[import-untyped]

        self._psutil = psutil
        self._me = psutil.Process()
        self._every = every
        self._halt = threading.Event()
        self._cpu: dict[int, float] = {}
        self.peak_total = 0
        self.peak_self = 0

    def run(self) -> None:
        while not self._halt.wait(self._every):
            self.sample()

    def sample(self) -> None:
        total = 0
        for process in [self._me, *self._me.children(recursive=True)]:
            try:
                with process.oneshot():
                    rss = _pss(process)
                    times = process.cpu_times()
            except self._psutil.Error:
                continue
            total += rss
            self._cpu[process.pid] = times.user + times.system
            if process.pid == self._me.pid:
                self.peak_self = max(self.peak_self, rss)
        self.peak_total = max(self.peak_total, total)

    def cpu_seen(self) -> float:
        return sum(self._cpu.values())

    def stop(self) -> float:
        """Stop; return the CPU seconds seen."""
        self.sample()
        self._halt.set()
        self.join()
        return self.cpu_seen()


def child(config: str, source: Path, out: Path) -> dict[str, Any]:
    """Run one audit of ``source`` the way ``config`` says, in this process; measure it."""
    engine, workers, scheduler, cluster = "local", 1, None, None
    if config == "1":
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    elif config == "2":
        workers = 2
    elif config == "dask":
        import logging

        from distributed import LocalCluster

        begun = time.perf_counter()
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        )
        engine, scheduler = "dask", cluster.scheduler_address
        startup = time.perf_counter() - begun
    sampler = TreeSampler()
    sampler.sample()
    cpu_before = sampler.cpu_seen()
    sampler.start()
    begun = time.perf_counter()
    summary = run_audit(
        [str(source)], out, overwrite=True, workers=workers, engine=engine, scheduler=scheduler
    )
    seconds = time.perf_counter() - begun
    cpu = sampler.stop() - cpu_before
    if cluster is not None:
        cluster.close()
    found: dict[str, Any] = {
        "hands": summary.hands_read,
        "seconds": seconds,
        "cpu": cpu,
        "peak_self_mb": sampler.peak_self / 2**20,
        "peak_total_mb": sampler.peak_total / 2**20,
        "findings": sum(summary.findings_by_code.values()),
    }
    if config == "dask":
        found["startup"] = startup
    return found


def measure(config: str, source: Path, out: Path) -> dict[str, Any]:
    """One run of ``config`` in a fresh process."""
    done = subprocess.run(
        [sys.executable, __file__, "--child", config, "--input", str(source), "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"run {config} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


# ---------------------------------------------------------------- pokerkit


@dataclass(frozen=True, slots=True)
class PkHand:
    """What pokerkit needs to replay a hand: by position (first seat left of the button
    first), the stacks; the blinds; the actions as (position, verb, to-amount)."""

    limit: ev.Limit
    hi_lo: bool
    blinds: tuple[int, int]
    stacks: tuple[int, ...]
    moves: tuple[tuple[int, str, int], ...]


_BETTING = (ev.Folded, ev.Checked, ev.Called, ev.Bet, ev.RaisedTo)


def pokerkit_hand(hand: ev.Hand) -> PkHand | None:
    """The hand for pokerkit, or None when it is not a plain pot/no-limit 4-card hand."""
    start = hand.start
    if start.limit not in (ev.Limit.POT, ev.Limit.NO) or start.hole_card_count != 4:
        return None
    if start.button_seat is None or hand.truncated:
        return None
    seats = {e.player: e for e in hand.events if isinstance(e, ev.SeatTaken)}
    posts = [e for e in hand.events if isinstance(e, ev.Posted)]
    if [p.kind for p in posts] != [ev.PostKind.SMALL_BLIND, ev.PostKind.BIG_BLIND]:
        return None
    if any(isinstance(e, ev.StreetDealt) and e.board > 1 for e in hand.events):
        return None
    playing: list[str] = []
    for event in hand.events:
        if isinstance(event, (ev.Posted, *_BETTING)) and event.player not in playing:
            playing.append(event.player)
    if any(p not in seats for p in playing) or len(playing) < 2:
        return None
    button = start.button_seat
    order = sorted(playing, key=lambda p: (seats[p].seat - button - 1) % 100)
    small, big = posts
    if len(order) == 2:
        if small.player != order[1] or big.player != order[0]:
            return None
    elif (small.player, big.player) != (order[0], order[1]):
        return None
    moves = []
    for event in hand.events:
        if isinstance(event, ev.Folded):
            moves.append((order.index(event.player), "fold", 0))
        elif isinstance(event, ev.Checked | ev.Called):
            moves.append((order.index(event.player), "call", 0))
        elif isinstance(event, ev.Bet):
            moves.append((order.index(event.player), "raise", event.amount))
        elif isinstance(event, ev.RaisedTo):
            moves.append((order.index(event.player), "raise", event.to))
    return PkHand(
        start.limit,
        start.hi_lo,
        (small.amount, big.amount),
        tuple(seats[p].stack for p in order),
        tuple(moves),
    )


def pokerkit_replay(hand: PkHand) -> None:
    """Build the pokerkit state and apply every action; ValueError if pokerkit refuses."""
    from pokerkit import (
        Automation,
        BettingStructure,
        OmahaEightOrBetterLowHand,
        OmahaHoldemHand,
        PotLimitOmahaHoldem,
        State,
    )

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    small, big = hand.blinds
    game = PotLimitOmahaHoldem(automations, True, 0, (small, big), big)
    structure = (
        BettingStructure.POT_LIMIT if hand.limit is ev.Limit.POT else BettingStructure.NO_LIMIT
    )
    types = (OmahaHoldemHand, OmahaEightOrBetterLowHand) if hand.hi_lo else game.hand_types
    state = State(
        game.automations,
        game.deck,
        types,
        game.streets,
        structure,
        True,
        0,
        (small, big),
        0,
        list(hand.stacks),
        len(hand.stacks),
    )
    for position, verb, amount in hand.moves:
        if state.actor_index != position:
            raise ValueError(f"pokerkit has player {state.actor_index} to act, not {position}")
        if verb == "fold":
            state.fold()
        elif verb == "call":
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(amount)


def pokerkit_sample(texts: list[str], count: int) -> tuple[list[RawHand], list[PkHand]]:
    """The first ``count`` hands of the input that pokerkit replays without complaint."""
    auditor = HandAuditor()
    raws: list[RawHand] = []
    hands: list[PkHand] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for number, text in enumerate(copies(texts, len(texts))):
            raw = RawHand("sample", 1, tuple(text.split("\n")))
            result = auditor.audit_hand(raw)
            if result.status is not Status.AUDITED or result.hand is None:
                continue
            one = pokerkit_hand(result.hand)
            if one is None:
                continue
            try:
                pokerkit_replay(one)
            except (ValueError, IndexError):
                continue
            raws.append(RawHand(f"sample-{number}", 1, raw.lines))
            hands.append(one)
            if len(hands) >= count:
                break
    return raws, hands


def timed(work: Any, runs: int) -> float:
    seconds = []
    for _ in range(runs):
        begun = time.perf_counter()
        work()
        seconds.append(time.perf_counter() - begun)
    return statistics.median(seconds)


def replay_all(hands: list[PkHand]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for hand in hands:
            pokerkit_replay(hand)


def audit_all(auditor: HandAuditor, raws: list[RawHand]) -> None:
    for raw in raws:
        auditor.audit_hand(raw)


# ---------------------------------------------------------------- main


CONFIGS = {"1": "1 worker (one core)", "2": "2 workers", "dask": "Dask, 2-worker LocalCluster"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pokerkit-hands", type=int, default=300)
    parser.add_argument("--configs", default="1,2,dask", help="which runs: 1, 2, dask")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--input", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.input, args.out)))
        return
    texts = base_hands()
    with tempfile.TemporaryDirectory(prefix="auditor-bench-") as folder:
        source = Path(folder) / "hands.txt"
        size = write_input(source, texts, args.hands)
        print(
            f"input: {len(texts)} Omaha hands ({len(texts) - GENERATED} from the PokerStars-layout "
            f"corpus, {GENERATED} generated) repeated to {args.hands:,} hands with unique ids "
            f"({size / 1e6:.1f} MB)"
        )
        rates: dict[str, float] = {}
        for config in args.configs.split(","):
            runs = [measure(config, source, Path(folder) / "out") for _ in range(args.runs)]
            seconds = statistics.median(r["seconds"] for r in runs)
            hands = runs[0]["hands"]
            cpu = statistics.median(r["cpu"] for r in runs)
            rates[config] = hands / seconds
            extra = ""
            if "startup" in runs[0]:
                extra = f", cluster start {runs[0]['startup']:.1f} s (not timed)"
            print(
                f"{CONFIGS[config]}: {hands / seconds:,.0f} hands/s (median of {args.runs}: "
                f"{seconds:.1f} s), {hands / cpu:,.0f} hands per CPU second; peak memory "
                f"{max(r['peak_self_mb'] for r in runs):.0f} MB reading process, "
                f"{max(r['peak_total_mb'] for r in runs):.0f} MB all processes{extra}"
            )
        if "1" in rates and "2" in rates:
            print(f"2 workers / 1 worker: {rates['2'] / rates['1']:.2f}x")
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        raws, sample = pokerkit_sample(texts, args.pokerkit_hands)
        pk_seconds = timed(lambda: replay_all(sample), args.runs)
        auditor = HandAuditor()
        own_seconds = timed(lambda: audit_all(auditor, raws), args.runs)
        pk_rate = len(sample) / pk_seconds
        own_rate = len(raws) / own_seconds
        print(
            f"pokerkit replay (state + actions, one core): {pk_rate:,.0f} hands/s on "
            f"{len(sample)} of the same hands (median of {args.runs})"
        )
        print(f"auditor parse+replay+evaluate on that sample (one core): {own_rate:,.0f} hands/s")
        print(f"ratio on the sample, auditor/pokerkit: {own_rate / pk_rate:.0f}x")
        if "1" in rates:
            print(f"ratio end to end (1 worker) / pokerkit: {rates['1'] / pk_rate:.0f}x")


if __name__ == "__main__":
    main()
