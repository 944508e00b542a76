"""What the plugin's PreToolUse hook starts: `python3 -I -S .../skillopt_sleep/proposals/allow_entry.py
--plugin-data DIR --runner PATH`, the hook's JSON on stdin (see allow_typed).

Like the other hooks' entries, this file stays a few lines (a script is compiled on every run, a
module comes from its cached bytecode) and imports its modules from their folders, so that no
package `__init__` runs; the runner names it by an absolute path.
"""

import sys

here = __file__.rpartition("/")[0] or "."
sys.path[:0] = [here, here + "/../capture"]
import allow_typed  # noqa: E402 - the path above must be set first

sys.exit(allow_typed.main())
