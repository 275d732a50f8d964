"""Parse errors that a person can read: where, the line, and what could stand there."""

from __future__ import annotations

from dataclasses import dataclass

from auditor.findings import Code

# What each terminal means, in words, for error messages.
_TERMINAL_WORDS = {
    "HAND_ID": "a hand header",
    "TABLE": "the table line (Table '...' 6-max Seat #n is the button)",
    "SEAT": "a seat line (Seat n: NAME ($x in chips))",
    "POST": "a blind or ante (NAME: posts small blind $x)",
    "DEALT": "dealt cards (Dealt to NAME [..])",
    "FOLD": "a fold",
    "CHECK": "a check",
    "CALL": "a call (NAME: calls $x)",
    "BET": "a bet (NAME: bets $x)",
    "RAISE": "a raise (NAME: raises $x to $y)",
    "UNCALLED": "an uncalled bet returned",
    "SHOWS": "a shown hand",
    "MUCKS": "a mucked hand",
    "NO_SHOW": "a hand not shown",
    "COLLECTED": "a pot collected (NAME collected $x from pot)",
    "SECTION_MARKER": "a street marker (*** FLOP *** [..])",
    "SUMMARY_MARKER": "*** SUMMARY ***",
    "SEATS": "a seat line (Seat n: NAME ($x in chips))",
    "PLAY": "a line of play",
    "SUMMARY_BODY": "a summary line",
    "TOTAL_POT": "the total pot line",
    "BOARD": "the board line",
    "SUMMARY_SEAT": "a summary seat line",
    "STAKES": "the stakes, e.g. ($0.50/$1.00 USD)",
    "LEVEL": "a tournament level, e.g. Level I (10/20)",
    "DATETIME": "a date and time, e.g. 2014/01/06 18:50:08 ET",
    "GAME_NAME": "an Omaha game name, e.g. Omaha Hi/Lo Pot Limit",
    "TOURNAMENT_ID": "Tournament #n",
    "TALK": "table talk",
    "STATUS": "a player's status line",
    "DEALER_NOTE": "a dealer's note",
}


@dataclass(frozen=True)
class HandParseError(Exception):
    """A hand whose text the grammar cannot read."""

    file: str
    line: int
    column: int
    text: str
    expected: str
    # the finding it makes: PARSE_ERROR, or a more exact one for a line the grammar reads
    # whose values the hand cannot have (AMOUNT_OUT_OF_RANGE, SEAT_INVALID)
    code: Code = Code.PARSE_ERROR
    # The text around the place, with a caret under it (Lark's ``get_context``), and what
    # kind of mistake it resembles (Lark's ``match_examples`` on the room's known mistakes).
    context: str = ""
    kind: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}"
        kind = f" ({self.kind})" if self.kind else ""
        head = f"{where}: cannot read {self.text!r}: {self.expected}{kind}"
        return f"{head}\n{self.context}" if self.context else head


def describe_expected(terminals: set[str], line: str) -> str:
    """Say in words what the grammar would have accepted where it stopped."""
    words = sorted({_TERMINAL_WORDS.get(t, "") for t in terminals} - {""})
    if not line.strip():
        return "the hand ends too early"
    if not words:
        return "this line is not one the grammar knows"
    if len(words) > 6:
        return "this line is not one the grammar knows here (expected a line of play)"
    return "expected " + " or ".join(words)
