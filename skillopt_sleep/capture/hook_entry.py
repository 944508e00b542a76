"""What the agents run: `python3 -I -S .../skillopt_sleep/capture/hook_entry.py --agent NAME`.

Python compiles a script on every run but imports a module from its cached bytecode, so this
file stays a few lines and `hook.py` (the bulk) is imported from its own folder. Where no folder
for the bytecode is given (`-X pycache_prefix`, as the plugin's runner gives) and this folder is
read-only and holds no bytecode yet, the bytecode goes under the user's cache folder instead.
Like `hook.py`, it does not import `os` (see there).
"""

import sys

try:
    from posix import W_OK, access, stat
except ImportError:  # not a POSIX system
    from os import W_OK, access, stat


def _kind(path: str) -> int:
    """The file type bits of `path` (0: nothing there)."""
    try:
        return stat(path).st_mode & 0o170000
    except (OSError, ValueError):
        return 0


here = __file__.rpartition("/")[0]
if not here.startswith("/"):  # named by a relative path (the runner gives an absolute one), or not on POSIX
    import os

    here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
if sys.pycache_prefix is None:
    cache = here + "/__pycache__"
    compiled = _kind("%s/hook.%s.pyc" % (cache, sys.implementation.cache_tag))
    folder = _kind(cache)
    if not compiled and not (access(cache, W_OK) if folder == 0o040000 else not folder and access(here, W_OK)):
        import os  # deferred: only a folder that cannot take the bytecode comes here

        sys.pycache_prefix = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
                                          "skillopt-sleep", "pycache")
import hook  # noqa: E402 - the path above must be set first

hook.main()
