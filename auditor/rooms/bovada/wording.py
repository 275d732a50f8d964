"""What Bovada's words say: a post's kind, a status, a street (the tables below, and the
grammar's terminals in words for its errors); and what its words about a hand claim:
"(Two pair)", "(Royal Straight Flush)" name a category only; a hi/lo showdown line
lists the high five and then the low five ("Showdown [Ad As 9d 3h 3c Ad 4c 2c 6h 3h]
(Two pair)"), so the low is claimed by its cards.
"""

from __future__ import annotations

from auditor import events as ev
from auditor.cards import Card
from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand, ClaimedLow

POST_KIND = {
    "Ante/Small Blind": ev.PostKind.SMALL_BLIND,
    "Ante/Small blind": ev.PostKind.SMALL_BLIND,
    "Small Blind": ev.PostKind.SMALL_BLIND,
    "Small blind": ev.PostKind.SMALL_BLIND,
    "Big blind/Bring in": ev.PostKind.BIG_BLIND,
    "Big Blind/Bring in": ev.PostKind.BIG_BLIND,
    "Big blind": ev.PostKind.BIG_BLIND,
    "Big Blind": ev.PostKind.BIG_BLIND,
    "Ante chip": ev.PostKind.ANTE,
    # the small and the big blind of a player back in his seat, the small one dead
    "Posts dead chip": ev.PostKind.SMALL_AND_BIG,
}
STATUS = {
    "Sitout (wait for bb)": ev.Status.SITTING_OUT,
    "Seat sit out": ev.Status.SITS_OUT,
    "Sit out": ev.Status.SITS_OUT,
    "Seat re-join": ev.Status.RETURNED,
    "Re-join": ev.Status.RETURNED,
    "Seat stand": ev.Status.LEAVES,
    "Stand": ev.Status.LEAVES,
    "Table leave user": ev.Status.LEAVES,
    "Table enter user": ev.Status.JOINS,
    "Seat sit down": ev.Status.JOINS,
}
# what an action's note says of the player ("auth" is kept on the fold only: its meaning
# is not documented)
NOTE_STATUS = {
    "timeout": ev.Status.TIMED_OUT,
    "disconnect": ev.Status.DISCONNECTED,
    "Blind Disconnected": ev.Status.DISCONNECTED,
}
STREET = {
    "HOLE CARDS": ev.Street.PREFLOP,
    "FLOP": ev.Street.FLOP,
    "TURN": ev.Street.TURN,
    "RIVER": ev.Street.RIVER,
}
FOLDED_ON = {
    "POCKET CARDS": "before Flop",
    "FLOP": "on the Flop",
    "TURN": "on the Turn",
    "RIVER": "on the River",
}
_HEAD = "Bovada Hand #1 TBL#2 OMAHA Pot Limit - 2012-04-24 02:55:07\n"
_SEATED = _HEAD + "Seat 1: Dealer ($10 in chips)\nSeat 2: Big Blind ($10 in chips)\n"
# Mistakes seen in damaged records, by the place the grammar stops at: Lark's
# match_examples labels an error with the first whose parser state it shares.
MISTAKES: dict[str, list[str]] = {
    "a header the layout does not have (game, table or date)": [
        "Bovada Hand #1 TBL#2 OMAHA Pot Limit 2012-04-24 02:55:07\n",
    ],
    "a seat line the layout does not have": [
        _HEAD + "Seat 1: Dealer (10 chips)\n",
        _SEATED + "Seat 3: UTG (10 chips)\n",
    ],
    "a line of play the layout does not have": [
        _SEATED + "*** HOLE CARDS ***\nDealer : Shoves $5\n",
    ],
    "a summary line the layout does not have": [
        _SEATED + "*** HOLE CARDS ***\nDealer : Folds\n*** SUMMARY ***\nTotl Pot($0)\n",
    ],
}
WORDS = {
    "SEATS": "a seat line (Seat n: Position ($x in chips))",
    "PLAY": "a line of play",
    "SUMMARY_BODY": "a summary line",
    "HEADER": "a hand header",
    "SEAT": "a seat line (Seat n: Position ($x in chips))",
    "SET_DEALER": "the dealer line",
    "POST": "a blind or ante",
    "DEALT": "dealt cards",
    "FOLD": "a fold",
    "CHECK": "a check",
    "CALL": "a call",
    "BET": "a bet",
    "RAISE": "a raise",
    "ALL_IN": "an all-in",
    "UNCALLED": "an uncalled bet returned",
    "SHOWDOWN": "a shown hand",
    "MUCKS": "a mucked hand",
    "NO_SHOW": "a hand not shown",
    "RESULT": "a hand result",
    "STATUS": "a player's status line",
    "DEPOSIT": "a table deposit",
    "RANKING": "a tournament ranking",
    "BOUNTY": "a bounty prize",
    "MARKER": "a street marker (*** FLOP *** [..])",
    "SUMMARY_MARKER": "*** SUMMARY ***",
    "TOTAL_POT": "the total pot line",
    "BOARD": "the board line",
    "SUMMARY_SEAT": "a summary seat line",
}


