"""Stacks: chips put in against what a player has (STACK_EXCEEDED), all-in, and timeouts
(TIMEOUT_WRONG, all-in protection)."""

from __future__ import annotations

from auditor.findings import Code
from auditor.replay.profile import TimeoutRule
from auditor.replay.state import ACTION_WORD, ReplayState, Voluntary
from auditor.source import SourceSpan


class Stacks(ReplayState):
    __slots__ = ()  # ReplayState's slots are the whole object

    def _put_in(self, player: str, amount: int, span: SourceSpan, all_in: bool) -> None:
        if amount > self.stack[player]:
            # again after a re-base: each chip beyond the seat line is said (one root, the
            # first; the rest its consequences, auditor/replay/consequences.py)
            self._find(
                Code.STACK_EXCEEDED,
                span,
                "puts in more chips than he has",
                player=player,
                expected=f"at most {self._money(max(self.stack[player], 0))}",
                recorded=self._money(amount),
                seq=self.seq + 1,
            )
            if not all_in:
                # Re-based on what the record says next: he bets on, so he had more than
                # his seat line states. Taking him all-in would turn one stale seat line
                # into a cascade (the others "out of turn" behind a player who is not out).
                self.rebased.add(player)
        self.stack[player] -= amount
        self.contributed[player] += amount
        if player in self.rebased and not all_in:
            # his stack is unknown: all-in only when the record says so (his stack goes
            # below nothing, as the record's own chips do: the steps and tables add up)
            return
        if self.stack[player] <= 0:
            self._mark_all_in(player)
            self.ever_all_in.add(player)

    def _timed_out(self, player: str) -> None:
        """Under all-in protection a player who times out with chips in the pot is treated as
        all-in: if the record shows him acting no more, nobody waits for him and he plays for
        the pots his chips reach; his next action, if any, is judged by the profile."""
        self.timed_out.add(player)
        if (
            self.profile.timeout_rule is TimeoutRule.ALL_IN_PROTECTION
            and self.contributed.get(player, 0) > 0
            and player not in self.folded
        ):
            self.protected.add(player)
            self._mark_all_in(player)

    def _check_timeout(self, event: Voluntary, seq: int) -> None:
        """The action of a player who timed out (the caller checks that he did)."""
        player = event.player
        self.timed_out.discard(player)
        to_call = self._to_call(player)
        if self.profile.timeout_rule is TimeoutRule.CHECK_OR_FOLD:
            expected = "check" if to_call == 0 else "fold"
        else:
            expected = "all-in protection (no fold)" if self.contributed[player] > 0 else "fold"
        done = ACTION_WORD[type(event)]
        ok = done == expected or (expected.startswith("all-in") and done != "fold")
        if not ok:
            self._find(
                Code.TIMEOUT_WRONG,
                event.span,
                "a timed-out player's action is not the profile's",
                player=player,
                expected=expected,
                recorded=done or type(event).__name__,
                seq=seq,
            )
