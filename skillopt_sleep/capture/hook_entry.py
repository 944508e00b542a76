"""What the agents run: `python3 -I -S .../skillopt_sleep/capture/hook_entry.py --agent NAME`.

Python compiles a script on every run but imports a module from its cached bytecode, so this
file stays a few lines and `hook.py` (the bulk) is imported from its own folder. Where that folder
is read-only and holds no bytecode yet, the bytecode goes under the user's cache folder instead.
"""

import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
cache = os.path.join(here, "__pycache__")
if not os.path.exists(os.path.join(cache, "hook.%s.pyc" % sys.implementation.cache_tag)) and not (
        os.access(cache, os.W_OK) if os.path.isdir(cache) else not os.path.exists(cache) and os.access(here, os.W_OK)):
    sys.pycache_prefix = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "skillopt-sleep", "pycache")
import hook  # noqa: E402 - the path above must be set first

hook.main()
