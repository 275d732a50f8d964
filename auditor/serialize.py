"""Events and findings as plain JSON-ready dicts (for fixtures, ``replay`` and machines)."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from enum import Enum
from typing import Any

from auditor.cards import Card
from auditor.source import SourceSpan


def plain(value: Any) -> Any:
    """``value`` with cards as text, enums as their value, spans as their line."""
    if isinstance(value, Card):
        return value.text
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, SourceSpan):
        return value.line
    if isinstance(value, datetime):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def event_dict(event: Any) -> dict[str, Any]:
    """An event as ``{"type": ..., "line": ..., fields...}``."""
    fields = plain(event)
    line = fields.pop("span")
    return {"type": type(event).__name__, "line": line, **fields}
