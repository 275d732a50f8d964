"""A realistic report data object (auditor/report/assets/README.md) typed by hand, for the
page's tests until reports are built from real audits: a PokerStars PLO hand where the big blind
shoves above the pot limit (RAISE_ABOVE_POT) and a side pot forms, and a PLO8 hand run
twice (two boards, hi/lo halves) whose showdown order is wrong (SHOWDOWN_ORDER).

The steps are written through a small recorder that keeps stacks, bets, pots and the
board as a replay would; the numbers of each action (to call, legal min..max, pot
before) are typed by hand from the pot-limit rules."""

from __future__ import annotations

import copy
from typing import Any

from auditor.findings import CATALOGUE, Code

Step = dict[str, Any]


class _Recorder:
    """Builds one hand's steps; each call appends the table's state after it."""

    def __init__(self, seats: list[tuple[int, str, int]], boards: int, first_line: int) -> None:
        self.order = [name for _, name, _ in seats]
        self.stacks = {name: stack for _, name, stack in seats}
        self.bets: dict[str, int] = {}
        self.put_in = dict.fromkeys(self.order, 0)
        self.pot = 0
        self.folded: list[str] = []
        self.all_in: list[str] = []
        self.board: list[list[str]] = [[] for _ in range(boards)]
        self.shown: dict[str, list[str]] = {}
        self.street = "preflop"
        self.line = first_line
        self.seq = 0
        self.steps: list[Step] = []
        self._step("start", "Hand starts", to_act=None)

    def _pots(self) -> list[dict[str, Any]]:
        """Main and side pots of the chips in so far: one level per all-in amount."""
        put = {p: c for p, c in self.put_in.items() if c > 0}
        if not put:
            return []
        levels = sorted({put[p] for p in self.all_in if p in put} | {max(put.values())})
        pots, below = [], 0
        for level in levels:
            amount = sum(min(c, level) - min(c, below) for c in put.values())
            eligible = [p for p in self.order if put.get(p, 0) > below and p not in self.folded]
            if amount:
                pots.append({"amount": amount, "eligible": eligible})
            below = level
        return pots

    def _step(self, kind: str, text: str, **fields: Any) -> int:
        step: Step = {
            "kind": kind, "street": self.street, "player": None, "action": None,
            # the report data (auditor/report/assets/README.md) names two Step fields "all_in"
            # (the action's flag and the list of players all-in); a JSON object keeps the
            # last, the list, so the sample does.
            "amount": None, "to_amount": None, "seq": None,
            "to_call": None, "min_legal": None, "max_legal": None, "pot_before": None,
            "text": text, "source_line": self.line,
            "stacks": dict(self.stacks), "bets": dict(self.bets), "pot": self.pot,
            "pots": self._pots(), "folded": list(self.folded), "all_in": list(self.all_in),
            "board": [list(b) for b in self.board], "shown": copy.deepcopy(self.shown),
            "to_act": None, "findings": [],
        }
        step.update(fields)
        if kind not in ("start", "end"):
            self.line += 1
        self.steps.append(step)
        return len(self.steps) - 1

    def _put(self, player: str, to: int) -> int:
        more = to - self.bets.get(player, 0)
        self.stacks[player] -= more
        self.put_in[player] += more
        self.bets[player] = to
        if self.stacks[player] == 0 and player not in self.all_in:
            self.all_in.append(player)
        return more

    def post(self, player: str, what: str, amount: int, text: str, to_act: str) -> int:
        self._put(player, amount)
        self.seq += 1
        return self._step("post", text, player=player, action=what, amount=amount,
                          to_amount=amount, seq=self.seq, to_act=to_act)

    def act(self, player: str, action: str, to: int | None, text: str, *, to_call: int,
            legal: tuple[int, int] | None, to_act: str | None) -> int:
        pot_before = self.pot + sum(self.bets.values())
        amount = None
        if action == "fold":
            self.folded.append(player)
        elif to is not None:
            amount = self._put(player, to)
        self.seq += 1
        return self._step(
            "action", text, player=player, action=action, amount=amount, to_amount=to,
            seq=self.seq, to_call=to_call,
            min_legal=legal[0] if legal else None, max_legal=legal[1] if legal else None,
            pot_before=pot_before, to_act=to_act)

    def deal(self, street: str, cards: list[list[str]], text: str, to_act: str | None) -> int:
        if street != "preflop":  # the blinds stay in front until the flop
            self.pot += sum(self.bets.values())
            self.bets = {}
        self.street = street
        for board, more in zip(self.board, cards, strict=True):
            board.extend(more)
        return self._step("street", text, to_act=to_act)

    def show(self, player: str, cards: list[str], text: str) -> int:
        self.shown[player] = cards
        self.street = "showdown"
        return self._step("show", text, player=player)

    def collect(self, player: str, amount: int, text: str) -> int:
        self.pot += sum(self.bets.values())
        self.bets = {}
        self.stacks[player] += amount
        self.pot -= amount
        self.street = "showdown"
        return self._step("collect", text, player=player, amount=amount)

    def end(self, text: str) -> int:
        self.pot = 0
        return self._step("end", text)


