"""A PHH document's values as the reader takes them: the error of a field or action it
cannot take (:class:`Bad`), the chips' scale, the cards and players an action names,
and TOML's names for what a field holds (for messages)."""

from __future__ import annotations

from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from auditor.cards import LETTERS, Card
from auditor.findings import Code


class Bad(Exception):
    """A field or action the reader cannot take: where (key or action index) and why."""

    def __init__(
        self, problem: str, key: str = "", action: int = -1, code: Code = Code.PARSE_ERROR
    ) -> None:
        super().__init__(problem)
        self.problem, self.key, self.action, self.code = problem, key, action, code


def player_of(text: str, count: int, index: int) -> int:
    if text[:1] == "p" and text[1:].isdigit() and 1 <= int(text[1:]) <= count:
        return int(text[1:]) - 1
    problem = f"{text!r} is no player of this hand (p1 to p{count})"
    raise Bad(problem, "actions", index, Code.SEAT_INVALID)


def cards_of(text: str, index: int) -> tuple[Card, ...]:
    if len(text) % 2:
        raise Bad(f"{text!r} is not a run of two-letter cards", "actions", index)
    return tuple(LETTERS.card(text[i : i + 2]) for i in range(0, len(text), 2))


def scale_of(doc: dict[str, Any]) -> int:
    """Minor units per chip: 1 when every amount is whole, else 10 to the most decimals
    written (a cash game's 0.25): money stays exact."""
    places = 0
    for key in ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings"):
        values = doc.get(key)
        if isinstance(values, list):
            places = max([places, *(_places(v) for v in values)])
    for key in ("small_bet", "big_bet", "min_bet"):
        places = max(places, _places(doc.get(key)))
    actions = doc.get("actions")
    if isinstance(actions, list):
        for action in actions:
            if isinstance(action, str) and " cbr " in action:
                places = max(places, _places(action.partition("#")[0].split()[-1]))
    scale: int = 10 ** min(places, 8)
    return scale


def _places(value: object) -> int:
    if isinstance(value, str):
        try:
            value = Decimal(value)
        except ArithmeticError:
            return 0
    if isinstance(value, Decimal) and value.is_finite():
        exponent = value.normalize().as_tuple().exponent
        return max(0, -exponent) if isinstance(exponent, int) else 0
    return 0


def toml_type(value: object) -> str:
    """The TOML name of a value's type ("an integer", "an array")."""
    if value is None:
        return "nothing"
    kinds = [
        (bool, "a boolean"),
        (int, "an integer"),
        (Decimal, "a float"),
        (float, "a float"),
        (datetime, "a date-time"),
        (date, "a date"),
        (time, "a time"),
        (list, "an array"),
        (dict, "a table"),
    ]
    return next((name for kind, name in kinds if isinstance(value, kind)), "a value")


def shown(value: object) -> str:
    """The value as TOML writes it, cut short."""
    text = str(value).lower() if isinstance(value, bool) else repr(value)
    if isinstance(value, Decimal | datetime | date | time):
        text = str(value)
    return text if len(text) <= 40 else text[:40] + "..."
