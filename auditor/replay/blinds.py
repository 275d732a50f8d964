"""Blinds and the button: who posts which blind and how much (BLIND_WRONG), and what a
post does to the round."""

from __future__ import annotations

from auditor import events as ev
from auditor.findings import Code
from auditor.replay.order import OrderOfPlay
from auditor.replay.result import ActionRecord

_POST_WORD = {kind: "post " + kind.value for kind in ev.PostKind}
# posts that are no part of the poster's bet in the round
_DEAD_POSTS = frozenset({ev.PostKind.ANTE, ev.PostKind.TABLE_ANTE, ev.PostKind.MISSED_BLIND})


class Blinds(OrderOfPlay):
    __slots__ = ()  # ReplayState's slots are the whole object

    def _check_blinds(self) -> None:
        """Who should post which blind, from the button and the players dealt in."""
        posts = self.index.posts
        order = self.dealt_in
        if len(order) < 2 or self.start.button_seat is None or self.cancelled:
            return
        if self.hand.bomb_pot:  # no blinds: everyone's forced bet instead
            return
        after_button = [p for p in order if self.seat_of[p] > self.start.button_seat]
        clockwise = after_button + [p for p in order if p not in after_button]
        button_player = next((p for p in order if self.seat_of[p] == self.start.button_seat), None)
        ring_table = (self.start.max_seats or 0) > 2
        heads_up_rule = self.profile.heads_up_button_posts_small_blind and not (
            ring_table and self.profile.heads_up_ring_tables_keep_ring_order
        )
        if len(order) == 2 and heads_up_rule and button_player:
            small_seat, big_seat = button_player, next(p for p in order if p != button_player)
        else:
            small_seat, big_seat = clockwise[0], clockwise[1 % len(clockwise)]
        smalls = [p for p in posts if p.kind is ev.PostKind.SMALL_BLIND]
        bigs = [p for p in posts if p.kind is ev.PostKind.BIG_BLIND]
        if any(post.player == big_seat for post in bigs):
            # the big blind is the big-blind seat's, whoever else posts one and in what
            # order the lines come (a room may word the small-blind seat's equal blind
            # "big blind" too): the play before the flop starts left of it
            self.preflop_last_blind = big_seat
        for post in smalls:
            if post.player != small_seat:
                self._find(
                    Code.BLIND_WRONG,
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
                Code.BLIND_WRONG,
                span,
                "no big blind was posted",
                player=big_seat,
                expected=f"{big_seat} posts {self._money(self.stakes.big_blind)}",
                recorded="no big blind",
            )
        elif not positional:
            post = bigs[0]
            self._find(
                Code.BLIND_WRONG,
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
            Code.BLIND_WRONG,
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
                Code.BLIND_WRONG,
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
        self._put_in(player, amount, post.span, bool(post.all_in))
        live = amount
        if post.kind in _DEAD_POSTS:
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
                bool(post.all_in),
                pot_before,
                0,
                None,
                None,
                post.span.line,
            )
        )
