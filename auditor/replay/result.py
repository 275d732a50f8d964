"""What a replay yields besides findings: the derived facts the tables are made of."""

from __future__ import annotations

from dataclasses import dataclass, field

from auditor import events as ev
from auditor.findings import Finding


# Not frozen, unlike the other records: a frozen dataclass sets each field through
# object.__setattr__, and with a dozen fields and one record per action that was some
# 15% of a replay. Nothing changes an action record once the replay has made it.
@dataclass(slots=True)
class ActionRecord:
    """One action as replayed: what was done, and what the rules allowed at that moment.

    ``amount`` is the chips the action put in (a raise: the chips added); ``to_amount``
    the player's total bet in the round after it. ``min_legal``/``max_legal`` are the
    legal range of the player's total bet in the round for a bet or raise (for a call,
    the call amount; for a fold or check, None).
    """

    seq: int
    street: str
    player: str
    action: str
    amount: int | None
    to_amount: int | None
    all_in: bool
    pot_before: int
    to_call: int
    min_legal: int | None
    max_legal: int | None
    source_line: int


@dataclass(frozen=True, slots=True)
class PotRecord:
    """A pot as the chips put in make it: 0 the main pot, 1.. the side pots."""

    index: int
    amount: int
    eligible: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """Everything one hand's replay found and derived."""

    hand_id: str
    profile: str
    findings: tuple[Finding, ...]
    actions: tuple[ActionRecord, ...]
    pots: tuple[PotRecord, ...]
    starting_stacks: tuple[tuple[str, int], ...]
    contributions: tuple[tuple[str, int], ...]  # chips each player put in, after returns
    collected: tuple[tuple[str, int], ...]  # chips each player took from the pots, as recorded
    ending_stacks: tuple[tuple[str, int], ...]
    rake: int  # as recorded (0 when the record names none)
    fees: int  # other recorded deductions (jackpot, bingo...)
    dealt_in: tuple[str, ...] = ()  # in seat order
    folded: tuple[str, ...] = ()
    all_in: tuple[str, ...] = ()  # players all-in when the hand ended
    aggressors: tuple[tuple[str, str], ...] = ()  # street -> last full bettor or raiser
    openers: tuple[tuple[str, str], ...] = ()  # street -> first to bet
    # a finished hand's money, for a rake the record does not write (auditor.showdown.rake):
    # the chips put in the pots (with the room's extras), what the record paid out of them
    # (with what the room kept of a cashed-out winner), and the uncalled bets returned by
    # the rules that the layout never writes (its pay lines may count them); None: unknown
    chips_in: int | None = None
    paid_out: int | None = None
    unwritten_returns: int = 0
    # each chips line of the record (ChipsIn) and the call, bet or raise the replay made of
    # it: how the replay read the record, not what it found (a replay of the hand with the
    # lines already told is the same replay)
    classified: tuple[tuple[ev.ChipsIn, ev.Called | ev.Bet | ev.RaisedTo], ...] = field(
        default=(), compare=False
    )
    # a hand whose wins hold the bets nobody called (Hand.wins_hold_returns,
    # uncalled_returns_in_wins): each win and pot line that held one, and what the replay
    # made of it (the line without it, the return itself; None: the win was that bet alone)
    netted: tuple[tuple[ev.Event, ev.Event | None], ...] = field(default=(), compare=False)
