"""The report page in headless Chromium: the summary's counts, a finding's link to its
hand, stepping the replayer with buttons and keys, and what it shows at each step
(pot, stacks, bets, to call, legal range, boards, the finding and its rule) against the
data object the page embeds; no request leaves the file; no sideways scroll on a phone or
at 200% zoom; screenshots kept in AUDITOR_ARTIFACTS.

The expectations come from the data (``report_data``: the hand-typed sample, or the JSON
of a real report through AUDITOR_REPORT_DATA), never from the page's own script."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")

from playwright.sync_api import Page, expect

from tests.report.conftest import OpenedReport, ReportPage
from tests.report.sample_data import large_data

pytestmark = pytest.mark.browser

Hand = dict[str, Any]
Data = dict[str, Any]

# The page's money format (report.js: money), restated from auditor/report/assets/README.md.
SYMBOLS = {"USD": "$", "EUR": "\u20ac", "GBP": "\u00a3", "CAD": "C$", "AUD": "A$",
           "INR": "\u20b9", "CNY": "\u00a5", "JPY": "\u00a5", "BRL": "R$", "CHF": "CHF\u00a0"}
CHIP_UNITS = {"", "chip", "chips", "play", "pm", "t$", "tc", "fpp"}
STREETS = ["preflop", "flop", "turn", "river", "showdown"]


def money(amount: int | None, hand: Hand, bb: bool = False) -> str:
    if amount is None:
        return "\u2014"
    sign, a = ("-" if amount < 0 else ""), abs(amount)
    if bb and hand["big_blind"] > 0:
        tenths = (20 * a + hand["big_blind"]) // (2 * hand["big_blind"])
        return f"{sign if tenths else ''}{tenths // 10:,}.{tenths % 10} BB"
    scale, decimals = hand["scale"] or 1, 0
    while scale > 1 and scale % 10 == 0:
        scale //= 10
        decimals += 1
    text = f"{a // hand['scale']:,}"
    if decimals:
        text += "." + str(a % hand["scale"]).zfill(decimals)
    currency = str(hand["currency"] or "")
    if currency.upper() in SYMBOLS:
        text = SYMBOLS[currency.upper()] + text
    elif currency.lower() not in CHIP_UNITS:
        text = f"{text}\u00a0{currency}"
    return sign + text


def text_of(page: Page, name: str) -> str:
    return page.get_by_test_id(name).inner_text().strip()


def replayed_findings(data: Data) -> list[dict[str, Any]]:
    return [f for f in data["findings"]
            if f["replayed"] and str(f["hand_key"]) in data["hands"]]


def hand_order(data: Data) -> list[str]:
    """The hands in the findings' order, then the rest by key (the page's Up/Down)."""
    order: list[str] = []
    for f in replayed_findings(data):
        if str(f["hand_key"]) not in order:
            order.append(str(f["hand_key"]))
    rest = sorted((k for k in data["hands"] if k not in order), key=int)
    return order + rest


def finding_step(hand: Hand, row: dict[str, Any]) -> int:
    """The step of the hand finding that a findings-table row is (same code, seq, player)."""
    for f in hand["findings"]:
        if (f["code"], f["seq"], f["player"], f["street"], f["message"]) == (
                row["code"], row["seq"], row["player"], row["street"], row["message"]):
            return int(f["step"])
    raise AssertionError(f"no finding of hand {hand['hand_key']} matches {row}")


def open_hand(page: Page, key: str, step: int) -> None:
    page.evaluate(f"location.hash = '#hand={key}&step={step}'")
    expect(page.get_by_test_id("replayer")).to_be_visible()
    expect(page.get_by_test_id("hand-select")).to_have_value(key)
    expect(page.get_by_test_id("step-index")).to_have_text(str(step))


# What the replayer shows, read in one round trip (a test checks it against the data).
READ_STATE = """() => {
  const text = id => { const e = document.querySelector(`[data-testid="${id}"]`);
                       return e ? e.textContent.trim() : null; };
  const all = sel => [...document.querySelectorAll(sel)];
  const visible = e => !!e && !e.hidden && e.getClientRects().length > 0;
  const highlight = document.querySelector('[data-testid="finding-highlight"]');
  const current = document.querySelector('[data-testid="action-log"] [aria-current="step"]');
  return {
    step: text("step-index"), pot: text("pot-total"), to_call: text("to-call"),
    legal: text("legal-range"),
    seats: Object.fromEntries(all('[data-testid^="seat-"][data-player]').map(e => [
      e.dataset.player,
      [text("seat-stack-" + e.dataset.seat), text("seat-bet-" + e.dataset.seat)]])),
    boards: all('[data-testid^="board-"]').map(b =>
      all(`[data-testid="${b.dataset.testid}"] [data-card]`).map(c => c.dataset.card)),
    pots: all('[data-testid^="pot-"][data-amount]')
      .filter(e => /^pot-[0-9]+$/.test(e.dataset.testid))
      .map(e => [e.dataset.testid, Number(e.dataset.amount), e.textContent]),
    highlight: visible(highlight) ? highlight.textContent : null,
    rules: all('[data-testid="finding-rule"]').filter(visible).map(e => e.textContent),
    log_step: current ? current.dataset.step : null,
  };
}"""


def check_step(page: Page, hand: Hand, i: int, bb: bool = False) -> None:
    """The table at step ``i`` is the step's state in the data."""
    expect(page.get_by_test_id("step-index")).to_have_text(str(i))
    shown = page.evaluate(READ_STATE)
    step = hand["steps"][i]
    bets = step["bets"]
    where = f"hand {hand['hand_key']} step {i}"
    assert shown["step"] == str(i) and shown["log_step"] == str(i), where
    assert shown["pot"] == money(step["pot"] + sum(bets.values()), hand, bb), where
    seats = {
        s["player"]: [money(step["stacks"].get(s["player"], s["stack"]), hand, bb),
                      money(bets[s["player"]], hand, bb) if bets.get(s["player"]) else ""]
        for s in hand["seats"]
    }
    assert shown["seats"] == seats, where
    action = step["kind"] == "action"
    assert shown["to_call"] == (money(step["to_call"], hand, bb) if action else "\u2014"), where
    legal = "\u2014"
    if action and (step["min_legal"] is not None or step["max_legal"] is not None):
        low, high = money(step["min_legal"], hand, bb), money(step["max_legal"], hand, bb)
        if step["action"] == "call":  # the replay's legal amount at a call: the call
            legal = f"call {low if step['min_legal'] is not None else high}"
        else:
            legal = low if step["min_legal"] == step["max_legal"] else f"{low}..{high}"
    assert shown["legal"] == legal, where
    boards = step["board"] + [[]] * (max(hand["boards"], 1) - len(step["board"]))
    assert shown["boards"] == boards, where
    assert [p[:2] for p in shown["pots"]] == [
        [f"pot-{k}", pot["amount"]] for k, pot in enumerate(step["pots"])], where
    for (_, _, text), pot in zip(shown["pots"], step["pots"], strict=True):
        assert money(pot["amount"], hand, bb) in text, where
        assert all(player in text for player in pot["eligible"]), where
    if step["findings"]:
        assert shown["highlight"] is not None, where
        for k in step["findings"]:
            f = hand["findings"][k]
            assert f["code"] in shown["highlight"] and f["message"] in shown["highlight"], where
            assert any(f["rule"] in rule for rule in shown["rules"]), where
    else:
        assert shown["highlight"] is None, where


