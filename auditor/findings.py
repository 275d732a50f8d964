"""Findings: what the record shows that the rules (or the format) do not allow.

Codes are stable names; users and tests diff on them. Each code has one
severity and a rule text that ``auditor explain`` prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from auditor.source import SourceSpan


class Severity(IntEnum):
    INFO = 1
    WARNING = 2
    ERROR = 3

    @classmethod
    def parse(cls, text: str) -> Severity:
        return cls[text.upper()]

    def __str__(self) -> str:
        return self.name.lower()


class Code(StrEnum):
    """The stable finding codes. A member is its own name as a str, so tables, JSON and
    users' string comparisons see exactly the text they always did."""

    PARSE_ERROR = "PARSE_ERROR"
    HAND_INCOMPLETE = "HAND_INCOMPLETE"
    RECORD_GARBLED = "RECORD_GARBLED"
    TEXT_OUTSIDE_HAND = "TEXT_OUTSIDE_HAND"
    FORMAT_UNSUPPORTED = "FORMAT_UNSUPPORTED"
    CARD_INVALID = "CARD_INVALID"
    CARD_DUPLICATE = "CARD_DUPLICATE"
    BUTTON_WRONG = "BUTTON_WRONG"
    BLIND_WRONG = "BLIND_WRONG"
    OUT_OF_TURN = "OUT_OF_TURN"
    ILLEGAL_CHECK = "ILLEGAL_CHECK"
    CALL_WRONG = "CALL_WRONG"
    BET_SIZE_WRONG = "BET_SIZE_WRONG"
    CAP_EXCEEDED = "CAP_EXCEEDED"
    RAISE_TOO_SMALL = "RAISE_TOO_SMALL"
    RAISE_ABOVE_POT = "RAISE_ABOVE_POT"
    RERAISE_NOT_ALLOWED = "RERAISE_NOT_ALLOWED"
    STACK_EXCEEDED = "STACK_EXCEEDED"
    STREET_EARLY = "STREET_EARLY"
    UNCALLED_WRONG = "UNCALLED_WRONG"
    SHOWDOWN_ORDER = "SHOWDOWN_ORDER"
    HAND_DESCRIPTION_WRONG = "HAND_DESCRIPTION_WRONG"
    POT_WRONG = "POT_WRONG"
    RAKE_WRONG = "RAKE_WRONG"
    WINNER_WRONG = "WINNER_WRONG"
    AWARD_WRONG = "AWARD_WRONG"
    ODD_CHIP_WRONG = "ODD_CHIP_WRONG"
    LOW_NOT_QUALIFIED = "LOW_NOT_QUALIFIED"
    CHIPS_NOT_CONSERVED = "CHIPS_NOT_CONSERVED"
    TIMEOUT_WRONG = "TIMEOUT_WRONG"
    STACK_CONTINUITY = "STACK_CONTINUITY"
    CASH_OUT = "CASH_OUT"
    CASH_OUT_WRONG = "CASH_OUT_WRONG"
    HAND_DUPLICATE = "HAND_DUPLICATE"
    HAND_DUPLICATE_DIFFERS = "HAND_DUPLICATE_DIFFERS"
    AMOUNT_OUT_OF_RANGE = "AMOUNT_OUT_OF_RANGE"
    SEAT_INVALID = "SEAT_INVALID"
    INTERNAL_ERROR = "INTERNAL_ERROR"
    FILE_UNREADABLE = "FILE_UNREADABLE"
    GAME_MISLABELED = "GAME_MISLABELED"
    UNCALLED_UNWRITTEN = "UNCALLED_UNWRITTEN"
    BLINDS_INFERRED = "BLINDS_INFERRED"
    SEAT_NAME_MISMATCH = "SEAT_NAME_MISMATCH"
    FEE_UNWRITTEN = "FEE_UNWRITTEN"
    LIMIT_UNWRITTEN = "LIMIT_UNWRITTEN"
    AMBIGUOUS_RECORD = "AMBIGUOUS_RECORD"


@dataclass(frozen=True, slots=True)
class CodeInfo:
    severity: Severity
    summary: str
    rule: str


