"""Where the real corpus is, and its manifest."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
STARS_LAYOUT = (
    "PokerStars/",
    "GGPoker/",
    "PokerStars_format_converted/",
    "PokerMaster_StarsFormat/",
)


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
