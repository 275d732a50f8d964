"""The HTML report of a large audit: how long it takes to make, how big it is, and how
fast it opens in Chromium, against the issue's bar (a report of 100,000 hands opens in
under 2 s and is under 20 MB).

The input is built as for benchmarks/throughput.py (corpus and generated Omaha hands,
repeated with unique ids), audited with two workers, then ``auditor report`` writes the
page. Opening is timed in headless Chromium (Playwright, Debian's chromium): from the
navigation's start to the page's own "ready" mark (the summary and the first findings
drawn), the median of ``--opens`` fresh pages.

    python benchmarks/report.py [--hands 100000] [--opens 5] [--max-hands 500]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.throughput import base_hands, write_input

OPEN_BAR_S = 2.0  # the anchor: the bar for opening
SIZE_BAR_MB = 20.0


def chromium() -> str:
    for name in (os.environ.get("AUDITOR_CHROMIUM"), "chromium", "chromium-browser"):
        found = name and shutil.which(name)
        if found:
            return found
    sys.exit("no Chromium: install Debian's chromium (apt-get install chromium)")


def open_times(page_path: Path, opens: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    args = ["--no-sandbox"] if os.geteuid() == 0 else []
    times = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium(), args=args)
        for _ in range(opens):
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(page_path.as_uri(), wait_until="commit")
            # the page marks when its summary and first findings are drawn
            page.wait_for_selector("html[data-ready=true]", state="attached", timeout=60_000)
            ready = page.get_attribute("html", "data-ready-ms")
            times.append(float(ready or "nan") / 1000)
            page.close()
        browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--opens", type=int, default=5)
    parser.add_argument("--max-hands", type=int, default=500)
    parser.add_argument("--keep", type=Path, default=None, help="copy the report here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        source, out, page = Path(tmp, "hands.txt"), Path(tmp, "out"), Path(tmp, "report.html")
        write_input(source, base_hands(), args.hands)
        auditor = [sys.executable, "-m", "auditor"]
        subprocess.run(
            [*auditor, "audit", str(source), "--out", str(out), "--quiet", "--workers", "2"],
            check=False,
        )
        started = time.perf_counter()
        subprocess.run(
            [*auditor, "report", str(out), "--html", str(page), "--max-hands",
             str(args.max_hands)],
            check=True,
        )
        made = time.perf_counter() - started
        size_mb = page.stat().st_size / 1e6
        times = open_times(page, args.opens)
        if args.keep is not None:
            shutil.copyfile(page, args.keep)
    opened = statistics.median(times)
    print(f"hands audited into the tables: {args.hands:,}")
    print(f"report made in {made:.1f} s ({args.hands / made:,.0f} hands/s of tables)")
    print(f"report size: {size_mb:.1f} MB (bar {SIZE_BAR_MB:.0f} MB: {size_mb / SIZE_BAR_MB:.2f}x)")
    print(
        f"opens in Chromium: median {opened:.2f} s of {len(times)} "
        f"({', '.join(f'{t:.2f}' for t in times)}); bar {OPEN_BAR_S:.0f} s: "
        f"{opened / OPEN_BAR_S:.2f}x"
    )


if __name__ == "__main__":
    main()
