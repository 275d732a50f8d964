"""The replay engine: one hand's events re-run under a rule profile.

A state machine over the events. At every action it knows who is to act, the
amount to call and the legal range; it compares the record with that, records a
finding where they differ, and goes on with what the record says, so one hand
can yield several findings. It never repairs a record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, cast

from auditor import events as ev
from auditor.findings import Finding
from auditor.money import format_minor
from auditor.replay.betting import (
    Stakes,
    min_raise_to,
    pot_limit_max_raise_to,
    stakes_of,
    street_bet_size,
)
from auditor.replay.cards_check import card_findings
from auditor.replay.cash_out import cash_out_findings
from auditor.replay.pots import build_pots, pot_findings
from auditor.replay.profile import RuleProfile
from auditor.replay.record import record_findings
from auditor.replay.result import ActionRecord, ReplayResult
from auditor.source import SourceSpan

_STREET_BOARD_SIZE = {ev.Street.FLOP: 3, ev.Street.TURN: 4, ev.Street.RIVER: 5}
# Enum.value is a descriptor call; the names are looked up here instead
_STREET_NAME = {street: street.value for street in ev.Street}
# sets of exact event types (no event class is subclassed): a type is looked up, not tried
# against each class in turn
_VOLUNTARY = frozenset({ev.Folded, ev.Checked, ev.Called, ev.Bet, ev.RaisedTo})
_SITTING_OUT = (ev.Status.SITTING_OUT, ev.Status.SITS_OUT)
_SEAT_NUMBER = attrgetter("seat")
_ACTION_WORD: dict[type[ev.Event], str] = {
    ev.Folded: "fold",
    ev.Checked: "check",
    ev.Called: "call",
    ev.Bet: "bet",
    ev.RaisedTo: "raise",
}
_POST_WORD = {kind: "post " + kind.value for kind in ev.PostKind}
# events that show a player dealt in
_PLAYING = _VOLUNTARY | {ev.Posted, ev.Shown, ev.Mucked, ev.Dealt}
_PlayerEvent = (
    ev.Folded
    | ev.Checked
    | ev.Called
    | ev.Bet
    | ev.RaisedTo
    | ev.Posted
    | ev.Shown
    | ev.Mucked
    | ev.Dealt
)


def replay_hand(hand: ev.Hand, profile: RuleProfile) -> ReplayResult:
    """Re-run ``hand`` under ``profile``: its findings and the facts derived on the way."""
    return _Replay(hand, profile).run()


@dataclass(slots=True)
class _Index:
    """What the replay needs to know of a hand's events before replaying them, read in one
    pass (each pass over the events costs as much as the replay of a few actions)."""

    seats: list[ev.SeatTaken] = field(default_factory=list)
    garbled: list[ev.Garbled] = field(default_factory=list)
    # the events the replay acts on, in record order (table talk, seats, shows...: nothing
    # for the betting to do)
    replayed: list[ev.Event] = field(default_factory=list)
    posts: list[ev.Posted] = field(default_factory=list)
    cancelled: bool = False
    extra_pot: int = 0  # chips added to the pot by the room (PotExtra)
    board_dealt: bool = False  # a StreetDealt line: the record reaches the cards
    first_summary: SourceSpan | None = None
    summary_won: dict[str, int] = field(default_factory=dict)  # what the summary says each won
    active: set[str] = field(default_factory=set)  # posted, acted, was dealt or showed cards
    away: set[str] = field(default_factory=set)  # sitting out before the cards, or told to wait
    cash_outs: list[ev.CashedOut] = field(default_factory=list)
    not_awarded: list[ev.PotNotAwarded] = field(default_factory=list)  # kept for a cash-out


def _index_events(events: Iterable[ev.Event]) -> _Index:
    index = _Index()
    replayed, active, away = index.replayed, index.active, index.away
    dealt = False
    # the commonest events first: actions and posts, then seat and summary seat lines
    for event in events:
        kind = type(event)  # exact types: no event class is subclassed
        if kind in _HANDLERS:
            replayed.append(event)
        if kind in _PLAYING:
            active.add(cast(_PlayerEvent, event).player)
            if type(event) is ev.Posted:
                index.posts.append(event)
        elif type(event) is ev.SeatTaken:
            index.seats.append(event)
        elif type(event) is ev.SummarySeat:
            won = index.summary_won
            for result in event.results:
                if result.won:
                    won[event.player] = won.get(event.player, 0) + result.won
        elif kind is ev.StreetDealt:
            dealt = index.board_dealt = True
        elif type(event) is ev.PlayerStatus:
            sitting_out = not dealt and event.status in _SITTING_OUT
            if sitting_out or event.status is ev.Status.ALLOWED_AFTER_BUTTON:
                away.add(event.player)
        elif kind is ev.SummaryStarted and index.first_summary is None:
            index.first_summary = event.span
        elif type(event) is ev.PotExtra:
            index.extra_pot += event.amount
        elif kind is ev.HandCancelled:
            index.cancelled = True
        elif type(event) is ev.Garbled:
            index.garbled.append(event)
        elif type(event) is ev.CashedOut:
            index.cash_outs.append(event)
        elif type(event) is ev.PotNotAwarded:
            index.not_awarded.append(event)
    return index


class _Replay:
    # Slots: a replay keeps some fifty attributes, more than an instance dict shares keys
    # for, and reads them at every action; a slot is read faster.
    __slots__ = (
        "able_now",
        "acted_at",
        "actions",
        "after_button",
        "all_in",
        "bets",
        "board_cards",
        "cancelled",
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
        "opener",
        "play_over",
        "position",
        "pot_before_street",
        "pots",
        "preflop_last_blind",
        "profile",
        "protected",
        "recorded_fees",
        "recorded_rake",
        "reopen_count",
        "returned_by_rule",
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
    )

    def __init__(self, hand: ev.Hand, profile: RuleProfile) -> None:
        self.hand = hand
        self.start = hand.start
        self.profile = profile
        self.stakes: Stakes = stakes_of(hand.start, profile)
        index = self.index = _index_events(hand.events)
        self.findings: list[Finding] = record_findings(hand, index.garbled)
        self.actions: list[ActionRecord] = []
        seats = index.seats
        by_seat = sorted(seats, key=_SEAT_NUMBER)
        self.seat_of = {s.player: s.seat for s in seats}
        self.seated = [s.player for s in by_seat]
        self.start_stack = {s.player: s.stack for s in seats}
        self.stack = dict(self.start_stack)
        self.dealt_in = _dealt_in(by_seat, index.active, index.away)
        self.is_dealt_in = set(self.dealt_in)
        # where each player sits in the order of play (the first place, as list.index says)
        self.position: dict[str, int] = {}
        for place, player in enumerate(self.dealt_in):
            self.position.setdefault(player, place)
        self.after_button = self._after_button()
        self.contributed = dict.fromkeys(self.seated, 0)
        self.collected: dict[str, int] = {}
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.ever_all_in: set[str] = set()
        # _live() and _able(), kept until a fold or an all-in changes them
        self.live_now: list[str] | None = None
        self.able_now: list[str] | None = None
        self.cancelled = index.cancelled
        self.extra_pot = index.extra_pot
        self.seq = 0
        self.street = ev.Street.PREFLOP
        self.street_name = _STREET_NAME[self.street]
        self.board_cards: dict[int, int] = {}
        self.in_summary = False
        self.play_over = False
        self.timed_out: set[str] = set()
        self.returned_by_rule: dict[str, int] = {}
        self.protected: set[str] = set()  # timed out with chips in: all-in by protection
        self.grace: set[str] = set()  # who may act next without a finding after a slip
        self.ignored = False  # the last action had no place in the order of play
        self.skipped: str | None = None
        self.last_aggressor: dict[ev.Street, str] = {}
        self.opener: dict[ev.Street, str] = {}
        self.recorded_rake = 0  # the summary's, when it names them
        self.recorded_fees = 0
        self._new_round()
        self.pot_before_street = 0

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

    def _needs_to_act(self, player: str) -> bool:
        if player in self.folded or player in self.all_in or player not in self.is_dealt_in:
            return False
        return self._owes_action(player, len(self._able()))

    def _owes_action(self, player: str, able: int) -> bool:
        """Whether a player who can act must act now, ``able`` players being able to."""
        behind = self.street_bet[player] < self.current_bet
        if not behind and able <= 1:
            return False  # nobody left to bet against
        return player not in self.acted_at or behind

    def _next_to_act(self) -> str | None:
        """Who the rules say acts now, or None when the round is complete."""
        if len(self._live()) <= 1:
            return None
        order = self.dealt_in
        if not order:
            return None
        last = self.last_actor
        if last is not None and last in self.position:
            begin = self.position[last] + 1
        else:
            begin = self._first_seat_index()
        able = len(self._able())
        folded, all_in = self.folded, self.all_in
        # round the table once from ``begin``; the first who can act and owes an action
        # (_owes_action, written out here: this runs for every action)
        street_bet, current_bet, acted_at = self.street_bet, self.current_bet, self.acted_at
        seats = len(order)
        for step in range(begin, begin + seats):
            player = order[step % seats]
            if player in folded or player in all_in:
                continue
            behind = street_bet[player] < current_bet
            if (behind or able > 1) and (player not in acted_at or behind):
                return player
        return None

    def _first_seat_index(self) -> int:
        """Where the search for the first player to act starts on a street."""
        blind = self.preflop_last_blind
        if self.street is ev.Street.PREFLOP and blind is not None and blind in self.position:
            return self.position[blind] + 1
        return self.after_button

    def _after_button(self) -> int:
        """Where the first player after the button sits in the order of play (0 if none)."""
        button = self.start.button_seat or 0
        for index, player in enumerate(self.dealt_in):
            if self.seat_of[player] > button:
                return index
        return 0

    def _pot_now(self) -> int:
        return self.pot_before_street + sum(self.street_bet.values())

    def _chips_in(self) -> int:
        return sum(self.contributed.values()) + self.extra_pot

    def _to_call(self, player: str) -> int:
        # max(0, min(owed, stack)), without the two builtin calls: this runs for every action
        owed = self.current_bet - self.street_bet[player]
        stack = self.stack[player]
        if stack < owed:
            owed = stack
        return owed if owed > 0 else 0

    # ------------------------------------------------------------ findings
    def _find(
        self,
        code: str,
        span: SourceSpan,
        message: str,
        *,
        player: str = "",
        expected: str = "",
        recorded: str = "",
        seq: int | None = None,
    ) -> None:
        self.findings.append(
            Finding(
                code,
                self.start.hand_id,
                message,
                span,
                street=self.street_name,
                seq=seq,
                player=player,
                expected=expected,
                recorded=recorded,
            )
        )

    def _money(self, amount: int | None) -> str:
        return "" if amount is None else format_minor(amount, self.start.scale)

    # ------------------------------------------------------------ the run
    def run(self) -> ReplayResult:
        self.preflop_last_blind: str | None = None
        self._check_blinds()
        handlers = _HANDLERS
        for event in self.index.replayed:
            handlers[type(event)](self, event)
        finished = not self.hand.truncated and not self.cancelled
        if finished:
            self._finish()
        index = self.index
        if index.cash_outs or index.not_awarded:
            self.findings.extend(
                cash_out_findings(
                    self.start,
                    index.cash_outs,
                    index.not_awarded,
                    self.pots if finished else None,
                    self.collected,
                    set(self._live()),
                    self.profile.cash_out_fee_percent,
                )
            )
        self.findings.extend(card_findings(self.hand))
        # a cash-out is paid by the room, outside the pot: the player's own money all the same
        cashed: dict[str, int] = {}
        for cash_out in index.cash_outs:
            cashed[cash_out.player] = cashed.get(cash_out.player, 0) + (cash_out.amount or 0)
        ending = {
            p: self.start_stack[p]
            - self.contributed[p]
            + self.collected.get(p, 0)
            + cashed.get(p, 0)
            for p in self.seated
        }
        if self.cancelled and not self.collected and not index.summary_won and not cashed:
            # a cancelled hand returns what was put in, unless the record shows money moved
            ending = dict(self.start_stack)
        if self.hand.truncated:
            ending = {}  # a record cut short does not say how the hand ended
        return ReplayResult(
            hand_id=self.start.hand_id,
            profile=self.profile.name,
            findings=tuple(self.findings),
            actions=tuple(self.actions),
            pots=tuple(self.pots) if hasattr(self, "pots") else (),
            starting_stacks=tuple(self.start_stack.items()),
            contributions=tuple(self.contributed.items()),
            collected=tuple(self.collected.items()),
            ending_stacks=tuple(ending.items()),
            rake=self.recorded_rake,
            fees=self.recorded_fees,
            dealt_in=tuple(self.dealt_in),
            folded=tuple([p for p in self.dealt_in if p in self.folded]),
            all_in=tuple([p for p in self.dealt_in if p in self.ever_all_in]),
            aggressors=tuple([(_STREET_NAME[s], p) for s, p in self.last_aggressor.items()]),
            openers=tuple([(_STREET_NAME[s], p) for s, p in self.opener.items()]),
        )

    # what the replay does for the events other than actions, posts, streets and returns
    def _pot_extra(self, event: ev.PotExtra) -> None:
        self.pot_before_street += event.amount

    def _collected(self, event: ev.Collected) -> None:
        self.collected[event.player] = self.collected.get(event.player, 0) + event.amount

    def _status(self, event: ev.PlayerStatus) -> None:
        if event.status is ev.Status.TIMED_OUT:
            self._timed_out(event.player)

    def _summary_started(self, event: ev.SummaryStarted) -> None:
        self.in_summary = True

    def _summary_pot(self, event: ev.SummaryPot) -> None:
        self.summary_pot = event
        self.recorded_rake = event.rake or 0
        self.recorded_fees = sum(amount for _, amount in event.fees)

    # ------------------------------------------------------------ blinds
    def _check_blinds(self) -> None:
        """Who should post which blind, from the button and the players dealt in."""
        posts = self.index.posts
        order = self.dealt_in
        if len(order) < 2 or self.start.button_seat is None or self.cancelled:
            return
        after_button = [p for p in order if self.seat_of[p] > self.start.button_seat]
        clockwise = after_button + [p for p in order if p not in after_button]
        button_player = next((p for p in order if self.seat_of[p] == self.start.button_seat), None)
        if len(order) == 2 and self.profile.heads_up_button_posts_small_blind and button_player:
            small_seat, big_seat = button_player, next(p for p in order if p != button_player)
        else:
            small_seat, big_seat = clockwise[0], clockwise[1 % len(clockwise)]
        smalls = [p for p in posts if p.kind is ev.PostKind.SMALL_BLIND]
        bigs = [p for p in posts if p.kind is ev.PostKind.BIG_BLIND]
        for post in smalls:
            if post.player != small_seat:
                self._find(
                    "BLIND_WRONG",
                    post.span,
                    "small blind posted by the wrong player",
                    player=post.player,
                    expected=small_seat,
                    recorded=post.player,
                )
            self._check_blind_amount(post, self.stakes.small_blind, "small blind")
        expected_big = big_seat if smalls else {big_seat, small_seat}
        positional = [p for p in bigs if p.player in ({big_seat} if smalls else expected_big)]
        cut_before_cards = self.hand.truncated and not self.index.board_dealt
        if not bigs and cut_before_cards:
            pass  # the record stops before the blinds could all be written
        elif not bigs:
            span = posts[0].span if posts else self.start.span
            self._find(
                "BLIND_WRONG",
                span,
                "no big blind was posted",
                player=big_seat,
                expected=f"{big_seat} posts {self._money(self.stakes.big_blind)}",
                recorded="no big blind",
            )
        elif not positional:
            post = bigs[0]
            self._find(
                "BLIND_WRONG",
                post.span,
                "big blind posted by the wrong player",
                player=post.player,
                expected=big_seat,
                recorded=post.player,
            )
        for post in bigs:
            self._check_blind_amount(post, self.stakes.big_blind, "big blind")
        for post in posts:
            if post.kind is ev.PostKind.SMALL_AND_BIG:
                self._check_blind_amount(
                    post, self.stakes.small_blind + self.stakes.big_blind, "small & big blinds"
                )

    def _check_blind_amount(self, post: ev.Posted, expected: int, what: str) -> None:
        if post.amount == expected:
            return
        if post.amount < expected and post.all_in:
            return  # all-in for less than the blind
        self._find(
            "BLIND_WRONG",
            post.span,
            f"{what} of the wrong amount",
            player=post.player,
            expected=self._money(expected),
            recorded=self._money(post.amount),
        )

    def _post(self, post: ev.Posted) -> None:
        player = post.player
        if player not in self.stack:
            self._find(
                "BLIND_WRONG",
                post.span,
                "a post by a player who has no seat",
                player=player,
                recorded=player,
            )
            return
        pot_before = self._pot_now()
        amount = post.amount
        if post.kind is ev.PostKind.STRADDLE:
            # rooms write a straddle as the player's total bet ("straddle $0.50", then a
            # re-straddle "straddle $15.35 and is all-in" is 15.35 in all)
            amount = max(0, post.amount - self.street_bet[player])
        self._put_in(player, amount, post.span, post.all_in)
        live = amount
        if post.kind is ev.PostKind.ANTE or post.kind is ev.PostKind.MISSED_BLIND:
            live = 0
        elif post.kind is ev.PostKind.SMALL_AND_BIG:
            live = min(post.amount, self.stakes.big_blind)
        dead = amount - live
        self.street_bet[player] += live
        self.pot_before_street += dead
        if post.kind in (ev.PostKind.BIG_BLIND, ev.PostKind.SMALL_AND_BIG):
            level = max(self.stakes.big_blind, self.street_bet[player])
            if level > self.current_bet:
                self.current_bet = level
            self.last_raise = self.stakes.big_blind
            self.full_level = max(self.full_level, self.stakes.big_blind)
            self.bets = 1
            if post.kind is ev.PostKind.BIG_BLIND and self.preflop_last_blind is None:
                self.preflop_last_blind = player
        elif post.kind is ev.PostKind.STRADDLE:
            if self.street_bet[player] > self.current_bet:
                self.last_raise = self.street_bet[player] - self.current_bet
                self.current_bet = self.street_bet[player]
            self.preflop_last_blind = player
        elif post.kind is ev.PostKind.SMALL_BLIND and self.current_bet < self.street_bet[player]:
            self.current_bet = self.street_bet[player]
        self.seq += 1
        self.actions.append(
            ActionRecord(
                self.seq,
                self.street_name,
                player,
                _POST_WORD[post.kind],
                post.amount,
                self.street_bet[player],
                post.all_in,
                pot_before,
                0,
                None,
                None,
                post.span.line,
            )
        )

    def _put_in(self, player: str, amount: int, span: SourceSpan, all_in: bool) -> None:
        if amount > self.stack[player]:
            self._find(
                "STACK_EXCEEDED",
                span,
                "puts in more chips than he has",
                player=player,
                expected=f"at most {self._money(self.stack[player])}",
                recorded=self._money(amount),
                seq=self.seq + 1,
            )
        self.stack[player] -= amount
        self.contributed[player] += amount
        if self.stack[player] <= 0:
            self._mark_all_in(player)
            self.ever_all_in.add(player)

    # ------------------------------------------------------------ voluntary actions
    def _voluntary(self, event: ev.Folded | ev.Checked | ev.Called | ev.Bet | ev.RaisedTo) -> None:
        player = event.player
        self.seq += 1
        seq = self.seq
        if player not in self.stack:
            self._find(
                "OUT_OF_TURN",
                event.span,
                "an action by a player who has no seat",
                player=player,
                recorded=player,
                seq=seq,
            )
            return
        if player in self.protected:
            # he acts after all: the record has him back; the timeout rule judges this action
            self.protected.discard(player)
            self._unmark_all_in(player)
        in_turn = self._check_turn(event, seq)
        if player in self.timed_out:
            self._check_timeout(event, seq)
        pot_before = self._pot_now()
        to_call = self._to_call(player)
        amount: int | None = None
        to_amount: int | None = None
        min_legal: int | None = None
        max_legal: int | None = None
        all_in = False
        if isinstance(event, ev.Folded):
            self._fold(player)
        elif isinstance(event, ev.Checked):
            if to_call > 0:
                self._find(
                    "ILLEGAL_CHECK",
                    event.span,
                    "checks facing a bet",
                    player=player,
                    expected=f"call {self._money(to_call)}, raise or fold",
                    recorded="check",
                    seq=seq,
                )
        elif isinstance(event, ev.Called):
            self._call(event, to_call, seq)
            amount, to_amount, min_legal, max_legal = (
                event.amount,
                self.street_bet[player],
                to_call,
                to_call,
            )
            all_in = bool(event.all_in)
        else:
            # the legal range is only a bet's or a raise's: measured before the chips go in
            min_legal, max_legal = self._raise_range(player)
            to_amount = (
                event.to
                if isinstance(event, ev.RaisedTo)
                else self.street_bet[player] + event.amount
            )
            amount = to_amount - self.street_bet[player]
            self._bet_or_raise(event, to_amount, min_legal, max_legal, seq)
            all_in = bool(event.all_in)
        if not self.ignored:
            self.acted_at[player] = self.reopen_count
            self.last_actor = player
        if not in_turn:
            following = self._next_to_act()
            self.grace = {p for p in (self.skipped, following) if p is not None}
            if self.skipped is not None and not self._needs_to_act(self.skipped):
                self.grace.discard(self.skipped)
        self.actions.append(
            ActionRecord(
                seq,
                self.street_name,
                player,
                _ACTION_WORD[type(event)],
                amount,
                to_amount,
                all_in,
                pot_before,
                to_call,
                min_legal,
                max_legal,
                event.span.line,
            )
        )

    def _check_turn(
        self, event: ev.Folded | ev.Checked | ev.Called | ev.Bet | ev.RaisedTo, seq: int
    ) -> bool:
        """Is it this player's turn? A finding if not; False only for an action out of the
        order of play (one the order then goes on from)."""
        player = event.player
        self.ignored = False
        grace = self.grace
        if grace:
            self.grace = set()
            if player in grace:
                # after an action out of turn, the player skipped or the one after the
                # offender may act next without a second finding for the same slip
                return True
        if player in self.folded:
            self._find(
                "OUT_OF_TURN",
                event.span,
                "acts after folding",
                player=player,
                recorded=player,
                seq=seq,
            )
            self.ignored = True
            return True
        if player not in self.is_dealt_in:
            self._find(
                "OUT_OF_TURN",
                event.span,
                "acts without being dealt in",
                player=player,
                recorded=player,
                seq=seq,
            )
            self.ignored = True
            return True
        if self.in_summary or self.play_over:
            self._find(
                "OUT_OF_TURN",
                event.span,
                "acts after the betting is over",
                player=player,
                recorded=player,
                seq=seq,
            )
            self.ignored = True
            return True
        expected = self._next_to_act()
        if expected is None:
            self._find(
                "OUT_OF_TURN",
                event.span,
                "acts when the betting round is already complete",
                player=player,
                expected="no action",
                recorded=player,
                seq=seq,
            )
        elif expected != player:
            self._find(
                "OUT_OF_TURN",
                event.span,
                f"acts out of turn: {expected} is to act",
                player=player,
                expected=expected,
                recorded=player,
                seq=seq,
            )
            self.skipped = expected
            return False
        return True

    def _timed_out(self, player: str) -> None:
        """Under all-in protection a player who times out with chips in the pot is treated as
        all-in: if the record shows him acting no more, nobody waits for him and he plays for
        the pots his chips reach; his next action, if any, is judged by the profile."""
        self.timed_out.add(player)
        if (
            self.profile.timeout_rule == "all_in_protection"
            and self.contributed.get(player, 0) > 0
            and player not in self.folded
        ):
            self.protected.add(player)
            self._mark_all_in(player)

    def _check_timeout(
        self, event: ev.Folded | ev.Checked | ev.Called | ev.Bet | ev.RaisedTo, seq: int
    ) -> None:
        """The action of a player who timed out (the caller checks that he did)."""
        player = event.player
        self.timed_out.discard(player)
        to_call = self._to_call(player)
        if self.profile.timeout_rule == "check_or_fold":
            expected = "check" if to_call == 0 else "fold"
        else:
            expected = "all-in protection (no fold)" if self.contributed[player] > 0 else "fold"
        done = _ACTION_WORD[type(event)]
        ok = done == expected or (expected.startswith("all-in") and done != "fold")
        if not ok:
            self._find(
                "TIMEOUT_WRONG",
                event.span,
                "a timed-out player's action is not the profile's",
                player=player,
                expected=expected,
                recorded=done or type(event).__name__,
                seq=seq,
            )

    def _call(self, event: ev.Called, to_call: int, seq: int) -> None:
        player = event.player
        if to_call == 0:
            self._find(
                "CALL_WRONG",
                event.span,
                "calls when there is nothing to call",
                player=player,
                expected="check",
                recorded=self._money(event.amount),
                seq=seq,
            )
        elif event.amount != to_call and event.amount <= self.stack[player]:
            self._find(
                "CALL_WRONG",
                event.span,
                "calls the wrong amount",
                player=player,
                expected=self._money(to_call),
                recorded=self._money(event.amount),
                seq=seq,
            )
        self._put_in(player, event.amount, event.span, event.all_in)
        self.street_bet[player] += event.amount

    def _limit(self) -> ev.Limit:
        if self.start.limit is ev.Limit.PL_NL:
            return ev.Limit.POT if self.street is ev.Street.PREFLOP else ev.Limit.NO
        return self.start.limit

    def _raise_range(self, player: str) -> tuple[int | None, int | None]:
        """The legal range of the player's total bet in the round, were he to bet or raise."""
        most = self.street_bet[player] + self.stack[player]
        limit = self._limit()
        if limit is ev.Limit.FIXED:
            size = street_bet_size(self.street, self.stakes)
            to = self.full_level + size if self.current_bet else size
            to = min(to, most)
            return to, to
        least = min_raise_to(self.current_bet, self.last_raise, self.stakes.big_blind)
        if limit is ev.Limit.POT:
            bets = sum(self.street_bet.values())
            pot = self.pot_before_street
            if self.street is ev.Street.PREFLOP and self.profile.preflop_small_blind_counts_as_big:
                pot += self._small_blind_shortfall()
            high = pot_limit_max_raise_to(pot, bets, self.current_bet, self.street_bet[player])
            high = min(high, most)
        else:
            high = most
        return min(least, most), high

    def _small_blind_shortfall(self) -> int:
        """What a small blind lacks of a big one (the profile may count it as a big one)."""
        smalls = [e for e in self.index.posts if e.kind is ev.PostKind.SMALL_BLIND]
        return sum(max(0, self.stakes.big_blind - e.amount) for e in smalls)

    def _cap_applies(self) -> bool:
        rule = self.profile.cap_heads_up
        if rule == "when_heads_up" and len(self._live()) == 2:
            return False
        return not (rule == "if_round_began_heads_up" and self.round_players == 2)

    def _bet_or_raise(
        self, event: ev.Bet | ev.RaisedTo, to: int, low: int | None, high: int | None, seq: int
    ) -> None:
        player = event.player
        added = to - self.street_bet[player]
        all_in_now = added >= self.stack[player]
        if added > self.stack[player]:
            # more than he has: STACK_EXCEEDED says it; sizes measured on chips he lacks
            # would only repeat it
            self._put_in(player, added, event.span, event.all_in)
            self.street_bet[player] = to
            self.current_bet = max(self.current_bet, to)
            self.opener.setdefault(self.street, player)
            return
        limit = self._limit()
        if to <= self.current_bet:
            self._find(
                "RAISE_TOO_SMALL",
                event.span,
                "a raise that does not raise the bet",
                player=player,
                expected=f"more than {self._money(self.current_bet)}",
                recorded=self._money(to),
                seq=seq,
            )
        reopened = player not in self.acted_at or self.acted_at[player] < self.reopen_count
        if not reopened and self.current_bet > 0:
            self._find(
                "RERAISE_NOT_ALLOWED",
                event.span,
                "raises when the betting was not re-opened to him",
                player=player,
                expected="call or fold",
                recorded=f"raise to {self._money(to)}",
                seq=seq,
            )
        if limit is ev.Limit.FIXED:
            size = street_bet_size(self.street, self.stakes)
            if self.bets >= self.profile.bets_per_round and self._cap_applies():
                self._find(
                    "CAP_EXCEEDED",
                    event.span,
                    f"a raise after the round is capped at {self.profile.bets_per_round} bets",
                    player=player,
                    expected="call or fold",
                    recorded=f"raise to {self._money(to)}",
                    seq=seq,
                )
            expected_to = low if low is not None else to
            if to != expected_to and not (all_in_now and to < expected_to):
                self._find(
                    "BET_SIZE_WRONG",
                    event.span,
                    f"a fixed-limit {self.street_name} bet must be {self._money(size)}",
                    player=player,
                    expected=self._money(expected_to),
                    recorded=self._money(to),
                    seq=seq,
                )
            full = to - self.full_level >= size or (
                self.profile.short_all_in_reopens == "half_bet"
                and 2 * (to - self.full_level) >= size
            )
            if full:
                self.full_level = (self.full_level if self.current_bet else 0) + size
                self.bets += 1
                self.reopen_count += 1
                self.last_aggressor[self.street] = player
        else:
            if high is not None and to > high and limit is ev.Limit.POT:
                self._find(
                    "RAISE_ABOVE_POT",
                    event.span,
                    "a bet or raise above the pot",
                    player=player,
                    expected=f"at most {self._money(high)}",
                    recorded=self._money(to),
                    seq=seq,
                )
            if low is not None and to < low and not all_in_now:
                self._find(
                    "RAISE_TOO_SMALL",
                    event.span,
                    "a bet or raise below the minimum",
                    player=player,
                    expected=f"at least {self._money(low)}",
                    recorded=self._money(to),
                    seq=seq,
                )
            increment = to - self.current_bet
            needed = self.last_raise if self.current_bet else self.stakes.big_blind
            # A full bet or raise re-opens the betting; an all-in for less does not. A short
            # raise that is not all-in is already a finding; the record calls it a raise.
            if increment >= needed or not all_in_now:
                self.last_raise = max(increment, self.last_raise if self.current_bet else 0)
                self.reopen_count += 1
                self.last_aggressor[self.street] = player
        self.opener.setdefault(self.street, player)
        self._put_in(player, added, event.span, event.all_in)
        self.street_bet[player] = to
        if to > self.current_bet:
            self.current_bet = to

    # ------------------------------------------------------------ streets and chips
    def _street(self, event: ev.StreetDealt) -> None:
        if event.street is ev.Street.PREFLOP:
            if event.cards:
                self.board_cards[event.board] = len(event.cards)
            return
        if event.board == 1 and event.street is not self.street:
            expected = self._next_to_act()
            if expected is not None:
                self._find(
                    "STREET_EARLY",
                    event.span,
                    f"the {event.street.value} is dealt before the betting round is complete",
                    player=expected,
                    expected=f"{expected} to act",
                    recorded=event.street.value,
                )
            self._check_excess_returned(event.span, event.street)
        size = _STREET_BOARD_SIZE[event.street]
        if len(event.cards) != size and event.cards:
            self._find(
                "STREET_EARLY",
                event.span,
                f"the {event.street.value} shows {len(event.cards)} board cards, not {size}",
                expected=str(size),
                recorded=str(len(event.cards)),
            )
        if event.board == 1 and event.street is not self.street:
            self.pot_before_street = self._pot_now()
            self.street = event.street
            self.street_name = _STREET_NAME[event.street]
            self._new_round()

    def _excess(self, *, settled: bool = False) -> tuple[str, int] | None:
        """The part of the top bet of the round that nobody matched (``settled``: the record
        has ended the betting, whoever the rules still wait for)."""
        bets = self.street_bet
        if not bets:
            return None
        # the top bet less the next one (0 if nobody else bet); who made it only matters
        # when that is more than 0, and then one player alone made it
        first, *rest = sorted(bets.values(), reverse=True)
        excess = first - (rest[0] if rest else 0)
        if excess <= 0:
            return None
        if not settled and self._next_to_act() is not None:
            return None  # the round goes on: the bet may still be called
        return max(bets, key=bets.__getitem__), excess

    def _uncalled(self, event: ev.UncalledReturned) -> None:
        if self.returned_by_rule.get(event.player) == event.amount:
            # the record returns, late, what was already flagged as not returned in time
            del self.returned_by_rule[event.player]
            return
        excess = self._excess(settled=True)
        if excess is None:
            self._find(
                "UNCALLED_WRONG",
                event.span,
                "a bet returned that was called",
                player=event.player,
                expected="no return",
                recorded=f"{self._money(event.amount)} to {event.player}",
            )
        elif excess != (event.player, event.amount):
            player, amount = excess
            self._find(
                "UNCALLED_WRONG",
                event.span,
                "the uncalled bet returned is wrong",
                player=event.player,
                expected=f"{self._money(amount)} to {player}",
                recorded=f"{self._money(event.amount)} to {event.player}",
            )
            # reported once here; the pots go on from the return the rules make
            self._give_back(player, amount)
            return
        if excess is not None and event.player in self.stack:
            self._give_back(event.player, event.amount)

    def _give_back(self, player: str, amount: int) -> None:
        self.stack[player] += amount
        self.contributed[player] -= amount
        self.street_bet[player] -= amount
        if self.stack[player] > 0:
            self._unmark_all_in(player)
        self.current_bet = max(self.street_bet.values(), default=0)

    def _check_excess_returned(self, span: SourceSpan, before: ev.Street | None) -> None:
        """Flag a bet nobody called that the record does not return, then return it: chips
        nobody called are never in the pot, so the pot checks go on from the rules.
        ``before``: the street about to be dealt, None at the end of the hand."""
        excess = self._excess()
        if excess is not None:
            player, amount = excess
            when = "by the end of the hand" if before is None else f"before the {before.value}"
            self._find(
                "UNCALLED_WRONG",
                span,
                f"an uncalled bet was not returned {when}",
                player=player,
                expected=f"{self._money(amount)} returned to {player}",
                recorded="no return",
            )
            self._give_back(player, amount)
            self.returned_by_rule[player] = amount

    def _finish(self) -> None:
        """End of the hand: every bet settled, the pots built, the record's totals checked."""
        first_summary = self.index.first_summary
        if first_summary is None:
            first_summary = self.hand.events[-1].span
        self._check_excess_returned(first_summary, None)
        self.pots = build_pots(self.contributed, set(self._live()), self.dealt_in)
        summary = getattr(self, "summary_pot", None)
        self.findings.extend(
            pot_findings(
                self.start,
                self.pots,
                summary,
                self.collected,
                self.contributed,
                self.extra_pot,
                self.index.summary_won,
                first_summary,
                not_awarded={e.player: e.amount for e in self.index.not_awarded},
            )
        )


