"""Runs a program under resource limits: joins a cgroup, sets rlimits, then execs.

Started as its own script (`python -I -S launch.py SPEC PROGRAM...`) so that the limits are set in
the child without `preexec_fn`, which is unsafe in a process that runs threads (nights replay
concurrently). SPEC is JSON: {"cgroups": [paths], "rlimits": {"RLIMIT_AS": [soft, hard]}}.
Limits the operating system refuses (macOS does not enforce RLIMIT_AS) are skipped."""

import json
import os
import resource
import sys


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        sys.stderr.write("usage: launch.py SPEC PROGRAM [ARGS...]\n")
        return 126
    spec = json.loads(argv[1])
    for cgroup in spec.get("cgroups", []):
        # Fail closed: a run that was promised a bound must not start without it.
        try:
            with open(os.path.join(cgroup, "cgroup.procs"), "w") as procs:
                procs.write(str(os.getpid()))
        except OSError as exc:
            sys.stderr.write(f"sandbox: cannot join the cgroup {cgroup}: {exc}\n")
            return 126
    for name, (soft, hard) in spec.get("rlimits", {}).items():
        try:
            resource.setrlimit(getattr(resource, name), (soft, hard))
        except (AttributeError, ValueError, OSError):
            pass
    try:
        os.execvp(argv[2], argv[2:])
    except OSError as exc:
        sys.stderr.write(f"sandbox: cannot run {argv[2]}: {exc.strerror}\n")
        return 127


if __name__ == "__main__":
    sys.exit(main(sys.argv))
