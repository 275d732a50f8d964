"""What writing the tables can refuse, without pyarrow (the command line imports it)."""

from __future__ import annotations


class OutputError(Exception):
    """``out`` cannot be written as asked; nothing was written (the message says so)."""


class OutputExistsError(OutputError):
    """``out`` already holds results and neither overwrite nor append was asked for, or it
    holds something the auditor did not write (then neither may touch it)."""


class OutputIsInputError(OutputError):
    """``out`` is, holds or lies inside an input: writing there could destroy the input."""


class OutputLockedError(OutputError):
    """Another run is writing the same ``out``."""


class AppendError(OutputError):
    """Adding this run to ``out`` failed part-way. ``rolled_back``: every part file moved
    in was moved out again (``out`` is as before); else ``in_place`` / ``not_in_place``
    name the part files that are, and are not, in ``out``."""

    def __init__(
        self,
        message: str,
        *,
        rolled_back: bool,
        in_place: tuple[str, ...] = (),
        not_in_place: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        self.rolled_back = rolled_back
        self.in_place = in_place
        self.not_in_place = not_in_place
