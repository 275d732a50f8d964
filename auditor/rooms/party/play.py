"""PartyPoker's play and 2026 summary lines: posts, cards, chips lines as written (the
replay tells the call, bet or raise), shows and wins (as written, an uncalled bet inside
them), the room's notes; the summary's pots, board and seats' balances."""

from __future__ import annotations

import re
from dataclasses import replace

from auditor import events as ev
from auditor.parse.text_reader import Fields
from auditor.rooms.party.header import HandState, cards
from auditor.rooms.party.wording import claim
from auditor.source import SourceSpan

_POST_KINDS = {
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "big blind + dead": ev.PostKind.SMALL_AND_BIG,  # the big blind and a dead small one
    "dead big blind": ev.PostKind.MISSED_BLIND,
    "button blind": ev.PostKind.STRADDLE,
    "ante": ev.PostKind.ANTE,
    "ante of": ev.PostKind.ANTE,
}
_VERBS = {"calls": ev.Verb.CALL, "bets": ev.Verb.BET, "raises": ev.Verb.RAISE}
_VERBS["is all-In"] = ev.Verb.ALL_IN  # the chips, all in: no call, bet or raise named
_STREETS = {"Flop": ev.Street.FLOP, "Turn": ev.Street.TURN, "River": ev.Street.RIVER}
# each status and the words the room writes for it
_STATUS_WORDS = {
    ev.Status.JOINS: "has joined the table",
    ev.Status.LEAVES: "has left the table",
    ev.Status.SITTING_OUT: "is sitting out",
    ev.Status.RETURNED: "has returned",
    ev.Status.DISCONNECTED: "is disconnected",
    ev.Status.CONNECTED: "is connected",
    ev.Status.TIMED_OUT: "has timed out",
    ev.Status.OTHER: "will be using his time bank for this hand",
}
_STATUSES = {words: status for status, words in _STATUS_WORDS.items()}


