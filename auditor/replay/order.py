"""Order of play: who acts next, and an action out of it (OUT_OF_TURN)."""

from __future__ import annotations

from auditor import events as ev
from auditor.findings import Code
from auditor.replay.stacks import Stacks
from auditor.replay.state import Voluntary


class OrderOfPlay(Stacks):
    __slots__ = ()  # ReplayState's slots are the whole object

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
            return None  # (the live players are dealt in: ``order`` has two or more)
        order = self.dealt_in
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

    def _check_written_with_no_action(self, event: Voluntary) -> bool:
        """A check by a player left no action (all-in, or the only one with chips behind),
        in a room whose profile says it writes one."""
        if not self.profile.checks_written_with_no_action or not isinstance(event, ev.Checked):
            return False
        return event.player in self.all_in or len(self._able()) <= 1

    def _check_turn(self, event: Voluntary, seq: int) -> bool:
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
                Code.OUT_OF_TURN,
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
                Code.OUT_OF_TURN,
                event.span,
                "acts without being dealt in",
                player=player,
                recorded=player,
                seq=seq,
            )
            self.ignored = True
            return True
        if self.in_summary:
            self._find(
                Code.OUT_OF_TURN,
                event.span,
                "acts after the betting is over",
                player=player,
                recorded=player,
                seq=seq,
            )
            self.ignored = True
            return True
        expected = self._next_to_act()
        if expected is None and self._check_written_with_no_action(event):
            self.ignored = True  # the room's way of writing the street: no chips, no turn
            return True
        if expected is None:
            self._find(
                Code.OUT_OF_TURN,
                event.span,
                "acts when the betting round is already complete",
                player=player,
                expected="no action",
                recorded=player,
                seq=seq,
            )
        elif expected != player:
            self._find(
                Code.OUT_OF_TURN,
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
