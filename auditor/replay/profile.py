"""Rule profiles: every point where rooms differ is one key of a TOML file.

Bundled profiles are found by name (``seeds``, ``pokerstars``, ``tda``); any
other ``.toml`` path is read as a user's own. ``auto`` picks the hand's room
profile where one is bundled, else ``seeds``.
"""

from __future__ import annotations

import hashlib
import math
import re
import tomllib
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from pathlib import Path
from typing import Any

from auditor.suggest import did_you_mean

PROFILE_DIR = Path(__file__).resolve().parent.parent / "profiles"


class ProfileError(ValueError):
    """A profile that does not exist, or cannot be read, or whose keys break the schema
    (``problems``: every one of them, each "path: what is wrong")."""

    def __init__(self, message: str, problems: list[str] | tuple[str, ...] = ()) -> None:
        self.problems = tuple(problems)
        if len(self.problems) == 1:
            message = f"{message}: {self.problems[0]}"
        elif self.problems:
            listed = "".join(f"\n  {problem}" for problem in self.problems)
            message = f"{message}: {len(self.problems)} problems:{listed}"
        super().__init__(message)


class Choice(StrEnum):
    """A profile key's choice: each member's value is the TOML string. Its repr is the
    string's, so a profile's repr (and :func:`profile_key`, made of it) is what it was."""

    def __repr__(self) -> str:
        return repr(self.value)


class BlindRounding(Choice):
    DOWN = "down"
    UP = "up"
    EXACT = "exact"  # half the small bet to the minor unit, not to a whole unit


class ButtonMovement(Choice):
    MOVING = "moving"
    DEAD = "dead"


class CapHeadsUp(Choice):
    NEVER = "never"
    WHEN_HEADS_UP = "when_heads_up"
    IF_ROUND_BEGAN_HEADS_UP = "if_round_began_heads_up"


class ShortAllInReopens(Choice):
    FULL_RAISE = "full_raise"
    HALF_BET = "half_bet"


class ShowdownOrder(Choice):
    LAST_AGGRESSOR = "last_aggressor"
    RIVER_AGGRESSOR = "river_aggressor"
    FIRST_BETTOR = "first_bettor"


class OddChipTieRule(Choice):
    LEFT_OF_BUTTON = "left_of_button"
    BY_SUIT = "by_suit"


class BothHalves(Choice):
    SPLIT_EACH_HALF = "split_each_half"
    SPLIT_WHOLE_POT = "split_whole_pot"


class OddChipUnit(Choice):
    MINOR_UNIT = "minor_unit"
    SMALLEST_BLIND_CHIP = "smallest_blind_chip"
    # the largest chip every amount of the hand's record is a whole number of (a room
    # that splits in its table's chip: $0.05 at one stake, $0.50 at another)
    TABLE_CHIP = "table_chip"


class RakeKind(Choice):
    NONE = "none"
    PERCENT = "percent"
    FIXED = "fixed"


class RakeRounding(Choice):
    DOWN = "down"
    NEAREST = "nearest"


class TimeoutRule(Choice):
    ALL_IN_PROTECTION = "all_in_protection"
    CHECK_OR_FOLD = "check_or_fold"


