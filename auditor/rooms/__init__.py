"""Rooms: one per hand-history layout, and the registry the auditor routes hands by.

A room says how to recognise its files (from their first lines, by content: never by
file extension), which lines start its hands, the game a raw hand is of, how to read a
raw hand into events (:class:`Reader`), where its table name is, and which rule
profile its hands are audited under by default. Adding a room is adding one
sub-package and one line to :data:`REGISTRY` (or a :func:`register` call).
"""

from __future__ import annotations

import importlib
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol, cast

from auditor import events as ev
from auditor.parse.runs import terminal_pattern
from auditor.read.split import RawHand, StrayText, header_hand_id

AUTO = "auto"
FALLBACK_PROFILE = "seeds"  # a hand of a site no room names a profile for


class Reader(Protocol):
    """Reads one raw hand into events; raises :class:`~auditor.parse.errors.HandParseError`."""

    def read(self, raw: RawHand) -> ev.Hand: ...


@dataclass(frozen=True, slots=True)
class Group:
    """Reads a fact off a line: the named (or numbered) group of ``pattern`` matched at
    the line's start ("" when the line is not of that shape)."""

    pattern: re.Pattern[str]
    group: str | int = 1

    def __call__(self, line: str) -> str:
        found = self.pattern.match(line)
        return (found[self.group] or "") if found else ""


@dataclass(frozen=True, slots=True)
class Terminal:
    """Reads a fact off a line with a line terminal of the room's grammar: its ``groups``
    joined by spaces, those not written left out. A line not of that kind gives "", or
    itself where ``or_line`` (a game: a damaged header of an Omaha hand still names
    Omaha, so the hand is read, and rejected where the line is, not skipped)."""

    grammar: str
    terminal: str
    groups: tuple[str, ...]
    or_line: bool = False

    def __call__(self, line: str) -> str:
        found = terminal_pattern(self.grammar, self.terminal).match(line + "\n")
        if found is None:
            return line if self.or_line else ""
        return " ".join(found[g] for g in self.groups if found[g])


@dataclass(frozen=True, slots=True)
class Written:
    """Where a room writes a fact of each hand: on the line ``at`` lines after the
    header, read by ``read`` ("" when the hand has no such line)."""

    at: int
    read: Callable[[str], str]

    def of(self, raw: RawHand) -> str:
        index = raw.header_at + self.at
        return self.read(raw.lines[index]) if index < len(raw.lines) else ""


