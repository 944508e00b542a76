"""What the runner starts for `session-start` before any engine: `python3 -I -S
.../skillopt_sleep/proposals/notice_entry.py session-start --agent NAME [--text]`.

It prints the notice `pending_notice` reads from the file beside the store, at the cost of a bare
interpreter start. Like the capture hook's entry, this file stays a few lines (a script is
compiled on every run, a module comes from its cached bytecode) and imports its modules from their
folders, so that no package `__init__` runs; it does not import `os` (see pending_notice), so its
folder is cut from the path it was started by, which the runner gives absolute.
Exit status 96: the engine must answer instead.
"""

import sys

if sys.version_info < (3, 10):
    sys.exit(96)
here = __file__.rpartition("/")[0] or "."
sys.path[:0] = [here, here + "/../capture"]
import pending_notice  # noqa: E402 - the path above must be set first

sys.exit(pending_notice.main())