def _finding(code: Code, message: str, expected: str | None, recorded: str | None,
             street: str, seq: int | None, player: str | None, line: int,
             step: int) -> dict[str, Any]:
    info = CATALOGUE[code]
    return {"code": code.value, "severity": info.severity.name.lower(), "message": message,
            "expected": expected, "recorded": recorded, "street": street, "seq": seq,
            "player": player, "source_line": line, "rule": info.rule, "step": step}


def plo_side_pot_hand() -> dict[str, Any]:
    """PokerStars PLO $0.25/$0.50, 6-max: Bob shoves $20 where the pot allowed $7.25."""
    seats = [(1, "Alice", 5000), (2, "Bob", 2000), (3, "Carol", 7500), (5, "Dave", 9000)]
    r = _Recorder(seats, boards=1, first_line=12)
    r.post("Alice", "small blind", 25, "Alice posts small blind $0.25", to_act="Bob")
    r.post("Bob", "big blind", 50, "Bob posts big blind $0.50", to_act="Carol")
    r.deal("preflop", [[]], "*** HOLE CARDS ***", to_act="Carol")
    r.act("Carol", "raise", 175, "Carol raises $1.25 to $1.75", to_call=50,
          legal=(100, 175), to_act="Dave")
    r.act("Dave", "call", 175, "Dave calls $1.75", to_call=175, legal=(175, 175), to_act="Alice")
    r.act("Alice", "fold", None, "Alice folds", to_call=150, legal=(300, 750), to_act="Bob")
    shove = r.act("Bob", "raise", 2000, "Bob raises $18.25 to $20 and is all-in", to_call=125,
                  legal=(300, 725), to_act="Carol")
    r.act("Carol", "call", 2000, "Carol calls $18.25", to_call=1825, legal=(1825, 1825),
          to_act="Dave")
    r.act("Dave", "call", 2000, "Dave calls $18.25", to_call=1825, legal=(1825, 1825),
          to_act=None)
    r.deal("flop", [["Ah", "9h", "4h"]], "*** FLOP *** [Ah 9h 4h]", to_act="Carol")
    r.act("Carol", "bet", 3000, "Carol bets $30", to_call=0, legal=(50, 6025), to_act="Dave")
    r.act("Dave", "call", 3000, "Dave calls $30", to_call=3000, legal=(3000, 3000), to_act=None)
    r.deal("turn", [["2s"]], "*** TURN *** [Ah 9h 4h] [2s]", to_act="Carol")
    r.act("Carol", "check", None, "Carol checks", to_call=0, legal=(50, 12025), to_act="Dave")
    r.act("Dave", "check", None, "Dave checks", to_call=0, legal=(50, 12025), to_act=None)
    r.deal("river", [["Kd"]], "*** RIVER *** [Ah 9h 4h 2s] [Kd]", to_act="Carol")
    r.act("Carol", "bet", 2500, "Carol bets $25 and is all-in", to_call=0, legal=(50, 2500),
          to_act="Dave")
    r.act("Dave", "call", 2500, "Dave calls $25", to_call=2500, legal=None, to_act=None)
    r.deal("showdown", [[]], "*** SHOW DOWN ***", to_act=None)
    r.show("Carol", ["Ad", "Kc", "Qs", "Jd"],
           "Carol shows [Ad Kc Qs Jd] (two pair, Aces and Kings)")
    r.show("Dave", ["9c", "9d", "7s", "6s"], "Dave shows [9c 9d 7s 6s] (three of a kind, Nines)")
    r.show("Bob", ["Qh", "Jh", "8h", "3d"], "Bob shows [Qh Jh 8h 3d] (a flush, Ace high)")
    r.collect("Dave", 11000, "Dave collected $110 from side pot")
    r.collect("Bob", 5725, "Bob collected $57.25 from main pot")
    r.end("Total pot $170.25 Main pot $57.25. Side pot $110. | Rake $3")
    finding = _finding(
        Code.RAISE_ABOVE_POT, "Bob raises to $20, above the pot limit of $7.25",
        "to at most 7.25", "to 20.00", "preflop", r.steps[shove]["seq"], "Bob",
        r.steps[shove]["source_line"], shove)
    r.steps[shove]["findings"] = [0]
    return {
        "hand_key": 1, "hand_id": "245871036554", "room": "PokerStars", "site": "PokerStars",
        "variant": "PLO", "limit": "pot limit", "hi_lo": False, "currency": "USD", "scale": 100,
        "small_blind": 25, "big_blind": 50, "table_name": "Aludra IV", "max_seats": 6,
        "button_seat": 5, "profile": "pokerstars", "started_at": "2026-03-14T21:07:33Z",
        "source_file": "pokerstars/plo/HH20260314 Aludra IV.txt", "source_line": 10, "boards": 1,
        "seats": [
            {"seat": 1, "player": "Alice", "stack": 5000, "dealt_in": True, "hole_cards": []},
            {"seat": 2, "player": "Bob", "stack": 2000, "dealt_in": True,
             "hole_cards": ["Qh", "Jh", "8h", "3d"]},
            {"seat": 3, "player": "Carol", "stack": 7500, "dealt_in": True,
             "hole_cards": ["Ad", "Kc", "Qs", "Jd"]},
            {"seat": 5, "player": "Dave", "stack": 9000, "dealt_in": True,
             "hole_cards": ["9c", "9d", "7s", "6s"]},
        ],
        "findings": [finding],
        "steps": r.steps,
        "pots": [
            {"index": 0, "amount": 6025, "eligible": ["Bob", "Carol", "Dave"],
             "hi_winners": ["Bob"], "lo_winners": []},
            {"index": 1, "amount": 11000, "eligible": ["Carol", "Dave"],
             "hi_winners": ["Dave"], "lo_winners": []},
        ],
        "awards": [
            {"pot_index": 1, "board": 1, "half": "hi", "player": "Dave", "expected": 11000,
             "recorded": 11000},
            {"pot_index": 0, "board": 1, "half": "hi", "player": "Bob", "expected": 5725,
             "recorded": 5725},
        ],
        "rake": 300, "fees": 0,
        "ending_stacks": dict(r.stacks),
    }


