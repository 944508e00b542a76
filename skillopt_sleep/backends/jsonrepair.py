"""Parse the JSON that models really write.

Replies arrive wrapped in prose or code fences, with regexes copied into strings (`\\s` is not a
JSON escape), trailing commas, curly quotes, Python-style literals or a truncated tail. Each
repair below is tried in turn; the first that yields a value wins.
"""

from __future__ import annotations

import ast
import json
import re

_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.S)
_BAD_ESCAPE = re.compile(r'\\(?!["\\/bfnrtu])')
_TRAILING_COMMA = re.compile(r",\s*([}\]])")
_SMART_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})


def parse_json_reply(text: str) -> object:
    """The first JSON object or array in `text`, repaired if needed; ValueError if none."""
    if not text or not text.strip():
        raise ValueError("empty reply")
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    errors = []
    for candidate in candidates:
        start = _first_bracket(candidate)
        if start < 0:
            continue
        body = candidate[start:]
        for repair in (_as_is, _fix_escapes, _fix_commas_quotes, _close_truncated, _python_literal):
            try:
                return repair(body)
            except (ValueError, SyntaxError, MemoryError, RecursionError) as exc:
                errors.append(f"{repair.__name__}: {exc}")
    raise ValueError("no JSON object found in reply" + (f" ({errors[-1]})" if errors else ""))


def _first_bracket(text: str) -> int:
    positions = [p for p in (text.find("{"), text.find("[")) if p >= 0]
    return min(positions) if positions else -1


def _decode_prefix(body: str) -> object:
    value, _ = json.JSONDecoder(strict=False).raw_decode(body)
    return value


def _as_is(body: str) -> object:
    return _decode_prefix(body)


def _fix_escapes(body: str) -> object:
    return _decode_prefix(_BAD_ESCAPE.sub(r"\\\\", body))


def _fix_commas_quotes(body: str) -> object:
    fixed = _TRAILING_COMMA.sub(r"\1", _BAD_ESCAPE.sub(r"\\\\", body.translate(_SMART_QUOTES)))
    return _decode_prefix(fixed)


def _close_truncated(body: str) -> object:
    """Close the strings and brackets a reply cut off by max_tokens left open."""
    fixed = _TRAILING_COMMA.sub(r"\1", _BAD_ESCAPE.sub(r"\\\\", body.translate(_SMART_QUOTES)))
    stack, in_string, escaped = [], False, False
    for ch in fixed:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            stack.append("}" if ch == "{" else "]")
        elif ch in "}]" and stack:
            stack.pop()
    if not stack and not in_string:
        raise ValueError("not truncated")
    tail = ('"' if in_string else "") + "".join(reversed(stack))
    closed = fixed + tail
    return json.loads(_TRAILING_COMMA.sub(r"\1", re.sub(r',\s*"[^"]*"\s*:\s*([}\]])', r"\1", closed)), strict=False)


def _python_literal(body: str) -> object:
    end = max(body.rfind("}"), body.rfind("]"))
    if end < 0:
        raise ValueError("no closing bracket")
    value = ast.literal_eval(body[: end + 1])
    if not isinstance(value, (dict, list)):
        raise ValueError("not an object")
    return value
