"""What the capture hook (`hook.py`) and the SessionStart notice reader
(`proposals/pending_notice.py`) share on a bare interpreter (`python3 -I -S`): the engine's folders
as `skillopt_sleep.paths` computes them (without platformdirs), and JSON through the C core of
`json` (its wrapper pulls in `re`, `enum` and `collections`: most of a hook's start-up). It imports
nothing else that a bare start has not loaded already: not `os`, which is not loaded without `site`
and whose import costs about an eighth of the start itself (the `posix` functions do the work).
"""

import sys

try:
    from posix import environ, mkdir, stat
except ImportError:  # Windows, for the engine's own use of this module
    from nt import environ, mkdir, stat

APP = "skillopt-sleep"
HOME_ENV = "SKILLOPT_SLEEP_HOME"
FILE, FOLDER = 0o100000, 0o040000  # stat.S_IFREG, stat.S_IFDIR


def is_kind(path: str, kind: int) -> bool:
    """os.path.isfile (kind FILE) or os.path.isdir (kind FOLDER), with posix alone."""
    try:
        return stat(path).st_mode & 0o170000 == kind
    except (OSError, ValueError):
        return False


def environment():
    """The process's environment: os.environ where `os` is loaded (the engine, which may change
    it), else the start's own (posix.environ holds bytes: decoded as os.fsdecode does)."""
    os = sys.modules.get("os")
    if os is not None:
        return os.environ
    encoding = sys.getfilesystemencoding()
    return {(k.decode(encoding, "surrogateescape") if isinstance(k, bytes) else k):
            (v.decode(encoding, "surrogateescape") if isinstance(v, bytes) else v) for k, v in environ.items()}


def make_folders(folder: str, mode: int = 0o777) -> None:
    """os.makedirs(folder, mode, exist_ok=True): the folders above it made with the default mode."""
    try:
        mkdir(folder, mode)
    except FileExistsError:
        if not is_kind(folder, FOLDER):
            raise
    except FileNotFoundError:
        parent = folder.rstrip("/").rpartition("/")[0]
        if not parent:
            raise
        make_folders(parent)
        try:
            mkdir(folder, mode)
        except FileExistsError:  # made meanwhile by another hook
            if not is_kind(folder, FOLDER):
                raise


def parent(path: str) -> str:
    """os.path.dirname of a path without a trailing slash."""
    head = path.rpartition("/")[0]
    return head or ("/" if path.startswith("/") else "")


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


def dumps(value) -> str:
    """json.dumps(value, sort_keys=True) for the plain values the hooks write, through the C core."""
    try:
        from _json import encode_basestring_ascii as quote
    except ImportError:  # an interpreter without the C core: the wrapper does the same, slower
        import json

        return json.dumps(value, sort_keys=True)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return repr(value) if value == value and value not in (float("inf"), float("-inf")) else "null"
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, dict):
        return "{" + ", ".join("%s: %s" % (quote(str(k)), dumps(value[k])) for k in sorted(value)) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(dumps(item) for item in value) + "]"
    return quote(str(value))


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