def plo8_run_twice_hand() -> dict[str, Any]:
    """PLO8 in chips, 9-max, run twice: Finn's all-in, then two boards split hi/lo; Eve
    shows first although Finn made the last raise (SHOWDOWN_ORDER)."""
    seats = [(2, "Eve", 5000), (4, "Finn", 3000), (7, "Gus", 4000)]
    r = _Recorder(seats, boards=2, first_line=3)
    r.post("Finn", "small blind", 50, "Finn: posts small blind 50", to_act="Gus")
    r.post("Gus", "big blind", 100, "Gus: posts big blind 100", to_act="Eve")
    r.deal("preflop", [[], []], "*** HOLE CARDS ***", to_act="Eve")
    r.act("Eve", "raise", 350, "Eve: raises 250 to 350", to_call=100, legal=(200, 350),
          to_act="Finn")
    r.act("Finn", "call", 350, "Finn: calls 300", to_call=300, legal=(300, 300), to_act="Gus")
    r.act("Gus", "fold", None, "Gus: folds", to_call=250, legal=(600, 1400), to_act=None)
    flop = ["7c", "8d", "2h"]
    r.deal("flop", [flop, flop], "*** FLOP *** [7c 8d 2h]", to_act="Finn")
    r.act("Finn", "check", None, "Finn: checks", to_call=0, legal=(100, 800), to_act="Eve")
    r.act("Eve", "bet", 800, "Eve: bets 800", to_call=0, legal=(100, 800), to_act="Finn")
    r.act("Finn", "raise", 2650, "Finn: raises 1850 to 2650 and is all-in", to_call=800,
          legal=(1600, 2650), to_act="Eve")
    r.act("Eve", "call", 2650, "Eve: calls 1850", to_call=1850, legal=None, to_act=None)
    r.deal("turn", [["Ks"], ["5s"]], "*** FIRST TURN *** [Ks] *** SECOND TURN *** [5s]",
           to_act=None)
    r.deal("river", [["3d"], ["6h"]], "*** FIRST RIVER *** [3d] *** SECOND RIVER *** [6h]",
           to_act=None)
    r.deal("showdown", [[], []], "*** SHOW DOWN ***", to_act=None)
    eve_shows = r.show("Eve", ["Ac", "Kd", "Kh", "9h"], "Eve: shows [Ac Kd Kh 9h]")
    r.show("Finn", ["As", "2c", "3h", "4s"], "Finn: shows [As 2c 3h 4s]")
    r.collect("Eve", 1525, "Eve collected 1525 from pot (board 1, hi: three of a kind, Kings)")
    r.collect("Finn", 1525, "Finn collected 1525 from pot (board 1, lo: 7,4,3,2,A)")
    r.collect("Finn", 1525,
              "Finn collected 1525 from pot (board 2, hi: a straight, Three to Seven)")
    r.collect("Finn", 1525, "Finn collected 1525 from pot (board 2, lo: 6,5,4,2,A)")
    r.end("Total pot 6100 | No rake")
    finding = _finding(
        Code.SHOWDOWN_ORDER, "Eve showed first; Finn made the last raise and shows first",
        "Finn first", "Eve first", "showdown", None, "Eve", r.steps[eve_shows]["source_line"],
        eve_shows)
    r.steps[eve_shows]["findings"] = [0]
    return {
        "hand_key": 7, "hand_id": "88123400917", "room": "PartyPoker", "site": "partypoker",
        "variant": "PLO8", "limit": "pot limit", "hi_lo": True, "currency": "chips", "scale": 1,
        "small_blind": 50, "big_blind": 100, "table_name": "Bellagio 12", "max_seats": 9,
        "button_seat": 2, "profile": "party", "started_at": "2026-03-15T02:41:09Z",
        "source_file": "party/plo8/2026-03-15 Bellagio 12.txt", "source_line": 1, "boards": 2,
        "seats": [
            {"seat": 2, "player": "Eve", "stack": 5000, "dealt_in": True,
             "hole_cards": ["Ac", "Kd", "Kh", "9h"]},
            {"seat": 4, "player": "Finn", "stack": 3000, "dealt_in": True,
             "hole_cards": ["As", "2c", "3h", "4s"]},
            {"seat": 7, "player": "Gus", "stack": 4000, "dealt_in": True, "hole_cards": []},
        ],
        "findings": [finding],
        "steps": r.steps,
        "pots": [{"index": 0, "amount": 6100, "eligible": ["Eve", "Finn"],
                  "hi_winners": ["Eve", "Finn"], "lo_winners": ["Finn"]}],
        "awards": [
            {"pot_index": 0, "board": 1, "half": "hi", "player": "Eve", "expected": 1525,
             "recorded": 1525},
            {"pot_index": 0, "board": 1, "half": "lo", "player": "Finn", "expected": 1525,
             "recorded": 1525},
            {"pot_index": 0, "board": 2, "half": "hi", "player": "Finn", "expected": 1525,
             "recorded": 1525},
            {"pot_index": 0, "board": 2, "half": "lo", "player": "Finn", "expected": 1525,
             "recorded": 1525},
        ],
        "rake": 0, "fees": 0,
        "ending_stacks": dict(r.stacks),
    }