@dataclass(frozen=True, slots=True)
class RakeSchedule:
    schedule: RakeKind
    percent: Decimal
    rounding: RakeRounding
    cap: dict[str, Decimal] = field(default_factory=dict)  # players dealt in ("default") -> cap
    no_flop_no_drop: bool = True
    # the first day the schedule is known to hold (None: always); an earlier hand's rake
    # is not judged against it (a room's schedule of then is not known)
    since: date | None = None
    # the percent may also be taken of each whole major unit of the pot ("$0.05 per $1.00
    # pot" read as $0.05 for every full dollar), as well as of the pot to the minor unit
    per_whole_unit: bool = False
    # a fee the room took beside the rake that its layout of then does not write (WPN's
    # "Beast" fee): its amount in major units, the last day it was taken,
    # and the fewest players dealt in it was taken with; None: no such fee
    unwritten_fee: Decimal | None = None
    unwritten_fee_until: date | None = None
    unwritten_fee_min_players: int | None = None

    def cap_for(self, players: int) -> Decimal:
        return self.cap.get(str(players), self.cap.get("default", Decimal(0)))


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """One room's choices, read from its profile file."""

    name: str
    description: str
    fixed_limit_small_blind_rounding: BlindRounding
    heads_up_button_posts_small_blind: bool
    button_movement: ButtonMovement
    bets_per_round: int
    cap_heads_up: CapHeadsUp
    short_all_in_reopens: ShortAllInReopens
    preflop_small_blind_counts_as_big: bool
    showdown_order: ShowdownOrder
    odd_chip_tie_rule: OddChipTieRule
    same_players_both_halves: BothHalves
    odd_chip_unit: OddChipUnit
    rake: RakeSchedule
    timeout_rule: TimeoutRule
    # a cash-out's fee as a percentage of its value (cash-out + fee), to the nearest unit;
    # None: the profile does not judge it
    cash_out_fee_percent: Decimal | None = None
    # a table of more seats down to two players keeps the ring order of the blinds
    heads_up_ring_tables_keep_ring_order: bool = False
    # fixed limit: the small blind of each small bet the room sets apart from the rounding
    # rule (major units, as written: "0.25" -> Decimal("0.10")); None: the rule alone
    fixed_limit_small_blinds: dict[Decimal, Decimal] | None = None
    # the room writes a "check" for a player left no action on a street (all-in, or the
    # only one with chips behind): no finding for it; None or False: OUT_OF_TURN
    checks_written_with_no_action: bool | None = None
    # the odd chips of a tied low half go to the high half's winner (Bovada), not by the
    # tie rule
    low_ties_odd_chips_to_high: bool = False


class Kind(StrEnum):
    """What a key holds, as the schema's documentation names it."""

    TEXT = "text"
    CHOICE = "one of"
    BOOL = "true or false"
    WHOLE = "a whole number"
    AMOUNT = "a number"
    CAPS = "a table of caps"
    DATE = "a date (YYYY-MM-DD, no quotes)"
    AMOUNTS = "a table of amounts"


@dataclass(frozen=True, slots=True)
class Key:
    """One key of a profile file: where it is, what it may hold, what it means.

    ``low``/``high`` bound a number (for text: its least length); ``default`` is None
    for a key that must be given."""

    path: str  # "section.key", or "key" at the top of the file
    kind: Kind
    doc: str
    choice: type[Choice] | None = None  # a CHOICE key's values
    low: Decimal | None = None
    high: Decimal | None = None
    default: Any = None
    optional: bool = False  # may be left out, and then holds None (the check is not made)

    @property
    def choices(self) -> tuple[str, ...]:
        return () if self.choice is None else tuple(member.value for member in self.choice)


# The largest table of an Omaha game: 4 cards each to 10 players and a board of 5.
_MOST_PLAYERS = 10
_AMOUNT = re.compile(r"[0-9]+(\.[0-9]+)?")

