"""The state a replay keeps: what it knows at each moment of the hand, and the small
questions every rule asks of it (who is live, who can act, the pot, what a call costs).

The rules are methods of classes built on this one (order of play, blinds, bet sizing,
uncalled bets, stacks), each in its own module, joined in the engine: one object, so
each action reads the state through ``self``, as fast as before the split.
"""

from __future__ import annotations

from enum import Enum

from auditor import events as ev
from auditor.finding_log import FindingLog
from auditor.findings import Finding
from auditor.money import format_minor
from auditor.replay.betting import Stakes
from auditor.replay.event_index import EventIndex
from auditor.replay.profile import RuleProfile
from auditor.replay.result import ActionRecord, PotRecord
from auditor.source import SourceSpan

# Enum.value is a descriptor call; the names are looked up here instead
STREET_NAME = {street: street.value for street in ev.Street}
ACTION_WORD: dict[type[ev.Event], str] = {
    ev.Folded: "fold",
    ev.Checked: "check",
    ev.Called: "call",
    ev.Bet: "bet",
    ev.RaisedTo: "raise",
}
Acted = ev.Folded | ev.Checked | ev.Called | ev.Bet | ev.RaisedTo
Voluntary = Acted | ev.ChipsIn  # a chips line: the replay tells which action it is


class Settled(Enum):
    """How the record's totals account for the uncalled bets it never wrote back."""

    NONE = "none"  # no unwritten return
    RETURNED = "returned"  # left out of the pot: they went back (implied)
    PAID_AS_WON = "paid as won"  # counted in the pot and paid to their owners
    MISSING = "missing"  # kept, or paid to another: not returned