def _row(hand: dict[str, Any], index: int, replayed: bool = True) -> dict[str, Any]:
    f = hand["findings"][index]
    return {
        "hand_key": hand["hand_key"], "hand_id": hand["hand_id"], "code": f["code"],
        "severity": f["severity"], "street": f["street"], "seq": f["seq"], "player": f["player"],
        "expected": f["expected"], "recorded": f["recorded"], "message": f["message"],
        "source_file": hand["source_file"], "source_line": f["source_line"],
        "room": hand["room"], "table": hand["table_name"], "replayed": replayed,
    }


_CHART = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 120" width="320" height="120">'
    '<rect x="10" y="20" width="{w}" height="30" fill="#1d4ed8"/>'
    '<text x="10" y="80" font-size="14">{label}</text></svg>'
)


def sample_data() -> dict[str, Any]:
    """Two replayed hands, a finding whose hand is not replayed and one with no hand."""
    plo, plo8 = plo_side_pot_hand(), plo8_run_twice_hand()
    not_replayed = dict(_row(plo, 0), hand_key=3, hand_id="245871036601",
                        message="Carol raises to $9.00, above the pot limit of $8.25",
                        seq=6, player="Carol", replayed=False)
    unreadable = {
        "hand_key": None, "hand_id": "", "code": "FILE_UNREADABLE",
        "severity": CATALOGUE[Code.FILE_UNREADABLE].severity.name.lower(),
        "street": None, "seq": None,
        "player": None, "expected": None, "recorded": None,
        "message": "pokerstars/plo/broken.zip: not a zip file", "source_file":
        "pokerstars/plo/broken.zip", "source_line": None, "room": "PokerStars", "table": "",
        "replayed": False,
    }
    findings = [_row(plo, 0), not_replayed, unreadable, _row(plo8, 0)]

    def count(code: Code) -> int:
        return sum(1 for f in findings if f["code"] == code.value)

    codes = [Code.RAISE_ABOVE_POT, Code.FILE_UNREADABLE, Code.SHOWDOWN_ORDER]
    return {
        "version": 1,
        "title": "omaha-auditor report: sample <out> & co",
        "generated_at": "2026-03-16T09:00:00Z",
        "auditor_version": "0.1.0",
        "summary": {
            "files": 3, "files_not_read": 1,
            "hands_read": 1250, "hands_audited": 1244, "hands_skipped": 4, "hands_rejected": 2,
            "rooms": [{"name": "PokerStars", "hands": 1000}, {"name": "PartyPoker", "hands": 250}],
            "profiles": [{"name": "pokerstars", "hands": 1000}, {"name": "party", "hands": 250}],
            "severities": [{"severity": "error", "count": 3}, {"severity": "warning", "count": 1},
                           {"severity": "info", "count": 0}],
            "codes": [{"code": c.value, "severity": CATALOGUE[c].severity.name.lower(),
                       "count": count(c), "summary": CATALOGUE[c].summary,
                       "rule": CATALOGUE[c].rule} for c in codes],
            "by_room": [{"name": "PokerStars", "count": 3}, {"name": "PartyPoker", "count": 1}],
            "by_table": [{"name": "Aludra IV", "count": 2}, {"name": "Bellagio 12", "count": 1}],
            "by_day": [{"day": "2026-03-14", "count": 2}, {"day": "2026-03-15", "count": 2}],
            "by_hour": [{"hour": 2, "count": 1}, {"hour": 21, "count": 3}],
        },
        "charts": {
            "codes": _CHART.format(w=240, label="findings by code"),
            "rooms": _CHART.format(w=180, label="findings by room"),
            "days": _CHART.format(w=120, label="findings by day"),
        },
        "findings": findings,
        "findings_total": 5,
        "hands_total": 1244,
        "hands": {str(plo["hand_key"]): plo, str(plo8["hand_key"]): plo8},
    }


def large_data(hands: int = 2000, findings: int = 20000) -> dict[str, Any]:
    """The sample scaled up: ``hands`` replayed hands (copies of the two) and ``findings``
    findings, for the page's speed with a big report."""
    data = sample_data()
    base = [data["hands"]["1"], data["hands"]["7"]]
    data["hands"] = {}
    rows = []
    for k in range(hands):
        # shallow copies: the steps are shared, which JSON does not mind
        hand = dict(base[k % 2], hand_key=1000 + k, hand_id=f"{base[k % 2]['hand_id']}-{k}")
        data["hands"][str(hand["hand_key"])] = hand
    keys = list(data["hands"].values())
    for i in range(findings):
        hand = keys[i % len(keys)]
        rows.append(_row(hand, 0, replayed=True) if i < len(keys) else
                    dict(_row(hand, 0), hand_key=10**6 + i, hand_id=f"x{i}", replayed=False))
    data["findings"] = rows
    data["findings_total"] = findings + 1000
    data["hands_total"] = 100_000
    return data
