"""What bounds a sandboxed command, and what came of it."""

from __future__ import annotations

from dataclasses import dataclass

# Exit codes a caller can tell apart from the command's own: the wall limit (as coreutils'
# `timeout` reports it), and a signal N as a shell reports it.
TIMEOUT_EXIT = 124
SIGNAL_EXIT_BASE = 128


@dataclass
class Limits:
    wall_s: float = 120.0  # whole command, wall clock
    cpu_s: int = 120  # RLIMIT_CPU, per process
    memory_mb: int = 2048  # RLIMIT_AS, per process
    processes: int = 128  # tasks at once (a pids cgroup where writable, else RLIMIT_NPROC)
    output_bytes: int = 64_000  # stdout+stderr kept; the rest is cut (and said)
    file_mb: int = 256  # RLIMIT_FSIZE; also the size of the sandbox's /tmp and HOME
    output_kill_bytes: int = 8_000_000  # a command that writes this much is killed

    def __post_init__(self) -> None:
        for name in ("wall_s", "cpu_s", "memory_mb", "processes", "output_bytes", "file_mb", "output_kill_bytes"):
            if getattr(self, name) <= 0:
                raise ValueError(f"sandbox limit {name} must be positive, got {getattr(self, name)!r}")


@dataclass
class CommandResult:
    command: str  # what ran (shell command line)
    exit_code: int  # 124 when the wall limit killed it, 128+N for signal N
    output: str  # stdout and stderr interleaved as written, cut to the budget
    timed_out: bool = False
    truncated: bool = False
    wall_s: float = 0.0

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out
