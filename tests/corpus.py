"""Where the real corpus is, and its manifest."""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
# The words of every skip for want of the corpus: the session's summary counts them by it.
NO_CORPUS = "needs ../shared/corpus (the real hands; CI has it beside the checkout)"
NO_CHROMIUM = "needs Chromium and playwright (the report's browser tests)"


def under_ci() -> bool:
    """CI=true (as CI services and .ci/run set it): what a clone may skip, CI must run."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def require_corpus(path: Path | None = None) -> Path:
    """The corpus (or ``path`` in it) for a test that needs it: skipped with
    :data:`NO_CORPUS` on a plain clone, failed under CI, where a missing corpus would
    otherwise be a green run that tested nothing."""
    wanted = CORPUS if path is None else path
    if wanted.exists():
        return wanted
    if under_ci():
        pytest.fail(f"CI: {wanted} is missing ({NO_CORPUS})")
    pytest.skip(NO_CORPUS if not CORPUS.is_dir() else f"{NO_CORPUS}: {wanted} is not in it")
STARS_LAYOUT = (
    "PokerStars/",
    "GGPoker/",
    "PokerStars_format_converted/",
    "PokerMaster_StarsFormat/",
)

# The corpus folders each room reads, with its --format name: one line per room folder.
# tests/rooms/test_manifest.py walks every manifest row of these folders.
ROOM_OF_FOLDER: dict[str, str] = {
    "PokerStars/": "pokerstars",
    "PokerStars_format_converted/": "pokerstars",
    "PokerMaster_StarsFormat/": "pokerstars",
    "GGPoker/": "ggpoker",
    "888poker/": "888poker",
    "FullTilt/": "fulltilt",
    "WPN_ACR/": "wpn",
    "OnGame/": "ongame",
    "Everleaf/": "everleaf",
    "Winamax/": "winamax",
    "Bovada_Ignition/": "bovada",
    "PartyPoker/": "party",
    "Entraction/": "entraction",
    "Enet/": "enet",
    "BetOnline/": "betonline",
    "Absolute/": "absolute",
    "Betfair/": "betfair",
    "SealsWithClubs/": "sealswithclubs",
    "KingsClub/": "kingsclub",
    "Cake/": "cake",
    "PKR/": "pkr",
    "RunItOnce/": "runitonce",
    "Merge/": "merge",
    "Everest/": "everest",
    "Microgaming/": "microgaming",
    "BossMedia/": "bossmedia",
    "iPoker/": "ipoker",
    "PokerNow/": "pokernow",
    "PHH/": "phh",
    "OHH/": "ohh",
}


@dataclass(frozen=True)
class ManifestRow:
    file: str
    site: str
    game: str
    hands: int
    notes: str

    @property
    def path(self) -> Path:
        return CORPUS / self.file


def manifest() -> list[ManifestRow]:
    if not (CORPUS / "MANIFEST.tsv").exists():
        return []
    with open(CORPUS / "MANIFEST.tsv", encoding="utf-8", newline="") as f:
        return [
            ManifestRow(r["file"], r["site"], r["game"], int(r["hands"]), r["notes"])
            for r in csv.DictReader(f, delimiter="\t")
        ]


def stars_layout_rows() -> list[ManifestRow]:
    return [r for r in manifest() if r.file.startswith(STARS_LAYOUT)]


def room_of_row(row: ManifestRow) -> str | None:
    """The room that reads ``row``'s file, or None if no room reads its folder yet."""
    folder = row.file.split("/", 1)[0] + "/"
    return ROOM_OF_FOLDER.get(folder)