class ReplayState(FindingLog):
    """A replay's state. The engine sets every slot before the first event is replayed,
    but ``pots`` and ``summary_pot`` (set when the hand has them)."""

    # Slots: a replay keeps some fifty attributes, more than an instance dict shares keys
    # for, and reads them at every action; a slot is read faster.
    __slots__ = (
        "able_now",
        "acted_at",
        "actions",
        "after_button",
        "all_in",
        "bets",
        "cancelled",
        "chips_in",
        "classified",
        "collected",
        "contributed",
        "current_bet",
        "dealt_in",
        "ever_all_in",
        "extra_pot",
        "findings",
        "folded",
        "full_level",
        "grace",
        "hand",
        "ignored",
        "in_summary",
        "index",
        "is_dealt_in",
        "last_actor",
        "last_aggressor",
        "last_raise",
        "live_now",
        "netted",
        "opener",
        "owed_at_return",
        "paid_out",
        "position",
        "pot_before_street",
        "pots",
        "preflop_last_blind",
        "profile",
        "protected",
        "rebased",
        "recorded_fees",
        "recorded_rake",
        "reopen_count",
        "returned_by_rule",
        "returns_settled",
        "round_players",
        "seat_of",
        "seated",
        "seq",
        "skipped",
        "stack",
        "stakes",
        "start",
        "start_stack",
        "street",
        "street_bet",
        "street_name",
        "summary_pot",
        "timed_out",
        "unreturned",
        "unwritten_returns",
    )

    able_now: list[str] | None  # _able(), kept until a fold or an all-in changes it
    acted_at: dict[str, int]  # player -> reopen_count when he last acted in the round
    actions: list[ActionRecord]
    after_button: int  # where the first player after the button sits in the order of play
    all_in: set[str]
    bets: int  # fixed limit: bets and raises in the round (the big blind is one)
    cancelled: bool
    collected: dict[str, int]
    contributed: dict[str, int]
    current_bet: int
    dealt_in: list[str]  # in seat order
    ever_all_in: set[str]
    extra_pot: int
    findings: list[Finding]
    folded: set[str]
    full_level: int  # fixed limit: the bet level after the last full bet or raise
    grace: set[str]  # who may act next without a finding after a slip
    hand: ev.Hand
    ignored: bool  # the last action had no place in the order of play
    in_summary: bool
    index: EventIndex
    is_dealt_in: set[str]
    last_actor: str | None
    last_aggressor: dict[ev.Street, str]
    last_raise: int  # size of the last full bet or raise in the round
    live_now: list[str] | None  # _live(), kept until a fold changes it
    opener: dict[ev.Street, str]
    owed_at_return: str | None  # a player still to act when a bet was returned
    position: dict[str, int]  # where each player sits in the order of play
    rebased: set[str]  # whose seat stack his own bets proved stale (his stack is unknown)
    pot_before_street: int
    pots: list[PotRecord]  # set at the end of a finished hand
    preflop_last_blind: str | None
    profile: RuleProfile
    protected: set[str]  # timed out with chips in: all-in by protection
    recorded_fees: int
    recorded_rake: int
    reopen_count: int  # full raises so far: who acted before the last one may raise again
    returned_by_rule: dict[str, int]  # uncalled bets the rules returned, no line written
    netted: list[
        tuple[ev.Event, ev.Event | None]
    ]  # a win (or pot) line that held an uncalled bet, as the replay read it
    returns_settled: Settled  # how the record's totals account for them
    classified: list[tuple[ev.ChipsIn, ev.Called | ev.Bet | ev.RaisedTo]]
    chips_in: int | None  # a finished hand's money (ReplayResult's, for an unwritten rake)
    paid_out: int | None
    unwritten_returns: int
    round_players: int
    seat_of: dict[str, int]
    seated: list[str]
    seq: int
    skipped: str | None
    stack: dict[str, int]
    stakes: Stakes
    start: ev.HandStarted
    start_stack: dict[str, int]
    street: ev.Street
    street_bet: dict[str, int]
    street_name: str
    summary_pot: ev.SummaryPot  # set when the record has a summary pot line
    timed_out: set[str]
    # unwritten returns to judge at the end: (player, amount, where, "before the river")
    unreturned: list[tuple[str, int, SourceSpan, str]]

    # ------------------------------------------------------------ round state
    def _new_round(self) -> None:
        self.street_bet = dict.fromkeys(self.seated, 0)
        self.current_bet = 0
        self.last_raise = 0  # size of the last full bet or raise in the round
        self.full_level = 0  # fixed limit: the bet level after the last full bet or raise
        self.bets = 0  # fixed limit: bets and raises in the round (the big blind is one)
        self.reopen_count = 0  # full raises so far: who acted before the last one may raise again
        self.acted_at: dict[str, int] = {}
        self.last_actor: str | None = None
        self.round_players = len(self._live())

    def _live(self) -> list[str]:
        """Players still in the hand, in seat order (not to be mutated: it is kept)."""
        if self.live_now is None:
            self.live_now = [p for p in self.dealt_in if p not in self.folded]
        return self.live_now

    def _able(self) -> list[str]:
        """Players who can still act: in the hand and not all-in (not to be mutated)."""
        if self.able_now is None:
            self.able_now = [p for p in self._live() if p not in self.all_in]
        return self.able_now

    def _fold(self, player: str) -> None:
        self.folded.add(player)
        self.live_now = self.able_now = None

    def _mark_all_in(self, player: str) -> None:
        self.all_in.add(player)
        self.able_now = None

    def _unmark_all_in(self, player: str) -> None:
        self.all_in.discard(player)
        self.able_now = None

    def _pot_now(self) -> int:
        return self.pot_before_street + sum(self.street_bet.values())

    def _to_call(self, player: str) -> int:
        # max(0, min(owed, stack)), without the two builtin calls: this runs for every action
        owed = self.current_bet - self.street_bet[player]
        stack = self.stack[player]
        if stack < owed and player not in self.rebased:  # a re-based stack is unknown
            owed = stack
        return owed if owed > 0 else 0

    def _money(self, amount: int | None) -> str:
        return "" if amount is None else format_minor(amount, self.start.scale)
