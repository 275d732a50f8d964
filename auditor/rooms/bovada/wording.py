"""What Bovada's words say: a post's kind, a status, a street, a shown hand's claim."""

from __future__ import annotations

from auditor import events as ev
from auditor.cards import Card
from auditor.hand_claims import NO_CLAIM, Category, Claim, ClaimedHand, ClaimedLow

# a post's words, lower-cased ("Small Blind", "Small blind")
POST_KIND = {
    "ante/small blind": ev.PostKind.SMALL_BLIND,
    "small blind": ev.PostKind.SMALL_BLIND,
    "big blind/bring in": ev.PostKind.BIG_BLIND,
    "big blind": ev.PostKind.BIG_BLIND,
    "ante chip": ev.PostKind.ANTE,
    # the small and the big blind of a player back in his seat, the small one dead
    "posts dead chip": ev.PostKind.SMALL_AND_BIG,
}
# a player's comings and goings, lower-cased, "Seat " left off ("Seat re-join", "Re-join")
STATUS = {
    "sitout (wait for bb)": ev.Status.SITTING_OUT,
    "sit out": ev.Status.SITS_OUT,
    "re-join": ev.Status.RETURNED,
    "stand": ev.Status.LEAVES,
    "table leave user": ev.Status.LEAVES,
    "table enter user": ev.Status.JOINS,
    "sit down": ev.Status.JOINS,
}
# what an action's note says of the player ("auth" is kept on the fold only: its meaning
# is not documented)
NOTE_STATUS = {
    "timeout": ev.Status.TIMED_OUT,
    "disconnect": ev.Status.DISCONNECTED,
    "Blind Disconnected": ev.Status.DISCONNECTED,
}
_LATER = ("FLOP", "TURN", "RIVER")
STREET = {"HOLE CARDS": ev.Street.PREFLOP} | {name: ev.Street[name] for name in _LATER}
FOLDED_ON = {"POCKET CARDS": "before Flop"} | {name: f"on the {name.title()}" for name in _LATER}
_HEAD = "Bovada Hand #1 TBL#2 OMAHA Pot Limit - 2012-04-24 02:55:07\n"
_SEATED = _HEAD + "Seat 1: Dealer ($10 in chips)\nSeat 2: Big Blind ($10 in chips)\n"
_PLAY = _SEATED + "*** HOLE CARDS ***\n"
# Mistakes seen in damaged records, by the place the grammar stops at: Lark's
# match_examples labels an error with the first whose parser state it shares.
MISTAKES = {
    "a header the layout does not have (game, table or date)": [_HEAD.replace(" - ", " ")],
    "a seat line the layout does not have": [
        _HEAD + "Seat 1: Dealer (10 chips)\n",
        _SEATED + "Seat 3: UTG (10 chips)\n",
    ],
    "a line of play the layout does not have": [_PLAY + "Dealer : Shoves $5\n"],
    "a summary line the layout does not have": [
        _PLAY + "Dealer : Folds\n*** SUMMARY ***\nTotl Pot($0)\n"
    ],
}


# the category words Bovada writes, lower-cased ("One pair", "Full house")
_CATEGORY = {c.label: c for c in Category if c is not Category.PAIR} | {"one pair": Category.PAIR}
_ACE = 12
_EIGHT = 6


def read_claim(words: str, low_five: tuple[Card, ...] = (), hi_lo: bool = False) -> Claim:
    """The claim of a shown hand's words and (hi/lo) the low five its line lists. A hi/lo
    line that lists no low five does not state the low (an empty low text), even for a
    hand paid for one (PLO8-9max-USD-0.02-0.05-201408, hand 2902256725: "Dealer HI $4.82
    with One pair [Ac 3d Ah 8s   ] LO $2.40" for his 8-4-3-2-A).

    >>> read_claim("Royal Straight Flush").high
    ClaimedHand(category=<Category.STRAIGHT_FLUSH: 8>, ranks=(12,))
    >>> read_claim("Sandwich").high is None, read_claim("One pair", hi_lo=True).low_text
    (True, '')
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
