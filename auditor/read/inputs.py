"""The inputs of a run: files named, files under folders named, ``-`` for stdin.

Every entry under a folder ends as an :class:`Input`: read, listed as not read with
its reason (a hidden file, a FIFO, a folder reached twice), or listed as unreadable (a
link to nothing, a link loop, no permission), so that the files table accounts for
every file. Whether a file is a hand history is told by its content when it is read
(:mod:`auditor.read.looks`), never by its name. A hidden file (a dot first: an editor's
swap file, ``.DS_Store``) is one row, not read; a hidden folder (``.git``) and an
auditor output folder are one row each, not walked. Each path is looked at once (one
``stat``): a FIFO or ``/dev/fd/N`` named directly is read once, as it comes, never
opened to be sized.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

HIDDEN_FILE = "a hidden file"
HIDDEN_FOLDER = "a hidden folder, not walked"


_UNDECODED = re.compile("[\udc80-\udcff]")
_ESCAPED = re.compile(r"\\x([89a-f][0-9a-f])")


def shown_name(name: str) -> str:
    """A path as the tables and messages show it: printable text, whatever its bytes.

    The file system's bytes that its encoding cannot decode (a Latin-1 name on a UTF-8
    system, any non-ASCII name under the C locale) come as lone surrogates, which no
    UTF-8 writer accepts: each is shown as ``\\xHH``, its byte (the files table keeps
    the name's bytes too, :func:`name_bytes`).

    >>> shown_name(os.fsdecode(b"caf\\xe9.txt"))
    'caf\\\\xe9.txt'
    """
    if not _UNDECODED.search(name):
        return name
    return _UNDECODED.sub(lambda m: f"\\x{ord(m.group(0)) - 0xDC00:02x}", name)


def path_of_shown(shown: str) -> str:
    """The path a :func:`shown_name` stands for (its ``\\xHH`` read back as bytes)."""
    return _ESCAPED.sub(lambda m: chr(0xDC00 + int(m.group(1), 16)), shown)


def name_bytes(name: str) -> bytes:
    """A path's bytes, exactly as the file system holds them."""
    return os.fsencode(name)


def hidden(name: str) -> bool:
    """Whether an entry of a folder (or of a zip archive) is hidden: a dot first."""
    return name.startswith(".")


# Table folders every auditor output folder holds (auditor/tables/columns.py).
_OUTPUT_TABLES = frozenset({"hands", "findings", "files"})


class Kind(StrEnum):
    FILE = "file"  # a regular file, sized; read
    STREAM = "stream"  # stdin, or a FIFO or device named directly: read once, as it comes
    NOT_READ = "not read"  # listed with the reason (not a hand history, a FIFO in a folder...)
    UNREADABLE = "unreadable"  # cannot be read: listed, with a finding


@dataclass(frozen=True, slots=True)
class Input:
    """One input of a run, as found (nothing opened yet)."""

    name: str  # as given or as found under its folder; ``-`` is stdin
    kind: Kind
    size: int | None = None  # bytes, for a regular file
    reason: str = ""  # why it is not read, or cannot be

    @property
    def read(self) -> bool:
        return self.kind in (Kind.FILE, Kind.STREAM)


def find_inputs(paths: Iterable[str]) -> list[Input]:
    """Every input under ``paths``, in order (a folder's entries sorted by name).

    Raises FileNotFoundError for a path named that leads nowhere (a typo, a link to
    nothing: a usage error); anything else that cannot be read, and anything under a
    folder, is an :class:`Input` saying so."""
    found: list[Input] = []
    walk = _Walk(found)
    for name in paths:
        if name == "-":
            if sys.stdin is None:  # started with fd 0 closed (``<&-``): nothing to read
                raise OSError("standard input (-) is closed: there is nothing to read")
            found.append(Input(name, Kind.STREAM))
            continue
        try:
            info = os.stat(name)
        except FileNotFoundError:
            link = f" ({_dangling(name)})" if os.path.islink(name) else ""
            raise FileNotFoundError(f"no such file or folder: {shown_name(name)}{link}") from None
        except OSError as err:
            if err.errno == errno.ELOOP:  # named, it is a mistake in the call, as a typo is
                raise FileNotFoundError(
                    f"no such file or folder: {shown_name(name)} ({_why(err)})"
                ) from None
            found.append(_unreadable(name, _why(err)))
            continue
        if stat.S_ISDIR(info.st_mode):
            walk.folder(name, info)
        elif stat.S_ISREG(info.st_mode):
            found.append(Input(name, Kind.FILE, info.st_size))
        elif stat.S_ISSOCK(info.st_mode):
            found.append(Input(name, Kind.NOT_READ, reason="a socket, not a file"))
        else:  # a FIFO, /dev/fd/N of a process substitution, a device: read as it comes
            found.append(Input(name, Kind.STREAM))
    return found


def expand_paths(paths: Iterable[str]) -> list[str]:
    """The names of the inputs under ``paths`` that are read, in order."""
    return [item.name for item in find_inputs(paths) if item.read]


class _Walk:
    """Folders walked, each real folder once (a linked folder is followed, a loop is not).

    Walked with a stack of listings, not by recursion: a folder hundreds of levels deep
    is walked as a flat one is."""

    def __init__(self, found: list[Input]) -> None:
        self.found = found
        self.folders: dict[str, str] = {}  # real path -> the name it was read under
        self.files: dict[tuple[int, int], str] = {}  # (device, inode) -> name read under

    def folder(self, name: str, info: os.stat_result) -> None:
        """Every entry under the folder ``name``, depth first, each folder's sorted."""
        listing = self._listing(name)
        stack = [listing] if listing is not None else []
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                continue
            inner = self.entry(*step)
            if inner is not None:
                stack.append(inner)

    def _listing(self, name: str) -> Iterator[tuple[str, os.DirEntry[str]]] | None:
        """The entries of folder ``name`` to walk, or None (listed already, unreadable,
        or an output folder: its row added)."""
        real = os.path.realpath(name)
        if real in self.folders:
            reason = f"the folder {shown_name(self.folders[real])}, read already"
            self.found.append(Input(name, Kind.NOT_READ, reason=reason))
            return None
        self.folders[real] = name
        try:
            with os.scandir(name) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as err:
            self.found.append(_unreadable(name, f"cannot list the folder: {_why(err)}"))
            return None
        if {e.name for e in entries if e.is_dir(follow_symlinks=False)} >= _OUTPUT_TABLES:
            self.found.append(Input(name, Kind.NOT_READ, reason="an auditor output folder"))
            return None
        return ((str(Path(name) / entry.name), entry) for entry in entries)

    def entry(
        self, name: str, entry: os.DirEntry[str]
    ) -> Iterator[tuple[str, os.DirEntry[str]]] | None:
        """Note the entry ``name``; a folder's entries to walk next, if it is one."""
        try:
            info = entry.stat()  # follows a link
        except FileNotFoundError:
            self.found.append(_unreadable(name, _dangling(name)))
            return None
        except OSError as err:
            self.found.append(_unreadable(name, _why(err)))
            return None
        mode = info.st_mode
        if hidden(entry.name):  # listed, so that no file is passed over unseen
            size = info.st_size if stat.S_ISREG(mode) else None
            reason = HIDDEN_FOLDER if stat.S_ISDIR(mode) else HIDDEN_FILE
            self.found.append(Input(name, Kind.NOT_READ, size, reason))
        elif stat.S_ISDIR(mode):
            return self._listing(name)
        elif not stat.S_ISREG(mode):
            self.found.append(Input(name, Kind.NOT_READ, reason=f"{_special(mode)}, not a file"))
        elif (info.st_dev, info.st_ino) in self.files:
            seen = self.files[info.st_dev, info.st_ino]
            reason = f"the same file as {shown_name(seen)}, read already"
            self.found.append(Input(name, Kind.NOT_READ, info.st_size, reason))
        else:
            self.files[info.st_dev, info.st_ino] = name
            self.found.append(Input(name, Kind.FILE, info.st_size))
        return None


def _unreadable(name: str, reason: str) -> Input:
    return Input(name, Kind.UNREADABLE, reason=reason)


def _dangling(name: str) -> str:
    try:
        return f"a symbolic link to nothing ({shown_name(os.readlink(name))})"
    except OSError as err:  # gone meanwhile
        return _why(err)


def _why(err: OSError) -> str:
    if err.errno == errno.ELOOP:
        return "a symbolic link loop"
    return shown_name(err.strerror or str(err))


def _special(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"
