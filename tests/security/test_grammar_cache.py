"""The parsed grammar's cache is a pickle: it must live where no other user can write.

lark's ``cache=True`` keeps it at a predictable name in the shared temp folder, where
another local user could plant a pickle that runs code when the next audit loads it.
"""

from __future__ import annotations

import os
import pickle
import stat
import tempfile
from pathlib import Path
from typing import Any

import pytest
from lark import Lark

from auditor.parse import grammar
from auditor.rooms.pokerstars.reader import PokerStarsReader


class _Planted:
    """Unpickling this creates ``marker`` (a stand-in for running any code)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (str(self.marker), "w"))


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The per-user cache folder, moved into the test's own folder."""
    home = tmp_path / "home-cache" / "omaha-auditor"
    # raising=False: the check runs (and fails) on a grammar module without the setting too
    monkeypatch.setattr(
        grammar, "user_cache_dir", lambda *args, **kwargs: str(home), raising=False
    )
    return home


def _lark_options(monkeypatch: pytest.MonkeyPatch) -> tuple[str, dict[str, Any]]:
    """The grammar text and options the reader hands to Lark."""
    seen: list[tuple[str, dict[str, Any]]] = []

    def spy(text: str, **options: Any) -> Any:
        seen.append((text, dict(options)))
        return Lark(text, **options)

    with monkeypatch.context() as patch:
        patch.setattr(grammar, "Lark", spy)
        PokerStarsReader()
    return seen[0]


def _old_cache_path(monkeypatch: pytest.MonkeyPatch, temp: Path) -> Path:
    """Where ``cache=True`` puts this grammar's pickle when the temp folder is ``temp``:
    found by letting lark write it there once (lark's own naming, whatever its version)."""
    text, options = _lark_options(monkeypatch)
    learn = temp.parent / f"{temp.name}-learn"
    learn.mkdir()
    with monkeypatch.context() as patch:
        patch.setattr(tempfile, "tempdir", str(learn))
        grammar.new_lark(text, **{**options, "cache": True})
    (written,) = list(learn.iterdir())
    return temp / written.name


def test_planted_pickle_at_the_old_temp_path_is_never_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache_home: Path
) -> None:
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    planted = _old_cache_path(monkeypatch, shared)
    marker = tmp_path / "pwned"
    # lark reads a hash line, then unpickles: the pickle runs whatever the hash says
    planted.write_bytes(b"0" * 64 + b"\n" + pickle.dumps(_Planted(marker)))
    monkeypatch.setattr(tempfile, "tempdir", str(shared))

    reader = PokerStarsReader()  # built twice: the second may read the cache it finds
    PokerStarsReader()

    assert not marker.exists()
    assert reader is not None
    assert [p.name for p in shared.iterdir()] == [planted.name]  # nothing else went there


def test_cache_file_sits_in_a_private_folder_of_ours(cache_home: Path) -> None:
    PokerStarsReader()
    files = list(cache_home.iterdir())
    assert len(files) == 1 and files[0].stat().st_size > 0
    folder = cache_home.stat()
    assert stat.S_IMODE(folder.st_mode) == 0o700
    assert folder.st_uid == os.geteuid()
    PokerStarsReader()  # read back from the cache: the same one file
    assert list(cache_home.iterdir()) == files


def test_cache_folder_others_can_write_is_not_used(
    cache_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_home.mkdir(parents=True)
    cache_home.chmod(0o777)
    text, options = _lark_options(monkeypatch)
    # a file planted there under the name we would use is not loaded either
    marker = tmp_path / "pwned"
    name = grammar._cache_name("pokerstars", text)
    (cache_home / name).write_bytes(b"0" * 64 + b"\n" + pickle.dumps(_Planted(marker)))

    assert grammar.private_cache_folder() is None
    assert options["cache"] is False
    PokerStarsReader()
    assert not marker.exists()


def test_cache_folder_of_another_owner_is_not_used(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_home.mkdir(parents=True, mode=0o700)
    monkeypatch.setattr(os, "geteuid", lambda: cache_home.stat().st_uid + 1)
    assert grammar.private_cache_folder() is None
    _, options = _lark_options(monkeypatch)
    assert options["cache"] is False
