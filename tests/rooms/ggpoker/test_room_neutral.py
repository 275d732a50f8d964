"""Everything GGPoker lives in its room (auditor/rooms/ggpoker/) and its profile: outside
them the word appears only in the registry's line for the room and where GG's wordings
are still read for it (issue 12, item 3: the wording moves into a room's folder)."""

from __future__ import annotations

import re

from tests.corpus import ROOT

WORD = re.compile("ggpoker", re.IGNORECASE)
OURS = ("auditor/rooms/ggpoker/", "auditor/profiles/ggpoker.toml")
# GG's hand wordings ("Fives-High Straight"), read with the Stars layout's: a comment says
# so, wherever that reading lives. Each count may only go down.
KNOWN = {
    "auditor/rooms/__init__.py": 2,  # the registry's line for the room (import and entry)
    "auditor/showdown/wording.py": 1,
    "auditor/rooms/pokerstars/wording.py": 1,
}


def test_ggpoker_is_named_only_in_its_room_and_profile() -> None:
    found: dict[str, int] = {}
    for path in sorted((ROOT / "auditor").rglob("*")):
        relative = path.relative_to(ROOT).as_posix()
        if not path.is_file() or "__pycache__" in relative or relative.startswith(OURS):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        count = sum(1 for line in text.splitlines() if WORD.search(line))
        if count > KNOWN.get(relative, 0):
            found[relative] = count
    assert found == {}, "GGPoker named outside auditor/rooms/ggpoker/ and its profile"
