"""What every part of an OHH hand's reading shares: its error, and a key's value."""

from __future__ import annotations

from typing import Any

from auditor.findings import Code


class Bad(Exception):
    """A part of the hand that cannot be read, at its (line, column) in the hand."""

    def __init__(self, problem: str, at: tuple[int, int], code: Code = Code.PARSE_ERROR) -> None:
        super().__init__(problem)
        self.problem, self.at, self.code = problem, at, code


def get(obj: object, key: str) -> Any:
    """``obj[key]`` where ``obj`` is an object, else None."""
    return obj.get(key) if isinstance(obj, dict) else None
