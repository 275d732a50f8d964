"""The typed events of one hand, as the record states them.

Events say what the hand history says, nothing more: no poker rule is applied
here. Money is an exact integer in the hand's minor unit (see
:mod:`auditor.money`); the unit and currency are on :class:`HandStarted`.
Every event carries the :class:`~auditor.source.SourceSpan` of its line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from auditor.cards import Card
from auditor.hand_claims import NO_CLAIM, Claim
from auditor.source import SourceSpan


class Limit(StrEnum):
    POT = "PL"
    NO = "NL"
    FIXED = "FL"
    PL_NL = "PL/NL"  # pot limit before the flop, no limit after (GG's "NL postflop")


class Street(StrEnum):
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"


class PostKind(StrEnum):
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"
    SMALL_AND_BIG = "small & big blinds"
    ANTE = "ante"
    # an ante one player posts for the whole table (the big blind's ante): dead money in
    # the main pot, no part of his own stake in any side pot
    TABLE_ANTE = "table ante"
    MISSED_BLIND = "missed blind"
    STRADDLE = "straddle"
    BRING_IN = "bring-in"
    # chips posted out of the blinds' seats that count toward the poster's bet, of any
    # amount (a newcomer's "Posts chip $5" at $5/$10, which his "Calls $5" then completes)
    LIVE = "live chips"


class Half(StrEnum):
    """The half of a hi/lo pot a payment is for, where the room's line names it."""

    HIGH = "hi"
    LOW = "lo"


class RaiseGiven(StrEnum):
    """Which amounts a raise line gives; the engine works out the other from the bets."""

    TO_AND_BY = "to and by"  # "raises X to Y": both
    TO = "to"  # only the total the raiser's bet becomes in the round
    BY = "by"  # only the chips the raiser puts in with this action (PartyPoker)


class SeatOutcome(StrEnum):
    """What a summary seat line says became of the seat."""

    FOLDED = "folded"
    SHOWED = "showed"
    MUCKED = "mucked"
    COLLECTED = "collected"
    WON = "won"
    LOST = "lost"
    SITTING_OUT = "sitting out"
    DIDNT_BET = "didn't bet"
    OTHER = "other"  # words no reader understood (kept in SummarySeat.outcome_text)

    @property
    def played(self) -> bool:
        """Whether the seat was dealt in and played the hand (folded or went further)."""
        return self in _PLAYED


class StackChange(StrEnum):
    """Chips a player buys between hands, as the record says (tournament rebuys...)."""

    REBUY = "rebuy"
    ADD_ON = "add-on"
    TOP_UP = "top-up"


class Status(StrEnum):
    """Table lines about a player that are not poker actions."""

    JOINS = "joins"
    LEAVES = "leaves"
    SITS_OUT = "sits out"
    SITTING_OUT = "is sitting out"
    RETURNED = "has returned"
    DISCONNECTED = "is disconnected"
    CONNECTED = "is connected"
    TIMED_OUT = "has timed out"
    ALLOWED_AFTER_BUTTON = "will be allowed to play after the button"
    FINISHED = "finished the tournament"
    OTHER = "other"
    # a cap table's player who has put in the hand's cap: all-in for the rest of the hand
    CAPPED = "reached the table's cap"


@dataclass(frozen=True, slots=True)
class Event:
    span: SourceSpan


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """The header and table lines: what game, at what stakes, where and when."""

    site: str
    hand_id: str
    game: str  # as written, e.g. "Omaha Hi/Lo Pot Limit"
    variant: str  # PLO, PLO8, FLO, FLO8, NLO, NLO8, PLO5, PLO5-8, PLO6, PLC, PLC8
    limit: Limit
    hi_lo: bool
    hole_card_count: int
    small_stake: int  # the stakes as the header names them: blinds, or the fixed-limit bets
    big_stake: int
    currency: str  # ISO code, or "chips"
    scale: int  # minor units per major unit: 100 for cents, 1 for chips
    started_at: datetime | None  # local time as written
    time_zone: str  # the zone the room wrote ("ET", "CET", "UTC", ""...)
    table_name: str
    max_seats: int | None
    button_seat: int | None
    tournament_id: str | None = None
    buy_in: str | None = None
    level: str | None = None
    table_span: SourceSpan | None = None  # the table line's own span, when the record has one
    # False where the layout names no limit and the reader takes the room's usual one
    # (WPN's old layout: pot limit): a bet above the pot then shows the table was not
    # pot limit, and is not judged against the pot (LIMIT_UNWRITTEN)
    limit_written: bool = True


@dataclass(frozen=True, slots=True)
class SeatTaken(Event):
    seat: int
    player: str
    stack: int
    sitting_out: bool = False
    out_of_hand: bool = False
    bounty: str | None = None