# the category words Bovada writes, lower-cased
_CATEGORY = {
    "high card": Category.HIGH_CARD,
    "one pair": Category.PAIR,
    "two pair": Category.TWO_PAIR,
    "three of a kind": Category.THREE_OF_A_KIND,
    "straight": Category.STRAIGHT,
    "flush": Category.FLUSH,
    "full house": Category.FULL_HOUSE,
    "four of a kind": Category.FOUR_OF_A_KIND,
    "straight flush": Category.STRAIGHT_FLUSH,
}
_ACE = 12
_EIGHT = 6


def read_claim(words: str, low_five: tuple[Card, ...] = (), hi_lo: bool = False) -> Claim:
    """The claim of a shown hand's words and (hi/lo) the low five its line lists.

    A hi/lo line that lists no low five says nothing of the low: Bovada leaves it out even
    for a hand that has one and is paid for it (PLO8-9max-USD-0.02-0.05-201408, hand
    2902256725: "Dealer : Showdown [Ac Ah 9h 8c Jh] (One pair)", then "Dealer HI $4.82
    with One pair [Ac 3d Ah 8s   ] LO $2.40" for his 8-4-3-2-A), so its low is "not
    stated" (an empty low text: nothing is checked), not "no low".

    >>> read_claim("Two pair").high
    ClaimedHand(category=<Category.TWO_PAIR: 2>, ranks=())
    >>> read_claim("Royal Straight Flush").high
    ClaimedHand(category=<Category.STRAIGHT_FLUSH: 8>, ranks=(12,))
    >>> read_claim("Sandwich").high is None
    True
    >>> read_claim("One pair", hi_lo=True).low_text
    ''
    """
    if not words and not low_five:
        return NO_CLAIM
    key = words.strip().lower()
    high: ClaimedHand | None
    if key == "royal straight flush":
        high = ClaimedHand(Category.STRAIGHT_FLUSH, (_ACE,))  # the ace-high straight flush
    else:
        category = _CATEGORY.get(key)
        high = ClaimedHand(category, ()) if category is not None else None
    if not low_five:
        return Claim(words, words, high, "" if hi_lo else None)
    low_text = " ".join(str(card) for card in low_five)
    return Claim(f"{words}; low {low_text}", words, high, low_text, _low(low_five))


def _low(five: tuple[Card, ...]) -> ClaimedLow | None:
    """The low five cards make, highest first with the ace as 1 (None: they make no low)."""
    values = sorted((1 if c.rank == _ACE else c.rank + 2 for c in five), reverse=True)
    if len(set(values)) != 5 or any(c.rank > _EIGHT and c.rank != _ACE for c in five):
        return None
    return ClaimedLow(tuple(values))