def unfocus(page: Page) -> None:
    """Keys go to the page, not to a focused button (Space would press the button)."""
    page.evaluate("document.activeElement && document.activeElement.blur()")


def shot(opened: OpenedReport, artifacts: Path, name: str) -> None:
    opened.page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def no_sideways_scroll(page: Page) -> None:
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page scrolls sideways: {width} > {inner}"


def a_hand(data: Data, hi_lo: bool | None = None) -> str:
    for key in hand_order(data):
        if hi_lo is None or data["hands"][key]["hi_lo"] == hi_lo:
            return key
    pytest.skip("the report replays no such hand")


def test_summary_counts(report_page: ReportPage, report_data: Data) -> None:
    opened = report_page(report_data)
    page, summary = opened.page, report_data["summary"]
    for name, key in [("summary-hands-read", "hands_read"), ("summary-files", "files"),
                      ("summary-hands-audited", "hands_audited"),
                      ("summary-hands-skipped", "hands_skipped"),
                      ("summary-hands-rejected", "hands_rejected"),
                      ("summary-files-not-read", "files_not_read")]:
        assert text_of(page, name) == f"{summary[key]:,}", name
    assert text_of(page, "summary-findings") == f"{report_data['findings_total']:,}"
    assert text_of(page, "findings-on-page") == f"{len(report_data['findings']):,}"
    assert text_of(page, "hands-on-page") == f"{len(report_data['hands']):,}"
    assert text_of(page, "hands-total") == f"{report_data['hands_total']:,}"
    expect(page.get_by_test_id("finding-row")).to_have_count(min(200, len(report_data["findings"])))
    codes = page.get_by_test_id("code-row")
    expect(codes).to_have_count(len(summary["codes"]))
    for k, code in enumerate(summary["codes"]):
        row = codes.nth(k)
        expect(row).to_have_attribute("data-code", code["code"])
        assert row.get_by_test_id("code-rule").text_content() == code["rule"]
        expect(row.get_by_test_id("code-rule")).to_be_hidden()
        row.locator("summary").click()  # the rule shows when the code is opened
        expect(row.get_by_test_id("code-rule")).to_be_visible()
    for sev in summary["severities"]:
        expect(page.locator(f'[data-testid="severity-row"][data-severity="{sev["severity"]}"]')
               ).to_contain_text(f"{sev['count']:,}")
    charts = [name for name, svg in report_data["charts"].items() if svg]
    for name in charts:
        expect(page.get_by_test_id(f"chart-{name}").locator("svg")).to_have_count(1)
    assert opened.errors == []
    assert opened.outside == []


