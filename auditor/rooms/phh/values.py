"""A PHH document's values as the reader takes them: the error of a field or action it
cannot take (:class:`Bad`), the chips' scale, and the cards and players an action names."""

from __future__ import annotations

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


_AMOUNTS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings")


def scale_of(doc: dict[str, Any]) -> int:
    """Minor units per chip: 1 when every amount is whole, else 10 to the most decimals
    written (a cash game's 0.25): money stays exact."""
    values = [doc.get(key) for key in ("small_bet", "big_bet", "min_bet")]
    for key in _AMOUNTS:
        listed = doc.get(key)
        values += listed if isinstance(listed, list) else []
    actions = doc.get("actions")
    for action in actions if isinstance(actions, list) else []:
        if isinstance(action, str) and " cbr " in action:
            values.append(action.partition("#")[0].split()[-1])
    scale: int = 10 ** min(max(map(_places, values)), 8)
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


_TOML_TYPES = ((bool, "a boolean"), (int, "an integer"), (Decimal, "a float"), (list, "an array"))


def toml_type(value: object) -> str:
    """The TOML name of a value's type ("an integer", "an array"), for messages."""
    if isinstance(value, dict):
        return "a table"
    return next((name for kind, name in _TOML_TYPES if isinstance(value, kind)), "a value")