class Room:
    """A hand-history layout the auditor reads: mostly declarations (the class variables
    below, read by the methods' defaults); a room overrides a method only where its
    layout needs more than a declaration says."""

    name: ClassVar[str]  # the --format name
    reads: ClassVar[str]  # what it reads, in a few words (``auditor formats``, README)
    # the Omaha variants (hands.variant codes) its reader reads: at least every variant of
    # its hands in the corpus and fixtures (tests/rooms/test_manifest.py)
    games: ClassVar[tuple[str, ...]] = ()
    default_profile: ClassVar[str]  # its rule profile under --rules auto
    reader_kind: ClassVar[str]  # how it reads: a grammar's file, or a description
    sites: ClassVar[tuple[str, ...]] = ()  # the ``HandStart.site`` values its reader writes
    # Texts every header of the room starts with: the splitter tests a line against all
    # rooms' at once (one C call) before asking each room's is_header. Empty: none, and
    # is_header is asked of every line. (Two rooms' is_header on every line cost 6% of
    # a run; the shared test brings it back to one startswith.)
    header_starts: ClassVar[tuple[str, ...]] = ()
    # Texts of lines some rooms write BEFORE a hand's header to announce it ("Game #1
    # starts."): kept with the hand a header then starts, not left as stray text.
    lead_ins: ClassVar[tuple[str, ...]] = ()
    # A room whose files are not a run of hands each starting at a header line (an XML
    # session, a CSV log written newest first, one hand per JSON or TOML document) splits
    # the files it sniffs itself, with split_file, instead of the line splitter.
    splits_files: ClassVar[bool] = False
    # The shape of the room's header line, from the line's start (a regular expression):
    # a line matching it starts a hand (is_header), and a file with such a line among its
    # first ones (after a byte order mark or not) is the room's (sniff).
    header_pattern: ClassVar[str] = ""
    # the words an audited game's name holds (is_omaha)
    omaha_words: ClassVar[tuple[str, ...]] = ("Omaha",)
    game_in: ClassVar[Written | None] = None  # where the game is written
    table_in: ClassVar[Written | None] = None  # where the table's name is written
    reader_class: ClassVar[str] = ""  # its Reader, "module:Class", imported when first used

    _header: ClassVar[re.Pattern[str]]
    _in_head: ClassVar[re.Pattern[str]]

    def __init_subclass__(cls, declared_in: str | None = None, **kwargs: object) -> None:
        """``declared_in``: the room's module file, beside which its ``room.toml`` declares
        it (a declaration written in the class's body wins over the file's)."""
        super().__init_subclass__(**kwargs)
        if declared_in is not None:
            declare(cls, Path(declared_in).with_name(ROOM_FILE))
        if "header_pattern" in cls.__dict__:
            cls._header = re.compile(cls.header_pattern)
            cls._in_head = re.compile(f"^\ufeff?(?:{cls.header_pattern})", re.MULTILINE)

    def sniff(self, head: str) -> bool:
        """Whether ``head`` (a file's first lines, decoded) holds this room's hands."""
        return self._in_head.search(head) is not None

    def split_file(self, lines: Iterable[str], file: str) -> Iterator[RawHand | StrayText]:
        """The hands of a file this room sniffed (``lines``: its decoded lines, line ends
        kept), each a RawHand tagged with this room's name, with the first_line of its own
        text and any shared lines in ``context``; text that is no hand as StrayText. Only
        for rooms with ``splits_files``; a malformed file yields what it can and a
        StrayText for the rest (the file's other hands are still read)."""
        raise NotImplementedError(f"the {self.name} room splits no file itself")

    def is_header(self, line: str) -> bool:
        """Whether ``line`` starts one of this room's hands (asked of the lines that
        start with one of ``header_starts``, or of every line if it has none)."""
        return self._header.match(line) is not None

    def game(self, raw: RawHand) -> str:
        """The game the hand is of, as written ("" when it cannot be told)."""
        return self.game_in.of(raw) if self.game_in is not None else ""

    def is_omaha(self, game: str) -> bool:
        """Whether hands of ``game`` are audited (others are skipped and counted)."""
        return any(word in game for word in self.omaha_words)

    def reader(self) -> Reader:
        """A new reader (one per process or thread: a reader may keep state in a hand)."""
        module, _, name = self.reader_class.partition(":")
        # imported here, not with the room: a reader's module builds its Lark parser
        made = getattr(importlib.import_module(module), name)()
        return cast(Reader, made)

    def table_name(self, raw: RawHand) -> str:
        """The hand's table, read off its text without its reader ("" if not found): a
        rejected hand leaves a gap in that table's sequence."""
        return self.table_in.of(raw) if self.table_in is not None else ""

    def hand_id(self, raw: RawHand) -> str:
        """The hand's id, read off its text without its reader ("" if none): by default
        the "#..." of the header; a room whose header has no "#" says where its id is."""
        return header_hand_id(raw.header)

    def profile(self, site: str) -> str | None:
        """The profile for hands of ``site`` under --rules auto; None: not this room's."""
        return self.default_profile if site in self.sites else None

    def same_record_text(self, text: str) -> str:
        """A hand's text (lines joined by newlines) as this room compares two copies of
        one record: equal for two exports of the same hand. Here: its lines without
        trailing spaces or tabs; a room whose exports differ in more (a start time in
        the player's zone or the room's) says so in its own."""
        if " \n" in text or "\t\n" in text or text.endswith((" ", "\t")):  # a regex is slower
            return "\n".join([line.rstrip(" \t") for line in text.split("\n")])
        return text