def test_findings_filter(report_page: ReportPage, report_data: Data) -> None:
    page = report_page(report_data).page
    code = report_data["findings"][0]["code"]
    page.get_by_test_id("filter-code").select_option(code)
    want = [f for f in report_data["findings"] if f["code"] == code]
    rows = page.get_by_test_id("finding-row")
    expect(rows).to_have_count(min(200, len(want)))
    assert set(rows.evaluate_all("rs => rs.map(r => r.dataset.code)")) == {code}
    page.get_by_test_id("filter-code").select_option("")
    room = report_data["findings"][-1]["room"]
    page.get_by_test_id("filter-text").fill(room.lower())
    matching = [f for f in report_data["findings"] if room.lower() in "\x01".join(
        str(f[k] or "") for k in ("room", "table", "hand_id", "player", "message", "code",
                                  "source_file", "street")).lower()]
    expect(rows).to_have_count(min(200, len(matching)))
    page.get_by_test_id("filter-text").fill("no finding has this text \u2603")
    expect(rows).to_have_count(0)


def test_finding_row_opens_its_hand_at_the_finding(
        report_page: ReportPage, report_data: Data, artifacts: Path) -> None:
    opened = report_page(report_data)
    page = opened.page
    rows = replayed_findings(report_data)
    if not rows:
        pytest.skip("no finding of the report is replayed")
    for row in rows[:2]:
        page.evaluate("location.hash = '#summary'")
        key = str(row["hand_key"])
        hand = report_data["hands"][key]
        step = finding_step(hand, row)
        index = report_data["findings"].index(row)
        if index >= 200:  # not on the first page of the table: find it by its hand
            page.get_by_test_id("filter-text").fill(row["hand_id"])
        page.locator(f'[data-testid="finding-row"][data-index="{index}"] td.msg').click()
        expect(page.get_by_test_id("replayer")).to_be_visible()
        expect(page.get_by_test_id("hand-select")).to_have_value(key)
        check_step(page, hand, step)
        highlight = page.get_by_test_id("finding-highlight")
        expect(highlight).to_contain_text(row["message"])
        expect(highlight.get_by_test_id("finding-rule").first).to_be_visible()
        assert page.evaluate("location.hash") == f"#hand={key}&step={step}"
    shot(opened, artifacts, "replayer-finding-1280x800")
    assert opened.errors == []