@dataclass(frozen=True, slots=True)
class Posted(Event):
    """A blind, ante or straddle, for the whole amount the line names."""

    player: str
    kind: PostKind
    amount: int
    # None where the layout never says: the replay tells it from the stack (the index)
    all_in: bool | None = False


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """Hole cards dealt; ``cards`` is empty when the record does not show them."""

    player: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Folded(Event):
    player: str
    note: str = ""  # e.g. "disconnect", as the record adds it


@dataclass(frozen=True, slots=True)
class Checked(Event):
    player: str


@dataclass(frozen=True, slots=True)
class Called(Event):
    player: str
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Bet(Event):
    player: str
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class RaisedTo(Event):
    """A raise. ``given`` says which amounts the record gives:

    - ``TO_AND_BY`` ("raises <by> to <to>"): ``to`` is the player's total bet in the
      round, ``by`` how far it raises the bet faced;
    - ``TO``: ``to`` only (``by`` is 0);
    - ``BY``: ``by`` only, the chips the player puts in with this action (``to`` is 0).

    The engine works out the missing total from the player's bet so far
    (:meth:`total`)."""

    player: str
    by: int
    to: int
    all_in: bool = False
    given: RaiseGiven = RaiseGiven.TO_AND_BY

    def total(self, bet_so_far: int) -> int:
        """The player's total bet in the round after this raise."""
        return bet_so_far + self.by if self.given is RaiseGiven.BY else self.to


class Verb(StrEnum):
    """The word a chips line uses for what the player does, as the record writes it."""

    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"  # no call, bet or raise named: the chips, and that they are all in
    CHIPS = "chips"  # no verb at all: only the chips put in
    # "bet or raise to" in one word that does not say which (PHH's "cbr": complete, bet
    # or raise): a bet when nothing is bet in the round, else a raise to ``to``
    BET_OR_RAISE = "bet/raise"
    # "call" naming no chips (PHH's "cc" facing a bet): ``to`` is the bet matched; the
    # chips are what he owes of it, or all he has when he has less (all-in)
    MATCH = "match"


@dataclass(frozen=True, slots=True)
class ChipsIn(Event):
    """Chips a player puts in, as the record states them; the replay decides whether that
    was a call, a bet or a raise (:mod:`auditor.replay.classify`), so that no reader keeps
    the bets of a round to tell.

    ``added``: the chips the line says go in with this action; ``to``: the player's total
    bet in the round after it, as the line says (a line gives one or both). ``all_in``:
    True where the line says all-in, False where the layout always says so and this line
    does not, None where the layout never says (the replay tells it from the stack)."""

    player: str
    verb: Verb
    added: int | None = None
    to: int | None = None
    all_in: bool | None = None

    def __post_init__(self) -> None:
        if self.added is None and self.to is None:
            raise ValueError("a chips line that names no amount")


@dataclass(frozen=True, slots=True)
class StreetDealt(Event):
    """A street's cards; ``board`` is 1 for the only or FIRST board, 2 for SECOND..."""

    street: Street
    board: int
    cards: tuple[Card, ...]  # the whole board so far, as written
    new_cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class UncalledReturned(Event):
    player: str
    amount: int


@dataclass(frozen=True, slots=True)
class Shown(Event):
    """``description``: the record's words, for messages; ``claim``: what they say, as values."""

    player: str
    cards: tuple[Card, ...]
    description: str = ""
    claim: Claim = NO_CLAIM


@dataclass(frozen=True, slots=True)
class Mucked(Event):
    player: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class NotShown(Event):
    player: str


@dataclass(frozen=True, slots=True)
class ShowdownStarted(Event):
    board: int  # 1 for the only or FIRST showdown


@dataclass(frozen=True, slots=True)
class Collected(Event):
    """``collected X from pot``; ``pot`` 0 is the pot or main pot, 1.. the side pots;
    ``names_pot``: the line names which pot (main or side), not just "the pot"; ``half``:
    the half of a hi/lo pot the line says it pays ("wins the low pot"), None when unsaid."""

    player: str
    amount: int
    pot: int = 0
    names_pot: bool = False
    half: Half | None = None


@dataclass(frozen=True, slots=True)
class CashedOut(Event):
    player: str
    amount: int | None
    fee: int | None = None


@dataclass(frozen=True, slots=True)
class PotNotAwarded(Event):
    """A summary seat line's "won ($W) ... (pot not awarded as player cashed out)": the
    player won ``amount`` at the showdown, but the room kept it as he had cashed out."""

    player: str
    amount: int


@dataclass(frozen=True, slots=True)
class StackAdded(Event):
    """A rebuy, add-on or top-up: ``chips`` the player receives, when the record says."""

    player: str
    change: StackChange
    chips: int | None
    text: str


@dataclass(frozen=True, slots=True)
class Insurance(Event):
    """A room's all-in insurance line, kept as written."""

    player: str
    text: str