SCHEMA: tuple[Key, ...] = (
    Key("name", Kind.TEXT, "the profile's name, shown with each hand's results", low=Decimal(1)),
    Key("description", Kind.TEXT, "what the profile is for", default=""),
    Key(
        "blinds.fixed_limit_small_blind_rounding",
        Kind.CHOICE,
        "fixed limit: the small blind is half the small bet, rounded down or up",
        BlindRounding,
    ),
    Key(
        "blinds.heads_up_button_posts_small_blind",
        Kind.BOOL,
        "heads-up, the button posts the small blind and acts first before the flop",
    ),
    Key(
        "blinds.heads_up_ring_tables_keep_ring_order",
        Kind.BOOL,
        "at a table of more than two seats that is down to two players, the blinds keep "
        "the ring order (the small blind left of the button, the button posts the big "
        "blind); a table of two seats follows heads_up_button_posts_small_blind",
        default=False,
        optional=True,  # left out: false, the heads-up rule at every table
    ),
    Key(
        "button.movement",
        Kind.CHOICE,
        "moving: to the next player dealt in; dead: one seat on, even onto an empty one",
        ButtonMovement,
    ),
    Key(
        "fixed_limit.bets_per_round",
        Kind.WHOLE,
        "bets in a round, counting the opening bet (the big blind before the flop)",
        low=Decimal(2),
        high=Decimal(100),
    ),
    Key(
        "fixed_limit.cap_heads_up",
        Kind.CHOICE,
        "when the cap is lifted heads-up",
        CapHeadsUp,
    ),
    Key(
        "fixed_limit.short_all_in_reopens",
        Kind.CHOICE,
        "a short all-in raise re-opens the betting: only a full bet, or half a bet or more",
        ShortAllInReopens,
    ),
    Key(
        "pot_limit.preflop_small_blind_counts_as_big",
        Kind.BOOL,
        "before the flop, the small blind counts as a big blind when sizing the pot",
    ),
    Key(
        "showdown.order",
        Kind.CHOICE,
        "who shows first (then clockwise)",
        ShowdownOrder,
    ),
    Key(
        "odd_chips.tie_rule",
        Kind.CHOICE,
        "who gets an odd chip between tied hands",
        OddChipTieRule,
    ),
    Key(
        "odd_chips.same_players_both_halves",
        Kind.CHOICE,
        "the same players win both halves: split each half, or the whole pot",
        BothHalves,
    ),
    Key(
        "odd_chips.unit",
        Kind.CHOICE,
        "the odd chip: the currency's minor unit, the smallest blind chip (the chip both "
        "blinds posted are whole numbers of), or the table's chip (the largest amount every "
        "amount of the hand's record is a whole number of)",
        OddChipUnit,
    ),
    Key(
        "odd_chips.low_ties_odd_chips_to_high",
        Kind.BOOL,
        "the odd chips of a low half split between tied lows go to the high half (where "
        "the room puts them so), not to the first tied low winner left of the button",
        optional=True,
    ),
    Key(
        "rake.schedule",
        Kind.CHOICE,
        "none (conservation only), percent of the pot with a cap, or fixed",
        RakeKind,
        default=RakeKind.NONE,
    ),
    Key(
        "rake.percent",
        Kind.AMOUNT,
        "the percentage of the pot taken",
        low=Decimal(0),
        high=Decimal(100),
        default=Decimal(0),
    ),
    Key(
        "rake.rounding",
        Kind.CHOICE,
        "the rake is rounded down or to the nearest minor unit",
        RakeRounding,
        default=RakeRounding.DOWN,
    ),
    Key(
        "rake.cap",
        Kind.CAPS,
        f"cap in major units by players dealt in (2 to {_MOST_PLAYERS}, or default)",
        low=Decimal(0),
        high=Decimal(10**9),
        default={"default": Decimal(0)},
    ),
    Key(
        "rake.no_flop_no_drop",
        Kind.BOOL,
        "no rake is taken from a hand that ends before the flop",
        default=True,
    ),
    Key(
        "rake.per_whole_unit",
        Kind.BOOL,
        'a schedule written as an amount per unit of pot ("$0.05 per $1.00") may also '
        "take it for each whole unit only (5% of $4.50: $0.22, or $0.20 for four whole "
        "dollars); either rake passes",
        optional=True,
    ),
    Key(
        "rake.since",
        Kind.DATE,
        "the first day (the hand's local date) the schedule and cap are known to hold; "
        "an earlier hand's rake is not judged; left out, always",
        optional=True,
    ),
    Key(
        "rake.unwritten_fee",
        Kind.AMOUNT,
        "a fee (major units) taken beside the rake that the layout does not write: a hand "
        "whose pot and rake fall short of the chips put in by exactly this much, up to "
        "rake.unwritten_fee_until, is read as having paid it; left out, none",
        low=Decimal(0),
        high=Decimal(10**6),
        optional=True,
    ),
    Key(
        "rake.unwritten_fee_until",
        Kind.DATE,
        "the last day (the hand's local date) the unwritten fee was taken",
        optional=True,
    ),
    Key(
        "rake.unwritten_fee_min_players",
        Kind.WHOLE,
        "the fewest players dealt in a hand the unwritten fee was taken from",
        low=Decimal(2),
        high=Decimal(_MOST_PLAYERS),
        optional=True,
    ),
    Key(
        "cash_out.fee_percent",
        Kind.AMOUNT,
        "a cash-out's fee as a percentage of its value (paid plus fee), to the nearest unit; "
        "left out, the fee is not judged",
        low=Decimal(0),
        high=Decimal(100),
        optional=True,
    ),
    Key(
        "timeout.rule",
        Kind.CHOICE,
        "a player who times out: all-in protection, or check if he can, else fold",
        TimeoutRule,
    ),
    Key(
        "blinds.fixed_limit_small_blinds",
        Kind.AMOUNTS,
        "fixed limit: the small blind of a small bet, in major units, where the room sets "
        'it apart from the rounding rule, e.g. { "0.25" = "0.10" }; left out, the rule alone',
        low=Decimal(0),
        high=Decimal(10**9),
        optional=True,
    ),
    Key(
        "actions.checks_written_with_no_action",
        Kind.BOOL,
        "the room writes a check for a player left no action on a street (all-in, or the "
        "only one with chips behind): no finding; left out or false, it is OUT_OF_TURN",
        optional=True,
    ),
)
"""Every key of a profile file: used to check a file and to document the keys."""

