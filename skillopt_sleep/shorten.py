"""Text cut to fit a line, always with an ellipsis where something was left out."""

from __future__ import annotations

ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """`text` on one line, at most `limit` characters, ending in … when it was longer."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:max(0, limit - 1)].rstrip() + ELLIPSIS


def first_line(text: str, limit: int) -> str:
    """The first line of `text`, at most `limit` characters, ending in … when more was left out."""
    lines = text.strip().splitlines() or [""]
    line = lines[0].strip()
    if len(line) > limit:
        return line[:max(0, limit - 1)].rstrip() + ELLIPSIS
    return line + (" " + ELLIPSIS if len(lines) > 1 else "")


def listed(items: list[str], limit: int) -> str:
    """The first `limit` items, comma-separated, with how many there are in all when some were left out."""
    shown = ", ".join(items[:limit])
    return shown + (f", {ELLIPSIS} ({len(items)} in all)" if len(items) > limit else "")


def cut(text: str, limit: int) -> str:
    """The start of `text`, its lines kept, at most `limit` characters, ending in … when cut."""
    text = text.strip()
    return text if len(text) <= limit else text[:max(0, limit - 1)].rstrip() + ELLIPSIS
