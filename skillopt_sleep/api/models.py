"""The local models the `local` backend runs: the known ones, each one's parts and assembled
file, and making one ready (joining and hash-checking its weights once)."""

from __future__ import annotations

from skillopt_sleep.backends import localmodel, modelparts

__all__ = ["localmodel", "modelparts"]