ROOM_FILE = "room.toml"
_TUPLES = ("games", "sites", "header_starts", "lead_ins", "omaha_words")
_TEXTS = ("name", "reads", "default_profile", "reader_kind", "header_pattern", "reader_class")


def declare(cls: type[Room], path: Path) -> None:
    """Sets ``cls``'s declarations from the TOML file ``path``: each key a class variable
    of :class:`Room` (lists as tuples; ``game_in``/``table_in`` as ``{at, read =
    "module:function"}``, ``{at, pattern, group}`` or ``{at, terminal, groups}``: fields
    of a line terminal of the grammar named ``grammar``, by default the room's), unless the
    class body sets it."""
    with path.open("rb") as file:
        declared = tomllib.load(file)
    for key, value in declared.items():
        if key in cls.__dict__:
            continue
        if key in _TUPLES:
            setattr(cls, key, tuple(_checked(path, key, value, list)))
        elif key in _TEXTS:
            setattr(cls, key, _checked(path, key, value, str))
        elif key == "splits_files":
            setattr(cls, key, _checked(path, key, value, bool))
        elif key in ("game_in", "table_in"):
            where = _checked(path, key, value, dict)
            setattr(cls, key, _written(path, key, {"grammar": declared.get("name"), **where}))
        else:
            raise TypeError(f"{path}: {key!r} is no declaration of a room")


_KINDS = {list: "a list", str: "a text", bool: "true or false", dict: "a table", int: "a number"}


def _checked(path: Path, key: str, value: object, kind: type) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"{path}: {key} must be {_KINDS[kind]}, not {value!r}")
    return value


def _written(path: Path, key: str, where: dict[str, Any]) -> Written:
    at = _checked(path, f"{key}.at", where.get("at", 0), int)
    if "pattern" in where:
        group = where.get("group", 1)
        return Written(
            at, Group(re.compile(_checked(path, f"{key}.pattern", where["pattern"], str)), group)
        )
    if "terminal" in where:
        grammar = _checked(path, f"{key}.grammar", where["grammar"], str)
        terminal = _checked(path, f"{key}.terminal", where["terminal"], str)
        groups = tuple(_checked(path, f"{key}.groups", where.get("groups"), list))
        return Written(at, Terminal(grammar, terminal, groups, or_line=key == "game_in"))
    module, _, name = _checked(path, f"{key}.read", where.get("read"), str).partition(":")
    read = getattr(importlib.import_module(module), name)
    return Written(at, read)


def _bundled() -> dict[str, Room]:
    from auditor.rooms.absolute import AbsoluteRoom
    from auditor.rooms.betfair import BetfairRoom
    from auditor.rooms.betonline import BetOnlineRoom
    from auditor.rooms.bossmedia import BossMediaRoom
    from auditor.rooms.bovada import BovadaRoom
    from auditor.rooms.cake import CakeRoom
    from auditor.rooms.enet import EnetRoom
    from auditor.rooms.entraction import EntractionRoom
    from auditor.rooms.everest import EverestRoom
    from auditor.rooms.everleaf import EverleafRoom
    from auditor.rooms.fulltilt import FullTiltRoom
    from auditor.rooms.ggpoker import GGPokerRoom
    from auditor.rooms.ipoker import IPokerRoom
    from auditor.rooms.kingsclub import KingsClubRoom
    from auditor.rooms.merge import MergeRoom
    from auditor.rooms.microgaming import MicrogamingRoom
    from auditor.rooms.ohh import OhhRoom
    from auditor.rooms.ongame import OnGameRoom
    from auditor.rooms.party import PartyRoom
    from auditor.rooms.phh import PhhRoom
    from auditor.rooms.pkr import PkrRoom
    from auditor.rooms.poker888 import Poker888Room
    from auditor.rooms.pokernow import PokerNowRoom
    from auditor.rooms.pokerstars import PokerStarsRoom
    from auditor.rooms.runitonce import RunItOnceRoom
    from auditor.rooms.sealswithclubs import SealsWithClubsRoom
    from auditor.rooms.winamax import WinamaxRoom
    from auditor.rooms.wpn import WpnRoom

    rooms: list[Room] = [PokerStarsRoom()]  # one line per room
    rooms.append(GGPokerRoom())
    rooms.append(Poker888Room())
    rooms.append(FullTiltRoom())
    rooms.append(WpnRoom())
    rooms.append(OnGameRoom())
    rooms.append(EverleafRoom())
    rooms.append(WinamaxRoom())
    rooms.append(BovadaRoom())
    rooms.append(PartyRoom())
    rooms.append(EntractionRoom())
    rooms.append(EnetRoom())
    rooms.append(BetOnlineRoom())
    rooms.append(AbsoluteRoom())
    rooms.append(BetfairRoom())
    rooms.append(SealsWithClubsRoom())
    rooms.append(KingsClubRoom())
    rooms.append(CakeRoom())
    rooms.append(PkrRoom())
    rooms.append(RunItOnceRoom())
    rooms.append(MergeRoom())
    rooms.append(EverestRoom())
    rooms.append(MicrogamingRoom())
    rooms.append(BossMediaRoom())
    rooms.append(IPokerRoom())
    rooms.append(PokerNowRoom())
    rooms.append(PhhRoom())
    rooms.append(OhhRoom())
    return {room.name: room for room in rooms}


