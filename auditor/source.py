"""Where a piece of a hand history came from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SourceSpan:
    """A place in an input file: 1-based line and column."""

    file: str
    line: int
    column: int = 1

    def __reduce__(self) -> tuple[type[SourceSpan], tuple[str, int, int]]:
        # Spans travel by the thousand between processes: the dataclass default pickles
        # through fields() each time, five times slower.
        return SourceSpan, (self.file, self.line, self.column)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"