_BY_PATH = {key.path: key for key in SCHEMA}
_SECTIONS = {key.path.split(".")[0] for key in SCHEMA if "." in key.path}


def describe_schema() -> list[str]:
    """One line for each key: its path, what it holds and its meaning (``auditor profiles``)."""
    lines = []
    for key in SCHEMA:
        if key.kind is Kind.CHOICE:
            holds = "one of " + ", ".join(key.choices)
        elif key.kind in (Kind.WHOLE, Kind.AMOUNT, Kind.CAPS, Kind.AMOUNTS):
            holds = f"{key.kind.value} from {key.low} to {key.high}"
        else:
            holds = key.kind.value
        if key.default is not None and key.kind not in (Kind.CAPS, Kind.AMOUNTS):
            holds += f" (default {_shown_default(key.default)})"
        elif key.optional:
            holds += " (optional)"
        lines.append(f"{key.path}: {holds}. {key.doc[0].upper()}{key.doc[1:]}.")
    return lines


def _shown_default(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


def bundled_profiles() -> list[str]:
    return sorted(p.stem for p in PROFILE_DIR.glob("*.toml"))


def profile_path(name_or_path: str) -> Path:
    if name_or_path in bundled_profiles():
        return PROFILE_DIR / f"{name_or_path}.toml"
    path = Path(name_or_path)
    if path.suffix == ".toml" and path.is_file():
        return path
    if path.suffix == ".toml":  # meant as a file: say what is wrong with it, not "unknown"
        wrong = "not a file" if path.exists() else "no such file"
        raise ProfileError(f"rule profile: {wrong}: {name_or_path}")
    bundled = bundled_profiles()
    guess = did_you_mean(name_or_path, bundled)
    raise ProfileError(
        f"unknown rule profile {name_or_path!r}{guess} "
        f"(bundled: {', '.join(bundled)}; or a .toml path)"
    )


MAX_FILE_BYTES = 1 << 20
"""A profile file is a few KB; a larger one is not read."""


def load_profile(name_or_path: str) -> RuleProfile:
    """The profile named (bundled) or at a path, every key checked against :data:`SCHEMA`:
    a :class:`ProfileError` lists every problem of the file at once."""
    path = profile_path(name_or_path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ProfileError(f"{path}: larger than {MAX_FILE_BYTES} bytes: not a rule profile")
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise ProfileError(f"{path}: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise ProfileError(f"{path}: not UTF-8 text (byte {err.start})") from None
    except tomllib.TOMLDecodeError as err:
        raise ProfileError(f"{path}: not valid TOML: {err}") from None
    except RecursionError:
        raise ProfileError(f"{path}: not valid TOML: nested too deeply") from None
    values, problems = check_profile(data)
    if problems:
        raise ProfileError(str(path), problems)
    return _profile(values)


def check_profile(data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Each key's value (defaults filled in, amounts as Decimals) and every problem found,
    each as "path: what is wrong, got value"."""
    problems: list[str] = []
    for name, value in data.items():
        if name in _SECTIONS:
            if not isinstance(value, dict):
                problems.append(f"{name}: must be a table, got {_got(value)}")
                continue
            problems.extend(
                f"{name}.{key}: unknown key" for key in value if f"{name}.{key}" not in _BY_PATH
            )
        elif name not in _BY_PATH:
            problems.append(f"{name}: unknown key")
    values: dict[str, Any] = {}
    for key in SCHEMA:
        section, _, last = key.path.rpartition(".")
        table = data.get(section, {}) if section else data
        if not isinstance(table, dict):
            continue  # said above
        if last not in table:
            if key.default is None and not key.optional:
                problems.append(f"{key.path}: missing")
            values[key.path] = key.default
            continue
        value, problem = _check(key, key.path, table[last])
        values[key.path] = value
        problems.extend(problem)
    return values, problems


def _got(value: Any) -> str:
    return repr(value) if not isinstance(value, dict) else "a table"


def _check(key: Key, path: str, value: Any) -> tuple[Any, list[str]]:
    """The value of ``key`` as the profile holds it, and what is wrong with it."""
    got = _got(value)
    if key.kind is Kind.TEXT:
        if not isinstance(value, str):
            return None, [f"{path}: must be text (in quotes), got {got}"]
        if key.low is not None and len(value) < key.low:
            return None, [f"{path}: must not be empty"]
        return value, []
    if key.kind is Kind.CHOICE:
        assert key.choice is not None  # every CHOICE key names its enum
        if not isinstance(value, str) or value not in key.choices:
            return None, [f"{path}: must be one of {', '.join(key.choices)}, got {got}"]
        return key.choice(value), []
    if key.kind is Kind.BOOL:
        if not isinstance(value, bool):
            return None, [f"{path}: must be true or false (no quotes), got {got}"]
        return value, []
    if key.kind is Kind.WHOLE:
        if not isinstance(value, int) or isinstance(value, bool):
            return None, [f"{path}: must be a whole number (no quotes), got {got}"]
        return value, _range(key, path, Decimal(value), got)
    if key.kind is Kind.AMOUNT:
        amount = _amount(value)
        if amount is None:
            return None, [f'{path}: must be a number (e.g. 5 or "0.50"), got {got}']
        return amount, _range(key, path, amount, got)
    if key.kind is Kind.DATE:
        if not isinstance(value, date) or isinstance(value, datetime):
            return None, [f"{path}: must be a date (e.g. 2012-01-01, no quotes), got {got}"]
        return value, []
    if key.kind is Kind.AMOUNTS:
        return _amounts(key, path, value)
    return _caps(key, path, value)


def _amounts(key: Key, path: str, value: Any) -> tuple[Any, list[str]]:
    """A table of amounts to amounts (both in major units, each a number or in quotes)."""
    if not isinstance(value, dict):
        return None, [
            f'{path}: must be a table of amounts, e.g. {{ "0.25" = "0.10" }}, got {_got(value)}'
        ]
    table: dict[Decimal, Decimal] = {}
    problems: list[str] = []
    for name, amount in value.items():
        where = f"{path}.{name}"
        of, to = _amount(name), _amount(amount)
        if of is None or to is None:
            problems.append(f"{where}: must be a number to a number, got {_got(amount)}")
            continue
        problems.extend(_range(key, where, to, _got(amount)))
        table[of] = to
    return table, problems


def _amount(value: Any) -> Decimal | None:
    """A finite number, written as a TOML number or as a decimal in quotes; else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, float):
        return Decimal(str(value)) if math.isfinite(value) else None
    if isinstance(value, str) and _AMOUNT.fullmatch(value.strip()):
        return Decimal(value.strip())
    return None


def _range(key: Key, path: str, value: Decimal, got: str) -> list[str]:
    if (key.low is not None and value < key.low) or (key.high is not None and value > key.high):
        return [f"{path}: must be between {key.low} and {key.high}, got {got}"]
    return []


def _caps(key: Key, path: str, value: Any) -> tuple[Any, list[str]]:
    if not isinstance(value, dict):
        return None, [
            f"{path}: must be a table of players dealt in to caps, e.g. "
            f'{{ "2" = "0.50", default = "3" }}, got {_got(value)}'
        ]
    caps: dict[str, Decimal] = {}
    problems: list[str] = []
    for players, cap in value.items():
        where = f"{path}.{players}"
        if players != "default" and not (
            players.isdigit() and 2 <= int(players) <= _MOST_PLAYERS and players[0] != "0"
        ):
            problems.append(f"{where}: players dealt in must be 2 to {_MOST_PLAYERS} or default")
            continue
        amount = _amount(cap)
        if amount is None:
            problems.append(f'{where}: must be a number (e.g. 3 or "0.50"), got {_got(cap)}')
            continue
        problems.extend(_range(key, where, amount, _got(cap)))
        caps[players] = amount
    return caps, problems


def _profile(values: dict[str, Any]) -> RuleProfile:
    """The profile of values that :func:`check_profile` passed."""
    rake = RakeSchedule(
        schedule=values["rake.schedule"],
        percent=values["rake.percent"],
        rounding=values["rake.rounding"],
        cap=dict(values["rake.cap"]),
        no_flop_no_drop=values["rake.no_flop_no_drop"],
        since=values["rake.since"],
        per_whole_unit=bool(values["rake.per_whole_unit"]),
        unwritten_fee=values["rake.unwritten_fee"],
        unwritten_fee_until=values["rake.unwritten_fee_until"],
        unwritten_fee_min_players=values["rake.unwritten_fee_min_players"],
    )
    return RuleProfile(
        name=values["name"],
        description=values["description"],
        fixed_limit_small_blind_rounding=values["blinds.fixed_limit_small_blind_rounding"],
        heads_up_button_posts_small_blind=values["blinds.heads_up_button_posts_small_blind"],
        heads_up_ring_tables_keep_ring_order=values["blinds.heads_up_ring_tables_keep_ring_order"],
        button_movement=values["button.movement"],
        bets_per_round=values["fixed_limit.bets_per_round"],
        cap_heads_up=values["fixed_limit.cap_heads_up"],
        short_all_in_reopens=values["fixed_limit.short_all_in_reopens"],
        preflop_small_blind_counts_as_big=values["pot_limit.preflop_small_blind_counts_as_big"],
        showdown_order=values["showdown.order"],
        odd_chip_tie_rule=values["odd_chips.tie_rule"],
        same_players_both_halves=values["odd_chips.same_players_both_halves"],
        odd_chip_unit=values["odd_chips.unit"],
        rake=rake,
        timeout_rule=values["timeout.rule"],
        cash_out_fee_percent=values["cash_out.fee_percent"],
        fixed_limit_small_blinds=values["blinds.fixed_limit_small_blinds"],
        checks_written_with_no_action=values["actions.checks_written_with_no_action"],
        low_ties_odd_chips_to_high=bool(values["odd_chips.low_ties_odd_chips_to_high"]),
    )


def resolve_rules(rules: str | RuleProfile) -> str | RuleProfile:
    """``auto``, or the profile ``rules`` names, loaded (and checked) once: the loaded
    profile, not its name, goes to every stage of a run (a user's file may bear a bundled
    profile's name)."""
    if isinstance(rules, RuleProfile) or rules == "auto":
        return rules
    return load_profile(rules)


def profile_key(profile: RuleProfile) -> str:
    """A key for ``profile`` made of its content: no bundled profile's name, the same in
    every process."""
    digest = hashlib.sha256(repr(profile).encode("utf-8")).hexdigest()[:16]
    return f"{profile.name} <{digest}>"


def profile_for_site(site: str, requested: str) -> str:
    """The profile name to use for a hand of ``site`` when ``requested`` (``auto`` picks)."""
    if requested != "auto":
        return requested
    from auditor.rooms import profile_for_site as of_room  # each room names its profile

    return of_room(site)
