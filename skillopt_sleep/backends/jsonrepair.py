"""Parse the JSON that models really write.

Replies arrive wrapped in prose or code fences, with regexes copied into strings (`\\s` is not a
JSON escape), trailing commas, curly quotes, Python-style literals or a truncated tail; the
json-repair library mends all of these. Well-formed JSON is read first with the standard decoder,
which stops after the first value: json-repair would return every top-level value of a reply
that holds two (an answer, then an alternative) as one list.
"""

from __future__ import annotations

import json
import re

import json_repair

_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.S)
_DECODER = json.JSONDecoder(strict=False)  # strict=False: raw newlines inside strings are fine


def parse_json_reply(text: str) -> dict | list:
    """The first JSON object or array in `text`, repaired if needed; ValueError if none.
    A fenced block is tried before the whole reply: prose around it may hold other values."""
    if not text or not text.strip():
        raise ValueError("empty reply")
    for candidate in [m.group(1) for m in _FENCE.finditer(text)] + [text]:
        value = _parse(candidate)
        if value is not None:
            return value
    raise ValueError("no JSON object found in reply")


def _parse(candidate: str) -> dict | list | None:
    starts = [p for p in (candidate.find("{"), candidate.find("[")) if p >= 0]
    if not starts:
        return None
    try:
        return _DECODER.raw_decode(candidate, min(starts))[0]
    except json.JSONDecodeError:
        pass
    value = json_repair.loads(candidate)
    return value if isinstance(value, (dict, list)) else None
