"""Cross-hand checks: where the button goes, and what stacks carry, from one hand to the next.

A hand history shows one hand; two of the rules are about the hand before it at the
same table. The button moves clockwise one player per hand (BUTTON_WRONG), and a
player starts a hand with what he ended the previous one with (STACK_CONTINUITY).
Both need the hands of a table in playing order, and both are only as good as the
claim that two hands were *consecutive*: files skip hands (the writer sat out, a
mixed game played other variants in between, a fast-fold pool reuses table names), and
a skipped hand moves the button twice and changes the blinds' stacks. So this module
judges consecutiveness first and checks only pairs it is sure of; a pair it is not
sure of yields nothing (a missed finding is better than an invented one).

**Consecutive hands** (:func:`why_not_consecutive`). Hands are grouped by table key
(site, table name, tournament id), duplicates (same hand id) dropped, and ordered by
(started_at, ordinal) whatever the file order. Two neighbours ``a`` then ``b`` are
consecutive when all of these hold:

1. both carry a start time and ``b`` starts at most :data:`MAX_GAP` (15 min) after ``a``:
   long enough for a slow hand or a tournament break (the corpus has a 9 min 43 s MTT
   break between two consecutive hands), short of the 40 min an 8-Game rotation takes;
2. they are written in the same money unit;
3. at least two players are seated in both, and every one of them sits in the same
   seat in both (a fast-fold pool or a re-drawn table breaks this);
4. the stacks do not show a missing hand: among the players whose stacks can be
   compared (see STACK_CONTINUITY below), at most ONE starts ``b`` with a stack
   different from his end of ``a``. A hand in between changes at least two stacks (the
   blinds', or everyone's with antes), so two or more unexplained differences mean
   "hands are missing here", not two discrepancies;
5. a difference is set against at least one stack carried over exactly: where every
   stack compared differs (heads-up, the other player's rise to whole big stakes being a
   possible top-up that counts as neither), nothing in the stacks shows the hands
   consecutive;
6. when no stack can be compared (``a``'s ending stacks unknown, e.g. a hand cut
   short), ``b`` starts at most :data:`MAX_UNVERIFIED_GAP` (3 min) after ``a``.

The hand ids are not used beyond the order of hands that start in the same second: the
rooms of the corpus number their hands site-wide (between hands judged consecutive the
ids of one table are a median of about 23,600 apart on the Stars layout, 660 on BetOnline, 560
on Bovada; KingsClub's '8 Game Mix' hands 39969218 and 39969304 are 86 apart), so a gap
in the ids is normal and says nothing; the stacks must show the hands consecutive (rules
4 and 5). That KingsClub pair is one rule 5 rejects: Hero ends
39969218 with 1,199.50 and starts 39969304 with 1,000, Player0 ends with 599.50 and
starts with 1,000 (a rise to whole big stakes), and the game changed from 40/80 limit to
5/10 pot limit: the hands of the mix's other games lie between.

On the corpus's Stars-layout files (300 hands, 225 neighbouring pairs) this judges 219
pairs consecutive and 6 not: three by the time gap (an 8-Game rotation, a partial file,
a session a day apart) and three by rule 4 (a writer who sat out; a split pot whose two
winners both start short by the rake the record leaves out; a partial file whose button
jumps 5 -> 2 over missing hands). No pair is rejected by rule 3, 5 or 6.

**Dealt in.** Who is dealt into a hand is the replay's answer (EventIndex.dealt_in: seated
and not said to sit out, or seen to post, act, be dealt, show or muck). Of those, the
ones the record never shows playing (a seated player with no line of play, whom a room
that does not write "sitting out" leaves unexplained) are only *maybe* in.

**BUTTON_WRONG, moving button.** Walking clockwise from ``a``'s button (seats wrap at
the larger of the tables' max seats and the highest seat seen), the button of ``b`` must
be on the first seat whose player is dealt into ``b`` *and* was dealt into ``a``. Seats
passed on the way whose player is dealt into ``b`` but was not in ``a`` (a newcomer
posting in, a player back from sitting out, or one whose presence the record leaves
open) are also accepted: rooms differ on whether such a player may take the button on
his first hand (GG passes a newcomer who posts a big blind behind the button). The
check is skipped when either button is unknown, when no such seat exists, and on
heads-up transitions (one hand has two players dealt in and the other a different
number), where rooms move the button so that nobody posts the big blind twice.

**BUTTON_WRONG, dead button.** Robert's Rules of Poker, section 4 ("Button and blind
use"), rule 2(b): "Dead button - The big blind is posted by the player due for it, and the
small blind and button are positioned accordingly, even if this means the small blind or
the button is placed in front of an empty seat, giving the same player the privilege of
last action on consecutive hands." So the big blind moves one player forward, the small
blind is last hand's big blind (or there is none, when he left), and ``b``'s button is on
the seat ``a``'s small blind was posted from; where ``a`` has no small blind (it was due
from an empty seat or a player sitting out), on one of the seats between ``a``'s button
and big blind. Where nobody is dealt into ``b`` on that seat, the record may also write
the button in front of the player who then acts last in its place, the first one dealt
in counterclockwise from it ("the player who was the button will, in effect, be the
button once again"): BetOnline writes it so, Winamax, Bovada and Poker Now on the empty
seat. Skipped when ``a`` has more than one small blind poster, or no small blind and no
big blind after its button, and when either hand is heads-up (the heads-up button posts
the small blind, so the rule does not apply as stated).

**STACK_CONTINUITY.** A player's stacks are compared when he is seated in both hands
of a consecutive pair, his ending stack in ``a`` is known, and neither hand records a
rebuy, add-on, cash-out, join or leave for him. His starting stack in ``b`` must equal
his ending stack in ``a``, with one allowance: in a cash game a *rise* to a whole
number of the header's big stake is taken as a silent top-up (GG's auto top-up to 100
big blinds and the Stars layout's auto-rebuy write no line; the corpus has 22 of them). The
finding is located at his seat line in ``b``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import pairwise
from operator import attrgetter
from typing import cast

from auditor import events as ev
from auditor.findings import Code, Finding
from auditor.money import format_minor
from auditor.replay.event_index import EventIndex, index_events
from auditor.replay.profile import ButtonMovement, RuleProfile
from auditor.source import SourceSpan

MAX_GAP = timedelta(minutes=15)
"""The longest time between the starts of two hands that may still be consecutive."""
MAX_UNVERIFIED_GAP = timedelta(minutes=3)
"""The same when no stack can be compared (the earlier hand's ending stacks unknown)."""

TableKey = tuple[str, str, str | None]

_NOT_DIGIT = re.compile(r"\D")


@dataclass(frozen=True, slots=True)
class TableHand:
    """What the cross-hand checks need from one hand (mappings are not to be mutated)."""

    table: TableKey  # (site, table name, tournament id)
    hand_id: str
    started_at: datetime | None
    ordinal: int  # orders hands that start in the same second: the hand id's digits
    button_seat: int | None
    seats: Mapping[int, tuple[str, int]]  # seat -> (player, starting stack)
    dealt_in: frozenset[str]  # dealt in (EventIndex.dealt_in), with a sign of play
    maybe_in: frozenset[str]  # dealt in by the record, but no sign of play seen
    ending_stacks: Mapping[str, int] | None  # None when unknown (e.g. a hand cut short)
    stack_changes: frozenset[str]  # rebuy, add-on, cash-out, join or leave on record
    small_blind_seats: tuple[int, ...]  # seats that posted the small blind
    place: SourceSpan  # the table line
    max_seats: int | None
    scale: int = 1
    top_up_unit: int | None = None  # cash games: the big stake; tournaments: None
    seat_places: Mapping[str, SourceSpan] = field(default_factory=dict)
    hand_key: int | None = None  # the record's key in a run: its findings carry it
    big_blind_seats: tuple[int, ...] = ()  # seats that posted a big blind, in record order
    # the table's name as the record writes it (``table`` may be renamed at a gap)
    table_name: str = ""

    @property
    def site(self) -> str:
        return self.table[0]

    def __reduce__(self) -> tuple[type[TableHand], tuple[object, ...]]:
        # One is pickled per hand for the cross-hand store; the dataclass default
        # (through fields()) costs more than building the hand's facts.
        return TableHand, _table_hand_fields(self)

    def seat_of(self, player: str) -> int | None:
        for seat, (name, _) in self.seats.items():
            if name == player:
                return seat
        return None


# every field of a TableHand in order, read in one call (for pickling)
_table_hand_fields = cast(
    "Callable[[TableHand], tuple[object, ...]]", attrgetter(*TableHand.__slots__)
)


def table_hand(
    hand: ev.Hand,
    ending_stacks: Mapping[str, int] | None,
    hand_key: int | None = None,
    index: EventIndex | None = None,
) -> TableHand:
    """The cross-hand facts of ``hand``; ``ending_stacks`` as the replay derived them,
    ``hand_key`` the record's key in a run, ``index`` the hand's events indexed (built
    here if not given).

    Who is dealt in is the replay's definition (EventIndex.dealt_in); of them, those who
    show no sign of play (``silent``) are only "maybe in": the record may have left out
    that they sat out, so no button is required to stop at their seat."""
    if index is None:
        index = index_events(hand.events)
    start = hand.start
    seats: dict[int, tuple[str, int]] = {}
    seat_number: dict[str, int] = {}
    seat_places: dict[str, SourceSpan] = {}
    for seat in index.seats:
        seats[seat.seat] = (seat.player, seat.stack)
        seat_number[seat.player] = seat.seat
        seat_places[seat.player] = seat.span
    small_blinds = [
        seat_number[p.player]
        for p in index.posts
        if p.kind is ev.PostKind.SMALL_BLIND and p.player in seat_number
    ]
    big_blinds = [
        seat_number[p.player]
        for p in index.posts
        if p.kind is ev.PostKind.BIG_BLIND and p.player in seat_number
    ]
    silent = index.silent()
    dealt_in = frozenset(index.dealt_in())
    return TableHand(
        table=(start.site, start.table_name, start.tournament_id),
        hand_id=start.hand_id,
        started_at=start.started_at,
        ordinal=_ordinal(start.hand_id),
        button_seat=start.button_seat,
        seats=seats,
        dealt_in=dealt_in - silent,
        maybe_in=silent,
        ending_stacks=dict(ending_stacks) if ending_stacks is not None else None,
        stack_changes=frozenset(index.stack_changes),
        small_blind_seats=tuple(small_blinds),
        place=_table_line(hand, index.seats[0] if index.seats else None),
        max_seats=start.max_seats,
        scale=start.scale,
        top_up_unit=start.big_stake if start.tournament_id is None else None,
        seat_places=seat_places,
        hand_key=hand_key,
        big_blind_seats=tuple(big_blinds),
        table_name=start.table_name,
    )


def _ordinal(hand_id: str) -> int:
    # most ids are all digits (isdecimal() is exactly what \d matches): no regex then
    digits = hand_id if hand_id.isdecimal() else _NOT_DIGIT.sub("", hand_id)
    return int(digits) if digits else 0


def _table_line(hand: ev.Hand, first_seat: ev.SeatTaken | None) -> SourceSpan:
    """The table line, as the reader placed it; else the line just above the first seat."""
    header = hand.start.span
    if hand.start.table_span is not None:
        return hand.start.table_span
    if first_seat is not None and first_seat.span.line - 1 > header.line:
        return SourceSpan(header.file, first_seat.span.line - 1, 1)
    return header


# ------------------------------------------------------------------ ordering and pairs


PlayKey = tuple[bool, datetime, int, str]
"""Where a hand goes in its table's playing order (hands without a start time last)."""


def table_sequences(hands: Iterable[TableHand]) -> dict[TableKey, list[TableHand]]:
    """Each table's hands in playing order: by (started_at, ordinal); of hands with the
    same id, the first one given is kept."""
    tables: dict[TableKey, dict[str, TableHand]] = {}
    for hand in hands:
        tables.setdefault(hand.table, {}).setdefault(hand.hand_id, hand)
    return {key: sorted(by_id.values(), key=play_order) for key, by_id in tables.items()}


def play_order(hand: TableHand) -> PlayKey:
    """The sort key of :func:`table_sequences`: no two hands of a table (ids differ) share
    one, so the order does not depend on the order the hands came in."""
    return (hand.started_at is None, hand.started_at or datetime.min, hand.ordinal, hand.hand_id)


def unexplained_stack_differences(a: TableHand, b: TableHand) -> list[tuple[str, int, int]]:
    """(player, end of ``a``, start of ``b``) for each difference nothing explains."""
    return _stack_evidence(a, b)[1]


def _stack_evidence(a: TableHand, b: TableHand) -> tuple[int, list[tuple[str, int, int]]]:
    """How many players' stacks can be compared, and the unexplained differences among them.

    A player is compared when he is seated in both hands, his ending stack in ``a`` is
    known, and neither hand records a rebuy, add-on, cash-out, join or leave for him. In a
    cash game a rise to a whole number of big stakes is a possible silent top-up (rooms'
    auto-rebuy writes no line) and counts as neither a match nor a difference.
    """
    if a.ending_stacks is None:
        return 0, []
    explained = a.stack_changes | b.stack_changes
    compared = 0
    differences = []
    for player, start in b.seats.values():
        end = a.ending_stacks.get(player)
        if player in explained or a.seat_of(player) is None or end is None:
            continue
        if start > end and b.top_up_unit and start % b.top_up_unit == 0:
            continue
        compared += 1
        if end != start:
            differences.append((player, end, start))
    return compared, differences


def why_not_consecutive(a: TableHand, b: TableHand) -> str | None:
    """None when ``b`` surely follows ``a`` directly at the table; else the reason why not."""
    if a.started_at is None or b.started_at is None:
        return "a start time is unknown"
    gap = b.started_at - a.started_at
    if gap > MAX_GAP:
        return f"{gap} between the hands"
    if a.scale != b.scale:
        return "different money units"
    common = [p for p, _ in b.seats.values() if a.seat_of(p) is not None]
    if len(common) < 2:
        return "fewer than two players seated in both"
    moved = [p for p in common if a.seat_of(p) != b.seat_of(p)]
    if moved:
        return f"{', '.join(moved)} changed seats"
    compared, differences = _stack_evidence(a, b)
    if len(differences) >= 2:
        return f"{len(differences)} stacks changed between the hands"
    if differences and compared == len(differences):
        return "no stack carried over between the hands"
    if compared == 0 and gap > MAX_UNVERIFIED_GAP:
        return f"{gap} between the hands, and no stacks to compare"
    return None


# ------------------------------------------------------------------ the checks


def continuity_findings(hands: Iterable[TableHand], profile: RuleProfile) -> list[Finding]:
    """BUTTON_WRONG and STACK_CONTINUITY for every consecutive pair of hands of each table."""
    found: list[Finding] = []
    for sequence in table_sequences(hands).values():
        found.extend(sequence_findings(sequence, profile))
    return found


def sequence_findings(sequence: Iterable[TableHand], profile: RuleProfile) -> list[Finding]:
    """The findings of each consecutive pair of ``sequence``: one table's hands, already in
    playing order without duplicates (see :func:`table_sequences`).

    Each pair is judged on its own two hands, so a long sequence may be cut anywhere and
    checked piece by piece, each piece starting with the last hand of the one before."""
    found: list[Finding] = []
    for a, b in pairwise(sequence):
        if why_not_consecutive(a, b) is not None:
            continue
        found.extend(_button_findings(a, b, profile))
        found.extend(_stack_findings(a, b))
    return found


def _button_findings(a: TableHand, b: TableHand, profile: RuleProfile) -> list[Finding]:
    if a.button_seat is None or b.button_seat is None:
        return []
    if profile.button_movement is ButtonMovement.DEAD:
        allowed = _dead_button(a, b)
        rule = "dead"
    else:
        allowed = _moving_button(a, b)
        rule = "moving"
    if not allowed or b.button_seat in allowed:
        return []
    expected = " or ".join(f"seat {seat}" for seat in allowed)
    return [
        Finding(
            Code.BUTTON_WRONG,
            b.hand_id,
            f"the button is on seat {b.button_seat}, but after hand {a.hand_id} (button seat "
            f"{a.button_seat}) the {rule} button moves to {expected}",
            b.place,
            expected=expected,
            recorded=f"seat {b.button_seat}",
            hand_key=b.hand_key,
            site=b.site,
            table_name=b.table_name,
        )
    ]


def _clockwise_after(seat: int, size: int, first: int = 1) -> list[int]:
    """Seats after ``seat`` going clockwise, ``seat`` itself last (seats ``first`` to
    ``first + size - 1``)."""
    return [(seat - first + step) % size + first for step in range(1, size + 1)]


def _table_size(a: TableHand, b: TableHand) -> tuple[int, int]:
    """The table's number of seats and its first seat: 0 where a room numbers them from 0
    (a 10-max table's "Seat 0" to "Seat 9"), else 1."""
    seen = [*a.seats, *b.seats, a.button_seat or 1, b.button_seat or 1]
    first = 0 if min(seen) == 0 else 1
    return max(a.max_seats or 0, b.max_seats or 0, *(s + 1 - first for s in seen)), first


def _moving_button(a: TableHand, b: TableHand) -> list[int]:
    """The seats the moving button may go to: maybe-newcomers passed, then the expected seat.

    Empty when the record leaves the answer open (heads-up transitions, no seat found).
    """
    assert a.button_seat is not None
    counts = (len(a.dealt_in), len(b.dealt_in))
    if 2 in counts and counts[0] != counts[1]:
        return []
    allowed: list[int] = []
    for seat in _clockwise_after(a.button_seat, *_table_size(a, b)):
        if seat not in b.seats:
            continue
        player = b.seats[seat][0]
        if player in b.dealt_in and player in a.dealt_in and a.seat_of(player) == seat:
            return [*allowed, seat]
        if player in b.dealt_in or player in b.maybe_in:
            allowed.append(seat)
    return []


def _dead_button(a: TableHand, b: TableHand) -> list[int]:
    """The seats the dead button may be on in ``b``: where ``a``'s small blind was due,
    else the player who acts last in its place; empty when the record leaves it open.

    The big blind moves one player forward each hand, so the button goes to the seat from
    which ``a``'s small blind was posted. Where ``a`` has no small blind (it was due from a
    seat left empty or a player sitting out), it was due from one of the seats between
    ``a``'s button and big blind, and the button goes there. Where nobody is dealt into
    ``b`` on that seat, a record may write the button on it (Winamax, Bovada, Poker Now)
    or in front of the player who then acts last, the first one dealt in counterclockwise
    from it (BetOnline: the same player keeps the button for a second hand); the two
    name the same order of play, so both are accepted."""
    assert a.button_seat is not None
    if len(a.dealt_in) <= 2 or len(b.dealt_in) <= 2 or len(a.small_blind_seats) > 1:
        return []
    size, first = _table_size(a, b)
    around = _clockwise_after(a.button_seat, size, first)  # a's button last
    if a.small_blind_seats:
        due = list(a.small_blind_seats)
    else:
        big = next((seat for seat in around if seat in a.big_blind_seats), None)
        if big is None:
            return []
        due = around[: around.index(big)]
    allowed = list(due)
    for seat in due:
        if not _dealt_into(b, seat):
            behind = _clockwise_after(seat, size, first)[-2::-1]  # counterclockwise
            last = next((s for s in behind if _dealt_into(b, s)), None)
            if last is not None and last not in allowed:
                allowed.append(last)
    return allowed


def _dealt_into(hand: TableHand, seat: int) -> bool:
    return seat in hand.seats and hand.seats[seat][0] in hand.dealt_in


def _stack_findings(a: TableHand, b: TableHand) -> list[Finding]:
    found = []
    for player, end, start in unexplained_stack_differences(a, b):
        found.append(
            Finding(
                Code.STACK_CONTINUITY,
                b.hand_id,
                f"{player} starts with {format_minor(start, b.scale)} but ended hand "
                f"{a.hand_id} with {format_minor(end, a.scale)}, and the record shows no "
                "rebuy, add-on, cash-out, join or leave",
                b.seat_places.get(player, b.place),
                player=player,
                expected=format_minor(end, a.scale),
                recorded=format_minor(start, b.scale),
                hand_key=b.hand_key,
                site=b.site,
                table_name=b.table_name,
            )
        )
    return found