CATALOGUE: dict[Code, CodeInfo] = {
    Code.PARSE_ERROR: CodeInfo(
        Severity.ERROR,
        "a hand the grammar cannot read",
        "Every hand must be in the room's documented format; the finding gives the line, "
        "the column and what the grammar expected there.",
    ),
    Code.HAND_INCOMPLETE: CodeInfo(
        Severity.WARNING,
        "a hand record that stops before its summary",
        "A hand history ends with its summary. A record cut short is read and replayed as far "
        "as it goes; what it lacks cannot be checked.",
    ),
    Code.RECORD_GARBLED: CodeInfo(
        Severity.WARNING,
        "a line the grammar accepts only in part",
        "Each line of a hand history has one documented form; text beyond it is kept and "
        "reported, never silently dropped.",
    ),
    Code.TEXT_OUTSIDE_HAND: CodeInfo(
        Severity.WARNING,
        "lines of a file that belong to no hand",
        "Every line of a hand-history file belongs to a hand; stray text is reported so that "
        "nothing is lost unseen.",
    ),
    Code.FORMAT_UNSUPPORTED: CodeInfo(
        Severity.ERROR,
        "a file with no hand in a layout the auditor reads",
        "Every hand given to the audit is audited, skipped or rejected; a file in another "
        "room's layout cannot be split into hands, so it is reported whole.",
    ),
    Code.CARD_INVALID: CodeInfo(
        Severity.ERROR,
        "a card that does not exist",
        "52-card deck, no jokers: ranks 2-9, T, J, Q, K, A; suits c, d, h, s.",
    ),
    Code.CARD_DUPLICATE: CodeInfo(
        Severity.ERROR,
        "a card seen twice in a hand",
        "Every card appears at most once per hand (hole cards and boards together).",
    ),
    Code.BUTTON_WRONG: CodeInfo(
        Severity.ERROR,
        "the button not where the previous hand at the table puts it",
        "The button moves clockwise one active player per hand.",
    ),
    Code.BLIND_WRONG: CodeInfo(
        Severity.ERROR,
        "a blind posted by the wrong player or for the wrong amount",
        "Small blind left of the button, big blind left of it; in fixed limit the small blind "
        "is half the small bet rounded down to the profile's unit and the big blind is the "
        "small bet; in pot and no limit the blinds are the stakes in the header.",
    ),
    Code.OUT_OF_TURN: CodeInfo(
        Severity.ERROR,
        "a player acting when it is not his turn, or after folding",
        "Pre-flop action starts left of the big blind; later streets with the first active "
        "player left of the button; then clockwise.",
    ),
    Code.ILLEGAL_CHECK: CodeInfo(
        Severity.ERROR,
        "a check facing a bet",
        "A player facing a bet may call, raise or fold.",
    ),
    Code.CALL_WRONG: CodeInfo(
        Severity.ERROR,
        "a call for the wrong amount",
        "A call matches the current bet, or puts the player all-in for less.",
    ),
    Code.BET_SIZE_WRONG: CodeInfo(
        Severity.ERROR,
        "a fixed-limit bet or raise not of the street's size",
        "Fixed limit: small bet pre-flop and on the flop, big bet on the turn and river.",
    ),
    Code.CAP_EXCEEDED: CodeInfo(
        Severity.ERROR,
        "a raise after the round is capped",
        "Fixed limit: at most the profile's number of bets per round (bet, raise, re-raise, "
        "cap); before the flop the big blind is the first bet.",
    ),
    Code.RAISE_TOO_SMALL: CodeInfo(
        Severity.ERROR,
        "a bet or raise below the minimum (not all-in)",
        "Minimum bet = big blind; minimum raise = the previous bet or raise in the round.",
    ),
    Code.RAISE_ABOVE_POT: CodeInfo(
        Severity.ERROR,
        "a pot-limit bet or raise above the pot maximum",
        "Maximum raise = active pot + all bets on the table + the amount the raiser must "
        "call first (pot 200, bet 150, call 150: the next player may make it 800).",
    ),
    Code.RERAISE_NOT_ALLOWED: CodeInfo(
        Severity.ERROR,
        "a raise when betting was not re-opened to that player",
        "A player may not raise his own bet: betting is re-opened only by a full raise from "
        "someone else; an all-in for less than a full raise does not re-open it.",
    ),
    Code.STACK_EXCEEDED: CodeInfo(
        Severity.ERROR,
        "a player putting in more than he has",
        "Table stakes: only the chips in front at the start of the hand play.",
    ),
    Code.STREET_EARLY: CodeInfo(
        Severity.ERROR,
        "a street dealt before the betting round was complete, or a wrong number of board cards",
        "A street is dealt when every active player has acted and matched the bet; flop three "
        "cards, turn and river one each.",
    ),
    Code.UNCALLED_WRONG: CodeInfo(
        Severity.ERROR,
        "an uncalled bet returned wrongly or not at all",
        "The part of a bet that no one called is returned to the bettor.",
    ),
    Code.SHOWDOWN_ORDER: CodeInfo(
        Severity.WARNING,
        "hands shown in the wrong order",
        "The last aggressor of the last street with a bet shows first; with no bet, the first "
        "active player left of the button; then clockwise.",
    ),
    Code.HAND_DESCRIPTION_WRONG: CodeInfo(
        Severity.WARNING,
        "a hand's description that does not match its cards",
        "Omaha hands use exactly two hole cards and three board cards, for high and for low.",
    ),
    Code.POT_WRONG: CodeInfo(
        Severity.ERROR,
        "a total pot or side pot that does not match the chips put in",
        "The pot is every chip put in and not returned; side pots are formed by all-ins.",
    ),
    Code.RAKE_WRONG: CodeInfo(
        Severity.ERROR,
        "a rake that breaks the profile's schedule",
        "Rake is taken from the pot before it is split, by the profile's schedule.",
    ),
    Code.WINNER_WRONG: CodeInfo(
        Severity.ERROR,
        "a pot or half awarded to a player who did not win it",
        "Cards speak: the pot goes to the best hand shown.",
    ),
    Code.AWARD_WRONG: CodeInfo(
        Severity.ERROR,
        "a winner paid the wrong amount",
        "Half the pot to the best high, half to the best qualifying low; ties split equally.",
    ),
    Code.ODD_CHIP_WRONG: CodeInfo(
        Severity.ERROR,
        "an odd chip placed against the rule",
        "The odd chip of a hi/lo split goes to the high half; within a tied half to the first "
        "winner clockwise from the button.",
    ),
    Code.LOW_NOT_QUALIFIED: CodeInfo(
        Severity.ERROR,
        "a low half paid to a hand that does not qualify",
        "A low qualifies with five distinct ranks 8 or lower, ace low.",
    ),
    Code.CHIPS_NOT_CONSERVED: CodeInfo(
        Severity.ERROR,
        "stacks before, chips put in and chips paid out do not add up",
        "Starting stacks = ending stacks + rake, always.",
    ),
    Code.TIMEOUT_WRONG: CodeInfo(
        Severity.WARNING,
        "a timed-out player's action that is not the profile's",
        "A player who times out with chips in the pot is treated as all-in; with none in the "
        "pot, he folds (the seeds). Other rooms: check if possible, else fold.",
    ),
    Code.STACK_CONTINUITY: CodeInfo(
        Severity.WARNING,
        "a player's stack at a table's next hand differs from his end stack",
        "A player starts a hand with what he ended the previous one with, unless the record "
        "shows a rebuy, a join or a leave.",
    ),
    Code.CASH_OUT: CodeInfo(
        Severity.INFO,
        "a hand whose money was settled outside the pot (a player cashed out)",
        "A player all-in before the last card may cash out: the room pays him the value of "
        "his share of the pot less its fee and plays the hand on in his place; the pot he "
        "would have won is the room's ('pot not awarded'), a pot he loses goes to its winner.",
    ),
    Code.CASH_OUT_WRONG: CodeInfo(
        Severity.ERROR,
        "a cash-out that does not add up",
        "Only a player still in the hand may cash out; his cash-out and fee are worth at most "
        "the pots he can win (together with other cash-outs, at most the pots); a pot kept "
        "from its winner must be a cash-out's, and a player who cashed out collects nothing.",
    ),
    Code.HAND_DUPLICATE: CodeInfo(
        Severity.INFO,
        "the same room's hand id recorded twice, in identical copies",
        "A hand is recorded once. A second copy that is the same record (the time zone an "
        "export writes the start time in, and spaces at line ends, aside) is audited and "
        "written like any record, and flagged with the key of the first copy: drop it before "
        "adding up hands.",
    ),
    Code.HAND_DUPLICATE_DIFFERS: CodeInfo(
        Severity.ERROR,
        "the same room's hand id recorded twice, in copies that differ",
        "A hand is recorded once, and two records of it must agree. The finding names the "
        "first line where this copy differs from the first one read, with both texts.",
    ),
    Code.AMOUNT_OUT_OF_RANGE: CodeInfo(
        Severity.ERROR,
        "an amount the tables cannot hold exactly",
        "Money is an exact integer of the hand's minor unit in a 64-bit column (at most "
        "9,223,372,036,854,775,807 units), and every count in the tables fits its column; "
        "a hand with an amount (recorded, or made by adding recorded amounts) beyond that "
        "is rejected, never rounded.",
    ),
    Code.SEAT_INVALID: CodeInfo(
        Severity.ERROR,
        "a seat the table cannot have, or a seat or player listed twice",
        "Seats are numbered from 1 to the table's size (6-max: 1 to 6) and the button sits "
        "on one of them; each seat holds one player and each player one seat. A hand that "
        "breaks this is rejected: who sits where decides the blinds and the action order.",
    ),
    Code.INTERNAL_ERROR: CodeInfo(
        Severity.ERROR,
        "an unforeseen failure while auditing one hand (a bug)",
        "Every hand is audited, skipped or rejected; a hand whose audit fails in a way the "
        "auditor does not foresee is rejected with the failure named, and the run goes on. "
        "Please report it with the hand.",
    ),
    Code.FILE_UNREADABLE: CodeInfo(
        Severity.ERROR,
        "an input file that cannot be read, or not to its end",
        "Every input is read whole or reported: a link to nothing, a link loop, a file "
        "without read permission, a corrupt or truncated archive or member is listed in the "
        "files table with its error, and the run goes on with the other files.",
    ),
    Code.GAME_MISLABELED: CodeInfo(
        Severity.WARNING,
        "a hand whose header names another game than the one its cards and bets show",
        "A record states its game in its header; the hand is audited as the cards dealt "
        "and the bets made show it (four hole cards under a Hold'em header are Omaha; "
        "fixed-size bets and a cap under a Pot Limit header are fixed limit), and the "
        "header's wrong name is reported.",
    ),
    Code.UNCALLED_UNWRITTEN: CodeInfo(
        Severity.WARNING,
        "an uncalled bet's return the record does not write, though its totals show it",
        "An uncalled bet is returned. A record that writes no line for the return, while "
        "its own totals (the pot it states, what it pays out, the rake) leave the bet out "
        "of the pot, shows the bet went back: the return is implied, not missing, and the "
        "missing line is reported as a warning (a layout that never writes returns has none).",
    ),
    Code.BLINDS_INFERRED: CodeInfo(
        Severity.INFO,
        "blind posts the record does not write, read from the level and the button",
        'A layout that names the blinds (a tournament\'s level, "Blinds(50/100)") and '
        "writes no post is read as posting them: the small blind left of the button (the "
        "button heads-up), the big blind left of it, each for the level's blind or the "
        "player's whole stack if less; the finding says so, and the hand's amounts are "
        "checked with them.",
    ),
    Code.SEAT_NAME_MISMATCH: CodeInfo(
        Severity.WARNING,
        "a seat listed under one name whose player acts under another",
        "Every player who acts holds a seat. A seat whose listed name never acts, beside a "
        "player who acts and holds no seat, is one player written under two names (a name "
        "changed in the seat list only): the seat is read as the acting player's, and "
        "the two names are reported.",
    ),
    Code.FEE_UNWRITTEN: CodeInfo(
        Severity.INFO,
        "a fee beside the rake that the record does not write, which its profile names",
        "Every chip put in is paid out, raked or taken as a named fee. A room that took a "
        "fee its layout of the time does not write (a promotion's fee, up to a date) has it "
        "in its profile (rake.unwritten_fee): a hand whose pot and rake fall short by "
        "exactly that fee is read as having paid it, and the finding says so.",
    ),
    Code.LIMIT_UNWRITTEN: CodeInfo(
        Severity.WARNING,
        "a bet above the pot at a table whose limit the layout does not name",
        "A layout that names no limit is read with the room's usual one (pot limit); a "
        "bet above the pot then shows the table was not pot limit (the room's server took "
        "it), so no bet of the hand is judged by the pot, and the finding says why.",
    ),
    Code.AMBIGUOUS_RECORD: CodeInfo(
        Severity.WARNING,
        "a line that the rest of the record lets be read two ways",
        "A line that puts chips in and writes both the chips added and the bet they make "
        "must agree with the player's bet before it (bet before + chips added = the bet "
        "written). Where they do not, the line has two readings: the finding names both, "
        "and the replay goes on with the bet written, the one the round's later calls match.",
    ),
}


@dataclass(frozen=True, slots=True)
class Finding:
    """One discrepancy, located, with what the rules expect and what the record shows."""

    code: Code
    hand_id: str
    message: str
    source: SourceSpan
    street: str = ""
    seq: int | None = None
    player: str = ""
    expected: str = ""
    recorded: str = ""
    # The hand record's key in a run (see auditor.tables.columns), for findings made away
    # from the hand's own audit (cross-hand checks, duplicates); None otherwise.
    hand_key: int | None = None
    # The root finding of the same hand this one follows from (see
    # auditor.replay.consequences); None for a root cause. Always the root itself, never
    # another consequence, so one defect is counted once.
    caused_by: Finding | None = None
    # Where the hand was played (hands.site, hands.table_name), for findings made away
    # from the hand's own audit, whose rows cannot take them from the hand; "": not known.
    site: str = ""
    table_name: str = ""

    @property
    def severity(self) -> Severity:
        return CATALOGUE[self.code].severity

    @property
    def is_root(self) -> bool:
        """A root cause: counted by the summary, the exit code and ``--fail-on``."""
        return self.caused_by is None