@dataclass(frozen=True, slots=True)
class PotExtra(Event):
    """Money the room adds to the pot outside the betting (e.g. a cash drop)."""

    amount: int
    text: str


@dataclass(frozen=True, slots=True)
class TableTalk(Event):
    player: str
    text: str


@dataclass(frozen=True, slots=True)
class PlayerStatus(Event):
    player: str
    status: Status
    text: str = ""


@dataclass(frozen=True, slots=True)
class Note(Event):
    """A dealer's line with no chips in it (tournament results, bounties, "Betting is capped")."""

    text: str


@dataclass(frozen=True, slots=True)
class GameMislabeled(Event):
    """The header names one game and the hand shows another: the hand (its HandStarted)
    is read as it shows; this says what the header wrote and why. On the header's span."""

    written: str  # the game as the header names it, e.g. "Hold'em Pot Limit"
    shown: str  # the variant code the hand is read as, e.g. "PLO"
    why: str  # what shows it, e.g. "four hole cards dealt"


@dataclass(frozen=True, slots=True)
class ReadByConvention(Event):
    """The reader read part of the record by the room's convention, not its words (a post
    the layout does not write, a seat listed under another name than its player's): what
    it read and why, reported as the finding named by ``code`` (a Code's name)."""

    code: str
    message: str
    expected: str = ""
    recorded: str = ""


@dataclass(frozen=True, slots=True)
class HandCancelled(Event):
    pass


@dataclass(frozen=True, slots=True)
class Garbled(Event):
    """A line the grammar accepts only in part: kept whole, with what is wrong with it."""

    text: str
    problem: str


@dataclass(frozen=True, slots=True)
class SummaryStarted(Event):
    pass


@dataclass(frozen=True, slots=True)
class SummaryPot(Event):
    """``Total pot X [Main pot Y. Side pot(-n) Z.] | Rake R [| Jackpot J ...]``.

    ``total`` is GROSS: every chip that went into the pots, before the rake and fees are
    taken (a room that writes the net total has its reader add them back)."""

    total: int
    main: int | None
    side_pots: tuple[int, ...]
    rake: int | None
    fees: tuple[tuple[str, int], ...] = ()  # other deductions by name (Jackpot, Bingo, Fortune...)
    # False for a room whose total is a field it never fills with the hand's pot (Enet's
    # "Total pot €0"): ``total`` is kept as written, and no check weighs it
    total_written: bool = True


@dataclass(frozen=True, slots=True)
class SummaryBoard(Event):
    board: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One outcome on a summary seat line (run-it-twice lines have several)."""

    won: int | None  # None for "lost" / no amount
    description: str = ""  # as written, for messages
    claim: Claim = NO_CLAIM  # what the description says of the hand, as values


@dataclass(frozen=True, slots=True)
class SummarySeat(Event):
    seat: int
    player: str
    positions: tuple[str, ...]  # "button", "small blind", "big blind"
    outcome: SeatOutcome
    folded_on: str = ""  # "before Flop", "on the Turn", ...
    didnt_bet: bool = False
    cards: tuple[Card, ...] = ()
    results: tuple[SeatResult, ...] = field(default_factory=tuple)
    outcome_text: str = ""  # the words of an OTHER outcome


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as read: its events in record order, and whether the record was cut short."""

    start: HandStarted
    events: tuple[Event, ...]
    truncated: bool = False
    truncated_at: SourceSpan | None = None
    # False for a room whose records never write an uncalled bet's return: the
    # replay returns it by the rules, with no finding for the line the layout never has
    uncalled_returns_written: bool = True
    # True for a room whose records write an uncalled bet's return at the showdown, after
    # the streets still dealt: a return is due by the end of the hand
    uncalled_returns_late: bool = False
    # True for a room whose records never write an uncalled bet's return and pay it back in
    # its owner's win line ("wins $14.26": the $7.13 pot net of its rake, and his $7.13 that
    # nobody called): the replay reads that part of the line as the return
    uncalled_returns_in_wins: bool = False
    # True for a room whose win lines (and the pot its summary states) hold a bet nobody
    # called that no line returns: the replay, which returns it by the rules, takes it out
    # of its bettor's win that holds it, and out of the pot
    wins_hold_returns: bool = False
    # False for a room whose records never say in which order hands were shown (its
    # shown cards come in seat order): the showdown order is not judged
    show_order_written: bool = True
    # True for a bomb pot (a home game's): every player's forced bet (Posted ANTE) is the
    # whole play before the flop: no blinds and no betting until the flop
    bomb_pot: bool = False


_PLAYED = frozenset(
    {
        SeatOutcome.FOLDED,
        SeatOutcome.SHOWED,
        SeatOutcome.MUCKED,
        SeatOutcome.COLLECTED,
        SeatOutcome.WON,
        SeatOutcome.LOST,
    }
)
