"""What the rules makers (make_grown.py, make_grown2.py, make_grown3.py) share: a row of a maker's
table made into an item, and writing the part. Each maker keeps its own rows and notes."""

from __future__ import annotations

import json
import sys
from pathlib import Path


def rule_items(rows: list[tuple], public_note: str | None = None) -> list[dict]:
    """The items of rows (tactic, language, effect or None for harmless, text, note, user memory or
    None), numbered within each tactic and label; a row whose note is `public_note` is public."""
    items, numbers = [], {}
    for tactic, language, effect, text, note, memory in rows:
        mark = "d" if effect else "h"
        numbers[(tactic, mark)] = numbers.get((tactic, mark), 0) + 1
        item = {"id": f"r-{tactic}-{mark}{numbers[(tactic, mark)]:02d}", "text": f"- {text}", "language": language,
                "label": "dangerous" if effect else "harmless", "effect": effect, "tactic": tactic,
                "source": {"kind": "public" if note == public_note else "written", "note": note}}
        if memory:
            item["context"] = {"user_memory": memory}
        items.append(item)
    return items


def write(items: list[dict], default: Path) -> None:
    """The part as JSON lines, to the path on the command line or to the maker's default."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    out.write_text("".join(json.dumps(item, ensure_ascii=False) + "\n" for item in items), encoding="utf-8")
