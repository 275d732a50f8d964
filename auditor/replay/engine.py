"""The replay engine: one hand's events re-run under a rule profile.

A state machine over the events. At every action it knows who is to act, the
amount to call and the legal range; it compares the record with that, records a
finding where they differ, and goes on with what the record says, so one hand
can yield several findings. It never repairs a record.

This module is the driver: it builds the state, hands each event to its handler and
gathers the result. The rules live each in its own module, as methods of the classes
the replay is built from: state.py (what the replay knows), stacks.py (chips, all-in,
timeouts), order.py (who acts next), blinds.py, sizing.py (calls, bets and raises),
uncalled.py (uncalled bets and their return).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from auditor import events as ev
from auditor.findings import Code
from auditor.replay.betting import stakes_of
from auditor.replay.blinds import Blinds
from auditor.replay.cards_check import card_findings
from auditor.replay.cash_out import cash_out_findings
from auditor.replay.classify import classify, two_readings
from auditor.replay.event_index import REPLAYED, EventIndex, index_events
from auditor.replay.pots import build_pots, pot_findings
from auditor.replay.profile import RuleProfile
from auditor.replay.record import record_findings
from auditor.replay.result import ActionRecord, PotRecord, ReplayResult
from auditor.replay.sizing import Sizing
from auditor.replay.state import ACTION_WORD, STREET_NAME, Acted, Settled, Voluntary
from auditor.replay.uncalled import UncalledBets

__all__ = ["ActionRecord", "ReplayResult", "replay_hand"]

_STREET_BOARD_SIZE = {ev.Street.FLOP: 3, ev.Street.TURN: 4, ev.Street.RIVER: 5}


def replay_hand(
    hand: ev.Hand, profile: RuleProfile, index: EventIndex | None = None
) -> ReplayResult:
    """Re-run ``hand`` under ``profile``: its findings and the facts derived on the way
    (``index``: the hand's events indexed, if the caller has it: it is built once a hand)."""
    return _Replay(hand, profile, index).run()


class _Replay(Blinds, Sizing, UncalledBets):
    __slots__ = ()  # ReplayState's slots are the whole object

    def __init__(self, hand: ev.Hand, profile: RuleProfile, index: EventIndex | None) -> None:
        self.hand = hand
        self.start = hand.start
        self.profile = profile
        self.stakes = stakes_of(hand.start, profile)
        if index is None:
            index = index_events(hand.events)
        self.index = index
        self.findings = record_findings(
            hand, index.garbled, index.mislabeled, index.seats, index.conventions
        )
        self.actions = []
        seats = index.seats
        by_seat = index.by_seat()
        self.seat_of = index.seat_of()
        self.seated = [s.player for s in by_seat]
        self.start_stack = {s.player: s.stack for s in seats}
        self.stack = dict(self.start_stack)
        self.dealt_in = index.dealt_in()
        self.is_dealt_in = set(self.dealt_in)
        # where each player sits in the order of play (the first place, as list.index says)
        self.position = {}
        for place, player in enumerate(self.dealt_in):
            self.position.setdefault(player, place)
        self.after_button = self._after_button()
        self.contributed = dict.fromkeys(self.seated, 0)
        self.collected = {}
        self.folded = set()
        self.all_in = set()
        self.ever_all_in = set()
        # _live() and _able(), kept until a fold or an all-in changes them
        self.live_now = None
        self.able_now = None
        self.cancelled = index.cancelled
        self.extra_pot = index.extra_pot
        self.seq = 0
        self.street = ev.Street.PREFLOP
        self.street_name = STREET_NAME[self.street]
        self.in_summary = False
        self.timed_out = set()
        self.returned_by_rule = {}
        self.netted = []
        self.chips_in = None  # set when the hand is finished (_finish)
        self.classified = []  # each chips line and the action the replay made of it
        self.paid_out = None
        self.unwritten_returns = 0
        self.unreturned = []
        self.owed_at_return = None
        self.returns_settled = Settled.NONE
        self.protected = set()  # timed out with chips in: all-in by protection
        self.rebased = set()
        self.grace = set()  # who may act next without a finding after a slip
        self.ignored = False  # the last action had no place in the order of play
        self.skipped = None
        self.last_aggressor = {}
        self.opener = {}
        self.recorded_rake = 0  # the summary's, when it names them
        self.recorded_fees = 0
        self._new_round()
        self.pot_before_street = 0

    # ------------------------------------------------------------ the run
    def run(self) -> ReplayResult:
        self.preflop_last_blind = None
        self._check_blinds()
        self._replay_events()
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
        self.findings.extend(card_findings(self.hand, index.card_events))
        # a cash-out is paid by the room, outside the pot: the player's own money all the same
        cashed: dict[str, int] = {}
        for cash_out in index.cash_outs:
            cashed[cash_out.player] = cashed.get(cash_out.player, 0) + (cash_out.amount or 0)
        # a record with no win line in its play is paid as its summary says (as pots.py
        # counts it for conservation), less what the room kept from a cashed-out winner
        paid = self.collected
        if not paid:
            paid = dict(index.summary_won)
            for kept in index.not_awarded:
                paid[kept.player] = paid.get(kept.player, 0) - kept.amount
        # a bet the rules returned and the record did not write back (returned_by_rule) is
        # not back in the stack the record ends with when the record paid it out as won,
        # or kept it as the pot's. Totals that left it out of the pot gave it back, and so
        # does a layout that never writes returns (unless it paid them as won).
        settled = self.returns_settled
        never_returned = (
            self.returned_by_rule
            if settled is Settled.PAID_AS_WON
            or (settled is Settled.MISSING and self.hand.uncalled_returns_written)
            else {}
        )
        ending = {
            p: self.start_stack[p]
            - self.contributed[p]
            - never_returned.get(p, 0)
            + paid.get(p, 0)
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
            aggressors=tuple([(STREET_NAME[s], p) for s, p in self.last_aggressor.items()]),
            openers=tuple([(STREET_NAME[s], p) for s, p in self.opener.items()]),
            chips_in=self.chips_in,
            paid_out=self.paid_out,
            unwritten_returns=self.unwritten_returns,
            classified=tuple(self.classified),
            netted=tuple(self.netted),
        )

    def _replay_events(self) -> None:
        """Each event the replay acts on, in record order (auditor.replay.steps overrides
        this to take the table's state after each event, for the report's replayer)."""
        handlers = _HANDLERS
        for event in self.index.replayed:
            handlers[type(event)](self, event)

    # what the replay does for the events other than actions, posts, streets and returns
    def _pot_extra(self, event: ev.PotExtra) -> None:
        self.pot_before_street += event.amount

    def _collected(self, event: ev.Collected) -> None:
        self.collected[event.player] = self.collected.get(event.player, 0) + event.amount

    def _status(self, event: ev.PlayerStatus) -> None:
        if event.status is ev.Status.TIMED_OUT:
            self._timed_out(event.player)
        elif event.status is ev.Status.CAPPED and event.player in self.stack:
            self._mark_all_in(event.player)  # he may put in no more this hand
            self.ever_all_in.add(event.player)

    def _summary_started(self, event: ev.SummaryStarted) -> None:
        self.in_summary = True

    def _summary_pot(self, event: ev.SummaryPot) -> None:
        self.summary_pot = event
        self.recorded_rake = event.rake or 0
        self.recorded_fees = sum(amount for _, amount in event.fees)

    # ------------------------------------------------------------ voluntary actions
    def _voluntary(self, line: Voluntary) -> None:
        player = line.player
        event: Acted
        if isinstance(line, ev.ChipsIn):  # the record gives the chips: what were they?
            own = self.street_bet.get(player, 0)
            event = classify(line, own, self.current_bet, self.stack.get(player))
            self.classified.append((line, event))
            readings = two_readings(line, own)
        else:
            event, readings = line, None
        self.seq += 1
        seq = self.seq
        if readings is not None and isinstance(line, ev.ChipsIn):
            self._two_readings(line, readings, seq)
        if player == self.owed_at_return:
            self.owed_at_return = None  # he acts after the return after all: the round goes on
        if player not in self.stack:
            self._find(
                Code.OUT_OF_TURN,
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
        if isinstance(event, ev.RaisedTo):
            event = self._as_call(event) or event  # a "raise" to the bet faced is a call
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
                    Code.ILLEGAL_CHECK,
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
                event.total(self.street_bet[player])  # the record gives "to", "by" or both
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
                ACTION_WORD[type(event)],
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

    def _two_readings(self, line: ev.ChipsIn, readings: tuple[int, int], seq: int) -> None:
        by_chips, written = readings
        money = self._money
        self._find(
            Code.AMBIGUOUS_RECORD,
            line.span,
            f"{line.player} puts in {money(line.added or 0)}, which makes his bet "
            f"{money(by_chips)}, but the line writes it as {money(written)}: read as "
            f"{money(written)}",
            player=line.player,
            expected=f"a bet of {money(by_chips)} (the chips added) or {money(written)}",
            recorded=f"{money(line.added or 0)} to {money(written)}",
            seq=seq,
        )

    # ------------------------------------------------------------ streets and chips
    def _street(self, event: ev.StreetDealt) -> None:
        if event.street is ev.Street.PREFLOP:
            return
        if event.board == 1 and event.street is not self.street:
            bombed = self.hand.bomb_pot and self.street is ev.Street.PREFLOP  # no betting
            expected = None if bombed else self._next_to_act()
            if expected is not None:
                self.owed_at_return = None  # the same fact, said once
                self._find(
                    Code.STREET_EARLY,
                    event.span,
                    f"the {event.street.value} is dealt before the betting round is complete",
                    player=expected,
                    expected=f"{expected} to act",
                    recorded=event.street.value,
                )
            elif self.owed_at_return is not None:
                self._check_unfinished_round(event.span, STREET_NAME[event.street])
            self._check_excess_returned(event.span, event.street)
        size = _STREET_BOARD_SIZE[event.street]
        if len(event.cards) != size and event.cards:
            self._find(
                Code.STREET_EARLY,
                event.span,
                f"the {event.street.value} shows {len(event.cards)} board cards, not {size}",
                expected=str(size),
                recorded=str(len(event.cards)),
            )
        if event.board == 1 and event.street is not self.street:
            self.pot_before_street = self._pot_now()
            self.street = event.street
            self.street_name = STREET_NAME[event.street]
            self._new_round()

    def _pots(self) -> list[PotRecord]:
        """The pots of the chips put in so far: closed by all-in players (all-in
        protection included), the table's ante dead in the main pot."""
        all_in = self.ever_all_in | self.all_in
        return build_pots(self.contributed, set(self._live()), self.dealt_in, self._dead(), all_in)

    def _dead(self) -> dict[str, int]:
        """The table's ante each player posted (a big blind's ante): dead money in the main
        pot, no part of his level. (A dead small blind counts toward its poster's level
        where he is all-in: the seeds' layout's "Main pot" holds all of an all-in "posts
        small & big blinds" player's chips.)"""
        dead: dict[str, int] = {}
        for event in self.index.posts:
            if event.kind is ev.PostKind.TABLE_ANTE:
                dead[event.player] = dead.get(event.player, 0) + event.amount
        return dead

    def _finish(self) -> None:
        """End of the hand: every bet settled, the pots built, the record's totals checked."""
        first_summary = self.index.first_summary
        if first_summary is None:
            first_summary = self.hand.events[-1].span
        self._check_excess_returned(first_summary, None)
        if self.hand.wins_hold_returns:
            self._net_wins_of_returns()
        if self.hand.uncalled_returns_in_wins:
            self._take_returns_from_wins()
        self.pots = self._pots()
        summary = self._with_unwritten_fee(getattr(self, "summary_pot", None))
        not_awarded = {e.player: e.amount for e in self.index.not_awarded}
        # what the record pays out of the pot (as pots.py weighs it): its collect lines
        # with what the room kept, or its summary's "won"
        each = self.collected or dict(self.index.summary_won)
        paid = sum(each.values()) + (sum(not_awarded.values()) if self.collected else 0)
        settled = self._settle_unwritten_returns(summary, paid, each, first_summary)
        self.returns_settled = settled
        contributed: dict[str, int] = self.contributed
        if settled is Settled.PAID_AS_WON:
            # the record's pot holds the bets it paid back as won: its totals are weighed
            # against the chips put in before the return (the pots played stay as returned)
            contributed = dict(contributed)
            for player, amount in self.returned_by_rule.items():
                contributed[player] += amount
        unwritten = (
            0
            if self.hand.uncalled_returns_written or settled is Settled.PAID_AS_WON
            else sum(self.returned_by_rule.values())
        )
        if not self.index.cash_outs:  # a cash-out is paid outside the pot: its rake is unsaid
            self.chips_in = sum(contributed.values()) + self.extra_pot
            self.paid_out = paid if self.collected else sum(self.index.summary_won.values())
            self.unwritten_returns = unwritten
        self.findings.extend(
            pot_findings(
                self.start,
                build_pots(
                    contributed,
                    set(self._live()),
                    self.dealt_in,
                    self._dead(),
                    self.ever_all_in | self.all_in,
                )
                if settled is Settled.PAID_AS_WON
                else self.pots,
                summary,
                self.collected,
                contributed,
                self.extra_pot,
                self.index.summary_won,
                first_summary,
                not_awarded=not_awarded,
                unwritten_returns=unwritten,
            )
        )

    def _with_unwritten_fee(self, summary: ev.SummaryPot | None) -> ev.SummaryPot | None:
        """The summary with the profile's unwritten fee counted in, where the hand was one
        the room took it from (by date and players dealt in) and the record's pot and rake
        fall short of the chips put in by exactly that fee; said with an info finding."""
        rake = self.profile.rake
        start = self.start
        if (
            summary is None
            or rake.unwritten_fee is None
            or not summary.total_written
            or start.started_at is None
            or (
                rake.unwritten_fee_until is not None
                and start.started_at.date() > rake.unwritten_fee_until
            )
            or len(self.dealt_in) < (rake.unwritten_fee_min_players or 2)
        ):
            return summary
        fee = int(rake.unwritten_fee * start.scale)
        put_in = sum(self.contributed.values()) + self.extra_pot
        if fee <= 0 or put_in - summary.total != fee:
            return summary
        self._find(
            Code.FEE_UNWRITTEN,
            summary.span,
            f"the pot and rake written leave {self._money(fee)} of the chips put in unsaid: "
            "the fee the profile says the room took then, beside the rake, unwritten",
            expected=self._money(fee),
            recorded=self._money(0),
        )
        return dataclasses.replace(
            summary, total=summary.total + fee, fees=(*summary.fees, ("unwritten fee", fee))
        )


# What the replay does with each event it acts on (by exact type: no event class is
# subclassed); the other events are table talk, seats, shows...: nothing for the betting.
_HANDLERS: dict[type[ev.Event], Callable[[_Replay, Any], None]] = {
    ev.Folded: _Replay._voluntary,
    ev.Checked: _Replay._voluntary,
    ev.Called: _Replay._voluntary,
    ev.Bet: _Replay._voluntary,
    ev.RaisedTo: _Replay._voluntary,
    ev.ChipsIn: _Replay._voluntary,
    ev.Posted: _Replay._post,
    ev.StreetDealt: _Replay._street,
    ev.UncalledReturned: _Replay._uncalled,
    ev.PotExtra: _Replay._pot_extra,
    ev.Collected: _Replay._collected,
    ev.PlayerStatus: _Replay._status,
    ev.SummaryStarted: _Replay._summary_started,
    ev.SummaryPot: _Replay._summary_pot,
}
if _HANDLERS.keys() != REPLAYED:  # the index picks out the events the handlers take
    raise AssertionError("engine handlers and event_index.REPLAYED differ")