class PlayLines(HandState):
    """The methods of the play's and the summary's line terminals (and, inherited, the
    head's and the seats')."""

    def POST(self, f: Fields, span: SourceSpan) -> None:
        kind = _POST_KINDS[f["post_kind"]]
        amount = self._money(f["post_amount"])
        self._blinds.setdefault(kind, amount)
        self._events.append(ev.Posted(span, self._who(f["who"]), kind, amount))

    def BLANK_LINE(self, f: Fields, span: SourceSpan) -> None:
        return  # a blank line among the play's: nothing in it

    def DEALING(self, f: Fields, span: SourceSpan) -> None:
        street = _STREETS.get(f["dealing_street"])
        if street is None:  # "** Dealing down cards **": the blinds are in
            for post in self._posts:  # the ones the layout does not write
                self._events.append(
                    ev.Posted(post.span, post.player, post.kind, post.amount, post.all_in)
                )
            return
        new = cards(f["dealing_cards"] or "")
        board = tuple(e for e in self._events if isinstance(e, ev.StreetDealt))
        so_far = board[-1].cards if board else ()
        self._events.append(ev.StreetDealt(span, street, 1, so_far + new, new))

    def DEALT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Dealt(span, self._who(f["dealt_player"]), cards(f["dealt_cards"])))

    def FOLD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Folded(span, self._who(f["who"])))

    def CHECK(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Checked(span, self._who(f["who"])))

    def ACTION(self, f: Fields, span: SourceSpan) -> None:
        """A chips line as written; the replay tells the call, bet or raise it is. The
        layout always says all-in ("is all-In [$X]", the 2026 "X is all-In." after it)."""
        player, verb = self._who(f["who"]), _VERBS[f["action_verb"]]
        if f["action_to"] is not None:  # 2026: "raises 2.70 to 2.80": the chips added and the total
            added, to = self._money(f["action_added"]), self._money(f["action_to"])
            self._events.append(ev.ChipsIn(span, player, verb, added, to, False))
            return
        added = self._money(f["action_amount"] or f["action_paren"])
        self._events.append(ev.ChipsIn(span, player, verb, added, None, verb is ev.Verb.ALL_IN))

    def ALL_IN_MARK(self, f: Fields, span: SourceSpan) -> None:
        """2026: "X is all-In." after X's action: that action put him all-in."""
        player = self._who(f["who"])
        for at in range(len(self._events) - 1, -1, -1):
            event = self._events[at]
            if type(event) is ev.ChipsIn and event.player == player:
                self._events[at] = replace(event, all_in=True)
                return
        self._events.append(ev.Note(span, f"{player} is all-In."))

    def SHOWS(self, f: Fields, span: SourceSpan) -> None:
        player, shown = self._who(f["who"]), cards(f["shows_cards"])
        if f["shows_verb"] == "doesn't show":  # cards tabled by the room, the player mucked
            self._events.append(ev.Mucked(span, player, shown))
            return
        description = f["shows_description"].strip()
        self._shown[player] = len(self._events)
        self._events.append(ev.Shown(span, player, shown, description, claim(description)))

    def SHOWS_LOW(self, f: Fields, span: SourceSpan) -> None:
        """ "X shows7,5,4,2,A  for low.": the low of the hand X showed."""
        player, low = self._who(f["who"]), f["shows_low_low"]
        at = self._shown.get(player)
        if at is None:
            self._events.append(
                ev.Garbled(span, f"{player} shows {low} for low", "a low of a hand not shown")
            )
            return
        shown = self._events[at]
        assert isinstance(shown, ev.Shown)
        high = shown.claim.high_text
        self._events[at] = replace(shown, description=f"{high}; low {low}", claim=claim(high, low))

    def NO_SHOW(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.NotShown(span, self._who(f["who"])))

    def WINS(self, f: Fields, span: SourceSpan) -> None:
        self._settled = True
        player, pot_words = self._who(f["who"]), f["wins_pot"]
        pot = 0
        if pot_words is not None and "side pot" in pot_words:
            pot = int(pot_words.rsplit(" ", 1)[-1].lstrip("#"))
        amount = self._money(f["wins_amount"])
        self._events.append(ev.Collected(span, player, amount, pot, pot_words is not None))

    def STATUS(self, f: Fields, span: SourceSpan) -> None:
        status = _STATUSES[f["status_status"]]
        self._events.append(ev.PlayerStatus(span, self._who(f["who"]), status, f["status_status"]))

    def FINISHED(self, f: Fields, span: SourceSpan) -> None:
        text = f"finished the tournament in place {f['finished_place']}"
        self._events.append(ev.PlayerStatus(span, self._who(f["who"]), ev.Status.FINISHED, text))

    def CASH_OUT_NOTE(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f"{self._who(f['who'])} {f['cash_out_note_text']}"))

    def CASH_OUT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(
            ev.CashedOut(span, self._who(f["who"]), self._money(f["cash_out_amount"]))
        )

    def DEALER_NOTE(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.Note(span, f["dealer_note_text"].rstrip("\x00") or "(NUL)"))

    def CANCELLED(self, f: Fields, span: SourceSpan) -> None:
        self._settled = True  # the record ends here, whole: the hand did not finish
        self._events.append(ev.HandCancelled(span))

    def CHAT(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.TableTalk(span, self._who(f["chat_player"]), f["chat_text"]))

    # ------------------------------------------------------------ the 2026 summary
    def SUMMARY_MARKER(self, f: Fields, span: SourceSpan) -> None:
        self._settled = self._summary = True
        self._events.append(ev.SummaryStarted(span))

    def POT_LINE(self, f: Fields, span: SourceSpan) -> None:
        main, rake = self._money(f["pot_line_main"]), self._money(f["pot_line_rake"])
        sides = tuple(
            self._money(amount) for amount in re.findall(r": ([^ ]+)", f["pot_line_sides"] or "")
        )
        # written net of the rake: the total pot (gross) is the pots and the rake
        self._events.append(ev.SummaryPot(span, main + sum(sides) + rake, None, (), rake))

    def BOARD(self, f: Fields, span: SourceSpan) -> None:
        self._events.append(ev.SummaryBoard(span, 1, cards(f["board_cards"])))

    def BALANCE(self, f: Fields, span: SourceSpan) -> None:
        """A seat's balance: what it collected, and the hand it showed, if any."""
        player = self._who(f["balance_player"])
        seat = next((s for s, p in self._seats.items() if p == player), 0)
        shown = cards(f["balance_cards"]) if f["balance_cards"] is not None else ()
        description = (f["balance_description"] or "").strip()
        if shown:
            self._events.append(ev.Shown(span, player, shown, description, claim(description)))
        won: int | None = None
        if f["balance_collected"] is not None and f["balance_cashed"] is None:
            # a player who cashed out is paid by the room (his CashedOut), not the pot
            won = self._money(f["balance_collected"])
            if won:
                self._events.append(ev.Collected(span, player, won))
        if f["balance_folded"] is not None:
            outcome = ev.SeatOutcome.FOLDED
        elif won:
            outcome = ev.SeatOutcome.COLLECTED
        elif shown:
            outcome = ev.SeatOutcome.SHOWED
        else:
            outcome = ev.SeatOutcome.LOST
        results = (ev.SeatResult(won, description, claim(description)),) if won else ()
        self._events.append(
            ev.SummarySeat(span, seat, player, (), outcome, cards=shown, results=results)
        )
