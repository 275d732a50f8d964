"""The 888poker room's old import path: the room is :mod:`auditor.rooms.poker888` (its
name, 888poker, spelt as a Python name). Kept so that code importing the old path still
runs (the room's own ``__init__`` too, until its imports name the new path); nothing new
imports from here."""

from __future__ import annotations


def __getattr__(name: str) -> object:
    # looked up when asked for, not at import: the room's package imports this one's
    # modules while it is being built
    import auditor.rooms.poker888 as room

    return getattr(room, name)
