"""What a command costs before it does anything: CPU and peak memory of short commands.

    python bench/cli_startup.py [--runs 15] [--python PATH] [--known N] [--upstream PATH]

Runs `skillopt-sleep --help`, `--version`, `status` (on a migrated store with no nights, and on
the store of --known sessions) and a no-change `ingest` (nothing captured since the last one), on
an empty history and on one of --known transcripts already ingested (each costs one stat), as `python -m skillopt_sleep ...`,
each in a fresh process, interleaved with the references measured in the same run: `python -c "import
argparse"`, and a minimal argparse program that lists our verbs (`--help` of a parser with the
same verbs and help lines, and nothing else), and with --upstream PATH the `--help` and `status` of
upstream SkillOpt's own CLI from a checkout at PATH (its `status` also in the HOME of that history). Prints the median CPU seconds (user + system of the
child) and the median peak RSS of each, with the ratio to `import argparse`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

MINIMAL = """
import argparse
parser = argparse.ArgumentParser(prog="skillopt-sleep")
parser.add_argument("--version", action="version", version="0")
sub = parser.add_subparsers(dest="command", metavar="COMMAND")
for verb, line in {verbs!r}:
    sub.add_parser(verb, help=line)
parser.parse_args(["--help"])
"""


def measure(command: list[str], env: dict) -> tuple[float, float]:
    """(CPU seconds, peak RSS in MB) of one run of `command`, from its own rusage."""
    child = subprocess.Popen(command, env=env, cwd=env["BENCH_CWD"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{command} failed ({child.returncode}): {child.stderr.read().decode()[-2000:]}")
    child.stderr.close()
    rss_mb = usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    return usage.ru_utime + usage.ru_stime, rss_mb


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--python", default=sys.executable, help="an interpreter with the engine's dependencies")
    parser.add_argument("--known", type=int, default=2000, help="transcripts in the history of the second no-change ingest")
    parser.add_argument("--upstream", type=Path, help="a checkout of microsoft/SkillOpt: its `--help` and `status` are measured too")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    from skillopt_sleep.cli.main import VERBS

    verbs = [(verb, line) for verb, (_, line) in VERBS.items()]
    engine = [args.python, "-m", "skillopt_sleep"]
    commands = {
        "reference: python -c 'import argparse'": [args.python, "-c", "import argparse"],
        "reference: argparse --help, our verbs": [args.python, "-c", MINIMAL.format(verbs=verbs)],
        "skillopt-sleep --help": engine + ["--help"],
        "skillopt-sleep --version": engine + ["--version"],
        "skillopt-sleep status": engine + ["status"],
        "skillopt-sleep ingest (no change)": engine + ["ingest"],
        f"ingest (no change, {args.known} known)": ["env", "HOME=KNOWN_HOME", "SKILLOPT_SLEEP_HOME=KNOWN_STORE"] + engine + ["ingest"],
        f"status ({args.known} sessions stored)": ["env", "HOME=KNOWN_HOME", "SKILLOPT_SLEEP_HOME=KNOWN_STORE"] + engine + ["status"],
    }
    if args.upstream:  # its own package of the same name, from the checkout, with a home of its own
        upstream = ["env", f"PYTHONPATH={args.upstream}", "HOME=UPSTREAM_HOME"] + engine
        commands.update({"upstream SkillOpt --help": upstream + ["--help"], "upstream SkillOpt status": upstream + ["status"],
                         f"upstream SkillOpt status ({args.known} sessions)":
                             ["env", f"PYTHONPATH={args.upstream}", "HOME=KNOWN_HOME"] + engine + ["status"]})
    with tempfile.TemporaryDirectory(prefix="skillopt-bench-cli-") as work:
        # PYTHONDONTWRITEBYTECODE would have every run compile the changed modules again: an
        # installed copy runs from bytecode.
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("SKILLOPT_SLEEP_", "CLAUDE_")) and k != "PYTHONDONTWRITEBYTECODE"}
        env.update(SKILLOPT_SLEEP_HOME=str(Path(work) / "home"), PYTHONPATH=str(REPO), BENCH_CWD=work)
        known_home, known_store = Path(work) / "known-home", Path(work) / "known-store"
        # Built in a child, so this process stays small: a child's peak RSS counts its pages before exec.
        subprocess.run([args.python, "-c", "import sys; sys.path.insert(0, sys.argv[1]); from ingest import build_history; "
                        "build_history(__import__('pathlib').Path(sys.argv[2]), int(sys.argv[3]), 0, tools=False)",
                        str(REPO / "bench"), str(known_home), str(args.known)], check=True)
        (Path(work) / "upstream-home").mkdir()
        commands = {name: [part.replace("KNOWN_HOME", str(known_home)).replace("KNOWN_STORE", str(known_store))
                           .replace("UPSTREAM_HOME", str(Path(work) / "upstream-home")) for part in command]
                    for name, command in commands.items()}
        measure(["env", f"HOME={known_home}", f"SKILLOPT_SLEEP_HOME={known_store}"] + engine + ["harvest", "--all", "-q"], env)
        for command in commands.values():  # the store migrated, the bytecode cached
            measure(command, env)
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        rss: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                seconds, megabytes = measure(command, env)
                cpu[name].append(seconds)
                rss[name].append(megabytes)
    base_cpu = statistics.median(cpu["reference: python -c 'import argparse'"])
    base_rss = statistics.median(rss["reference: python -c 'import argparse'"])
    print(f"interpreter: {args.python} ({args.runs} runs each, interleaved; medians)")
    for name in commands:
        c, m = statistics.median(cpu[name]), statistics.median(rss[name])
        print(f"{name:40s} CPU {c:6.3f} s ({c / base_cpu:4.2f}x)   peak RSS {m:6.1f} MB ({m / base_rss:4.2f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