# What the replay does with each event it acts on (by exact type: no event class is
# subclassed); the other events are table talk, seats, shows...: nothing for the betting.
_HANDLERS: dict[type[ev.Event], Callable[[_Replay, Any], None]] = {
    ev.Folded: _Replay._voluntary,
    ev.Checked: _Replay._voluntary,
    ev.Called: _Replay._voluntary,
    ev.Bet: _Replay._voluntary,
    ev.RaisedTo: _Replay._voluntary,
    ev.Posted: _Replay._post,
    ev.StreetDealt: _Replay._street,
    ev.UncalledReturned: _Replay._uncalled,
    ev.PotExtra: _Replay._pot_extra,
    ev.Collected: _Replay._collected,
    ev.PlayerStatus: _Replay._status,
    ev.SummaryStarted: _Replay._summary_started,
    ev.SummaryPot: _Replay._summary_pot,
}


def _dealt_in(by_seat: list[ev.SeatTaken], active: set[str], away: set[str]) -> list[str]:
    """Players dealt into the hand, in seat order (``by_seat``: the seat lines in that order).

    A seated player is in unless the record has him sitting out (on his seat line or
    before the cards are dealt: ``away``) and shows him doing nothing; anyone who posts,
    acts, is dealt cards or shows (``active``) is in.
    """
    players = []
    for seat in by_seat:
        absent = seat.sitting_out or seat.out_of_hand or seat.player in away
        if seat.player in active or not absent:
            players.append(seat.player)
    return players