REGISTRY: dict[str, Room] = _bundled()
"""Every room the auditor reads, by name, in the order headers are tried."""


class UnknownFormat(ValueError):
    """A --format that is neither ``auto`` nor a registered room's name."""


def register(room: Room) -> None:
    """Add (or replace) a room: its hands are read from then on."""
    REGISTRY[room.name] = room


def names() -> tuple[str, ...]:
    return tuple(REGISTRY)


def choose(format: str = AUTO) -> tuple[Room, ...]:
    """The rooms a run reads: every room for ``auto``, else the one named."""
    if format == AUTO:
        return tuple(REGISTRY.values())
    room = REGISTRY.get(format)
    if room is None:
        known = ", ".join((AUTO, *REGISTRY))
        raise UnknownFormat(f"unknown format {format!r} (choose from {known})")
    return (room,)


def sniffed(head: str, rooms: tuple[Room, ...]) -> tuple[Room, ...]:
    """``rooms`` with those that recognise ``head`` first (their headers are tried first)."""
    if len(rooms) < 2:
        return rooms
    first = tuple(room for room in rooms if room.sniff(head))
    return first + tuple(room for room in rooms if room not in first)


def room_of(raw: RawHand, rooms: tuple[Room, ...] | None = None) -> Room:
    """The room of ``raw``: the one the splitter found, else the first whose header it
    has, else the first of ``rooms``."""
    found = REGISTRY.get(raw.room)
    if found is not None:
        return found
    rooms = rooms or tuple(REGISTRY.values())
    for room in rooms:
        if room.is_header(raw.header):
            return room
    return rooms[0]


def profile_for_site(site: str) -> str:
    """The bundled profile hands of ``site`` are audited under with --rules auto."""
    for room in REGISTRY.values():
        chosen = room.profile(site)
        if chosen is not None:
            return chosen
    return FALLBACK_PROFILE


def described() -> Iterator[tuple[str, str, str, str]]:
    """(name, what it reads, its games, default profile) of each room, for listings."""
    for room in REGISTRY.values():
        yield room.name, room.reads, ", ".join(room.games), room.default_profile


def markdown_table() -> str:
    """The README's table of rooms, as the registry has them."""
    lines = ["| --format | reads | games | rule profile (--rules auto) |", "|---|---|---|---|"]
    lines += [
        f"| `{name}` | {reads} | {games} | `{profile}` |"
        for name, reads, games, profile in described()
    ]
    return "\n".join(lines) + "\n"


def is_audited(raw: RawHand) -> bool:
    """Whether ``raw`` is of a game its room audits (else it is skipped and counted)."""
    room = room_of(raw)
    return room.is_omaha(room.game(raw))