def test_step_buttons_and_slider(report_page: ReportPage, report_data: Data) -> None:
    page = report_page(report_data).page
    key = a_hand(report_data)
    hand = report_data["hands"][key]
    last = len(hand["steps"]) - 1
    open_hand(page, key, 0)
    check_step(page, hand, 0)
    expect(page.get_by_test_id("step-count")).to_have_text(str(len(hand["steps"])))
    for i in range(1, min(last, 3) + 1):
        page.get_by_test_id("btn-next").click()
        check_step(page, hand, i)
    page.get_by_test_id("btn-back").click()
    check_step(page, hand, min(last, 3) - 1)
    page.get_by_test_id("btn-end").click()
    check_step(page, hand, last)
    page.get_by_test_id("btn-next").click()  # past the end stays at the end
    check_step(page, hand, last)
    page.get_by_test_id("btn-start").click()
    check_step(page, hand, 0)
    page.get_by_test_id("step-slider").fill(str(last // 2))
    check_step(page, hand, last // 2)



@pytest.mark.slow  # > 2 s on a shared machine
def test_step_keys(report_page: ReportPage, report_data: Data) -> None:
    page = report_page(report_data).page
    key = a_hand(report_data)
    hand = report_data["hands"][key]
    last = len(hand["steps"]) - 1
    open_hand(page, key, last // 2)
    unfocus(page)
    page.keyboard.press("Home")
    check_step(page, hand, 0)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    check_step(page, hand, 2)
    page.keyboard.press("ArrowLeft")
    check_step(page, hand, 1)
    page.keyboard.press("End")
    check_step(page, hand, last)
    for n, street in enumerate(STREETS, start=1):
        first = next((i for i, s in enumerate(hand["steps"]) if s["street"] == street), None)
        page.keyboard.press(str(n))
        if first is not None:
            check_step(page, hand, first)
    # every action step, by the arrow key, shows its own to-call and legal range
    page.keyboard.press("Home")
    for i in range(1, last + 1):
        page.keyboard.press("ArrowRight")
        if hand["steps"][i]["kind"] == "action" or hand["steps"][i]["findings"]:
            check_step(page, hand, i)
    check_step(page, hand, last)

    order = hand_order(report_data)
    at = order.index(key)
    if at + 1 < len(order):
        page.keyboard.press("ArrowDown")
        expect(page.get_by_test_id("hand-select")).to_have_value(order[at + 1])
        check_step(page, report_data["hands"][order[at + 1]], 0)
        page.keyboard.press("ArrowUp")
        expect(page.get_by_test_id("hand-select")).to_have_value(key)
        check_step(page, hand, 0)


@pytest.mark.slow  # > 2 s on a shared machine
def test_space_plays_and_pauses(report_page: ReportPage, report_data: Data) -> None:
    page = report_page(report_data).page
    key = a_hand(report_data)
    open_hand(page, key, 0)
    unfocus(page)
    page.keyboard.press(" ")
    expect(page.get_by_test_id("btn-play")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("step-index")).not_to_have_text("0", timeout=3000)
    page.keyboard.press(" ")
    expect(page.get_by_test_id("btn-play")).to_have_attribute("aria-pressed", "false")
    stopped = text_of(page, "step-index")
    page.wait_for_timeout(1000)  # longer than a play step (900 ms)
    assert text_of(page, "step-index") == stopped


def test_cards_and_big_blinds_toggles(report_page: ReportPage, report_data: Data) -> None:
    page = report_page(report_data).page
    key = a_hand(report_data)
    hand = report_data["hands"][key]
    open_hand(page, key, 0)
    known = [s for s in hand["seats"] if s["hole_cards"] and s["dealt_in"]]
    if not known:
        pytest.skip("no hole card of this hand is known")
    seat = known[0]
    cards = page.get_by_test_id(f"seat-cards-{seat['seat']}").locator("[data-card]")

    def shown() -> list[str | None]:
        return [cards.nth(k).get_attribute("data-card") for k in range(cards.count())]

    assert shown() == [""] * len(seat["hole_cards"])  # face down before any show
    page.get_by_test_id("toggle-cards").click()
    expect(page.get_by_test_id("toggle-cards")).to_have_attribute("aria-pressed", "true")
    assert shown() == seat["hole_cards"]
    page.get_by_test_id("toggle-cards").click()
    assert shown() == [""] * len(seat["hole_cards"])
    # the cards a player shows are face up from his show on, without the toggle
    shows = [i for i, s in enumerate(hand["steps"]) if s["shown"].get(seat["player"])]
    if shows:
        open_hand(page, key, shows[0])
        assert shown() == hand["steps"][shows[0]]["shown"][seat["player"]]

    middle = len(hand["steps"]) // 2
    open_hand(page, key, middle)
    page.get_by_test_id("toggle-bb").click()
    expect(page.get_by_test_id("toggle-bb")).to_have_attribute("aria-pressed", "true")
    check_step(page, hand, middle, bb=True)
    page.get_by_test_id("toggle-bb").click()
    check_step(page, hand, middle)


def test_hi_lo_hand_boards_and_result(report_page: ReportPage, report_data: Data) -> None:
    page = report_page(report_data).page
    key = a_hand(report_data, hi_lo=True)
    hand = report_data["hands"][key]
    last = len(hand["steps"]) - 1
    open_hand(page, key, last)
    check_step(page, hand, last)
    expect(page.get_by_test_id(f"board-{max(hand['boards'], 1)}")).to_be_visible()
    expect(page.get_by_test_id("rake")).to_have_text(money(hand["rake"], hand))
    awards = page.get_by_test_id("awards")
    for award in hand["awards"]:
        expect(awards).to_contain_text(award["player"])
    for i, step in enumerate(hand["steps"]):
        if step["findings"]:
            open_hand(page, key, i)
            check_step(page, hand, i)


@pytest.mark.slow  # > 2 s on a shared machine
def test_offline_screens_and_phone(
        report_page: ReportPage, report_data: Data, artifacts: Path) -> None:
    key = a_hand(report_data)
    hand = report_data["hands"][key]
    flagged = next((i for i, s in enumerate(hand["steps"]) if s["findings"]), 0)
    for width, height, scale, name in [(1280, 800, 1, "1280x800"), (390, 844, 1, "390x844"),
                                       (640, 400, 2, "640x400@2x")]:
        opened = report_page(report_data, width=width, height=height, scale=scale)
        page = opened.page
        no_sideways_scroll(page)
        shot(opened, artifacts, f"summary-{name}")
        open_hand(page, key, flagged)
        check_step(page, hand, flagged)
        no_sideways_scroll(page)
        expect(page.get_by_test_id("btn-next")).to_be_visible()
        shot(opened, artifacts, f"replayer-{name}")
        page.get_by_test_id("btn-next").focus()
        outline = page.get_by_test_id("btn-next").evaluate(
            "b => getComputedStyle(b).outlineStyle + ' ' + getComputedStyle(b).outlineWidth")
        assert outline.startswith("solid") and not outline.endswith(" 0px"), outline
        assert opened.outside == []
        assert opened.errors == []


def test_every_control_is_labelled(report_page: ReportPage, report_data: Data) -> None:
    page = report_page(report_data).page
    open_hand(page, a_hand(report_data), 0)
    unlabelled = page.evaluate("""() => [...document.querySelectorAll(
        'button, input, select, [role=region], section')].filter(e =>
        !(e.getAttribute('aria-label') || e.getAttribute('aria-labelledby') ||
          (e.labels && e.labels.length) || e.textContent.trim())).map(e => e.outerHTML)""")
    assert unlabelled == []


@pytest.mark.slow
def test_a_big_report_opens_fast(report_page: ReportPage) -> None:
    data = large_data(hands=2000, findings=20000)
    opened = report_page(data)
    page = opened.page
    # from the start of the navigation to the end of the page's script
    took = int(page.evaluate("document.documentElement.dataset.readyMs")) / 1000
    expect(page.get_by_test_id("finding-row")).to_have_count(200)
    page.get_by_test_id("page-next").click()
    expect(page.get_by_test_id("finding-row").first).to_have_attribute("data-index", "200")
    key = hand_order(data)[-1]
    open_hand(page, key, 0)
    check_step(page, data["hands"][key], 0)
    assert opened.errors == []
    assert took < 3, f"a report of 2,000 hands and 20,000 findings took {took:.1f} s to open"
