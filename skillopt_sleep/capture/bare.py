"""What the capture hook (`hook.py`) and the SessionStart notice reader
(`proposals/pending_notice.py`) share on a bare interpreter (`python3 -I -S`): the engine's folders
as `skillopt_sleep.paths` computes them (without platformdirs), and JSON decoding. It imports
nothing that a bare start has not loaded already: not `os`, which is not loaded without `site` and
whose import costs about an eighth of the start itself, and not the C core of `json` until a hook
payload needs it (`loads`); the few hundred bytes the notice reader decodes cost less in Python
(`read_json`) than that module's import.
"""

import sys

APP = "skillopt-sleep"
HOME_ENV = "SKILLOPT_SLEEP_HOME"


def join(folder: str, *names: str) -> str:
    """os.path.join for a folder and relative names."""
    for name in names:
        folder = folder + name if not folder or folder.endswith("/") else folder + "/" + name
    return folder


def expand_home(path: str, env) -> str:
    """`~` at the start of `path` is $HOME (the password database's home without it)."""
    if not path.startswith("~"):
        return path
    home = env.get("HOME")
    if not home:
        import os  # deferred: only a process without HOME needs the password database

        home = os.path.expanduser("~")
    return home.rstrip("/") + path[1:]


def xdg(name: str, env) -> str:
    """An XDG folder variable's value when it is absolute (the spec ignores others), else ""."""
    value = env.get(name, "")
    return value if value.startswith("/") else ""


def overridden(env, folder: str) -> str:
    """`folder` under the SKILLOPT_SLEEP_HOME override, or "" when there is none."""
    override = env.get(HOME_ENV)
    return join(expand_home(override, env), folder) if override else ""


def data_dir(env, platform=None) -> str:
    """platformdirs.user_data_dir("skillopt-sleep") on Linux and macOS, or the override."""
    default = "~/Library/Application Support" if (platform or sys.platform) == "darwin" else "~/.local/share"
    return overridden(env, "data") or join(xdg("XDG_DATA_HOME", env) or expand_home(default, env), APP)


def log_dir(env, platform=None) -> str:
    """platformdirs.user_log_dir("skillopt-sleep") on Linux and macOS, or the override."""
    if (platform or sys.platform) == "darwin":
        return overridden(env, "logs") or join(expand_home("~/Library/Logs", env), APP)
    return overridden(env, "logs") or join(xdg("XDG_STATE_HOME", env) or expand_home("~/.local/state", env), APP, "log")


def config_dir(env, platform=None) -> str:
    """platformdirs.user_config_dir("skillopt-sleep") on Linux and macOS, or the override."""
    if (platform or sys.platform) == "darwin":
        return overridden(env, "config") or join(expand_home("~/Library/Application Support", env), APP)
    return overridden(env, "config") or join(xdg("XDG_CONFIG_HOME", env) or expand_home("~/.config", env), APP)


class _ScanContext:
    """The settings `_json.make_scanner` reads: those of a default json.JSONDecoder."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = staticmethod(lambda name: float(name.replace("Infinity", "inf")))


def loads(text: str):
    """json.loads for one JSON document, through the C core; ValueError when it is not one."""
    try:
        from _json import make_scanner
    except ImportError:  # an interpreter without the C core: the wrapper does the same, slower
        import json

        return json.loads(text)
    start = len(text) - len(text.lstrip())
    try:
        value, end = make_scanner(_ScanContext())(text, start)
    except StopIteration:
        raise ValueError("not JSON") from None
    if text[end:].strip():
        raise ValueError("extra data after the JSON value")
    return value


# -- read_json: small JSON files, without the C core ----------------------------------------------

_SPACE = " \t\n\r"
_NUMBER = frozenset("+-0123456789.eE")
_ESCAPED = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_HEX = frozenset("0123456789abcdefABCDEF")
_WORDS = (("true", True), ("false", False), ("null", None))


def read_json(text: str):
    """json.loads for the small files the engine writes (the notice, the schedules' snapshots);
    ValueError for text that is not JSON (some such text, a number like 01, is read as JSON)."""
    value, end = _value(text, _skip(text, 0))
    if _skip(text, end) != len(text):
        raise ValueError("extra data after the JSON value")
    return value


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in _SPACE:
        at += 1
    return at


def _value(text: str, at: int):
    """(the value that starts at `at`, where it ends)."""
    first = text[at:at + 1]
    if first == '"':
        return _string(text, at + 1)
    if first in ("{", "["):
        closing = "}" if first == "{" else "]"
        found = {} if first == "{" else []
        at = _skip(text, at + 1)
        if text[at:at + 1] == closing:
            return found, at + 1
        while True:
            if closing == "}":
                if text[at:at + 1] != '"':
                    raise ValueError("a key must be a string")
                key, at = _string(text, at + 1)
                at = _skip(text, at)
                if text[at:at + 1] != ":":
                    raise ValueError("':' expected")
                found[key], at = _value(text, _skip(text, at + 1))
            else:
                item, at = _value(text, at)
                found.append(item)
            at = _skip(text, at)
            if text[at:at + 1] == closing:
                return found, at + 1
            if text[at:at + 1] != ",":
                raise ValueError(f"',' or '{closing}' expected")
            at = _skip(text, at + 1)
    for word, value in _WORDS:
        if text.startswith(word, at):
            return value, at + len(word)
    end = at
    while end < len(text) and text[end] in _NUMBER:
        end += 1
    number = text[at:end]
    try:
        return (float(number) if "." in number or "e" in number or "E" in number else int(number)), end
    except ValueError:
        raise ValueError("not JSON") from None


def _string(text: str, at: int):
    """(the string whose first character is at `at`, the index after its closing quote)."""
    parts = []
    while True:
        quote = text.find('"', at)
        if quote < 0:
            raise ValueError("a string is not closed")
        backslash = text.find("\\", at, quote)
        if backslash < 0:
            parts.append(text[at:quote])
            return "".join(parts), quote + 1
        parts.append(text[at:backslash])
        kind = text[backslash + 1:backslash + 2]
        if kind in _ESCAPED:
            parts.append(_ESCAPED[kind])
            at = backslash + 2
        elif kind == "u":
            code, at = _code_unit(text, backslash + 2)
            if 0xD800 <= code < 0xDC00 and text.startswith("\\u", at):  # a surrogate pair
                low, after = _code_unit(text, at + 2)
                if 0xDC00 <= low < 0xE000:
                    code, at = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00), after
            parts.append(chr(code))
        else:
            raise ValueError("an unknown escape")


def _code_unit(text: str, at: int):
    digits = text[at:at + 4]
    if len(digits) != 4 or not _HEX.issuperset(digits):
        raise ValueError("\\u wants four hex digits")
    return int(digits, 16), at + 4
