"""An iPoker XML session of any number of games, built from the corpus's iPoker games:
benchmarks/memory.py's ``--input xml`` (an XML session is read as a stream, one game at a
time: its memory must stay flat however long the session).

The games are those of the corpus's largest complete iPoker session (its own <general>
block heads the whole session, so the stakes and table are the games' own), repeated,
each copy with a game code of its own.
"""

from __future__ import annotations

from pathlib import Path

from auditor.read.decode import open_text
from auditor.read.split import RawHand
from auditor.rooms.ipoker import IPokerRoom
from tests.corpus import CORPUS

SOURCE = CORPUS / "iPoker" / "PLO" / "PLO-USD-0.01-0.02-201108.Sample.txt"
_CODE = 'gamecode="'


def session_parts(source: Path = SOURCE) -> tuple[list[str], list[str]]:
    """The session's <general> block and its games' texts (each game's own lines)."""
    with open(source, "rb") as raw:
        text, _ = open_text(raw)
        found = [h for h in IPokerRoom().split_file(text, str(source)) if isinstance(h, RawHand)]
    if not found:
        raise SystemExit(f"no iPoker games in {source}: is ../shared/corpus beside the checkout?")
    head = [line.strip() for line in found[0].context]
    games = ["\n".join([raw.lines[0].strip(), *raw.lines[1:]]) for raw in found]
    return head, games


def write_xml_session(path: Path, hands: int) -> int:
    """Write one iPoker session of ``hands`` games to ``path``; return its size in bytes."""
    head, games = session_parts()
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write('<?xml version="1.0" encoding="utf-8"?>\n<session sessioncode="1">\n')
        out.write("\n".join(head) + "\n")
        for number in range(hands):
            game = games[number % len(games)]
            at = game.index(_CODE) + len(_CODE)
            end = game.index('"', at)
            out.write(f"{game[:at]}{10**11 + number}{game[end:]}\n")
        out.write("</session>\n")
    return path.stat().st_size
