"""A turn bound kept outside the agent: the egress counts the requests it forwards to the model
API and answers those past the bound itself, without passing them on.

Not every agent CLI has a turn limit of its own (`codex exec` has none), and one the CLI keeps is
only as good as the CLI. The egress forwards each request as one it wrote itself (forward.py), so
what it counts is what the API receives, over plain http or https alike.
"""

from __future__ import annotations

import threading

TURN_LIMIT_MESSAGE = "skillopt-sleep turn limit reached"


class RequestBudget:
    """How many model requests an episode may still send; shared by all its connections."""

    def __init__(self, limit: int):
        self.limit = limit
        self.sent = 0
        self.refused = 0
        self._lock = threading.Lock()

    def take(self) -> bool:
        with self._lock:
            if self.sent >= self.limit:
                self.refused += 1
                return False
            self.sent += 1
            return True
