"""What a session start costs: the SessionStart hook as a whole process, beside a bare interpreter.

    python bench/session_start.py [--runs 40] [--python PATH] [--first-runs 5] [--path PATH]

Stages one real proposal into a fresh store (so there is a line to announce), remembers the
interpreter in the plugin's data folder as the runner does, then runs, interleaved so that load
elsewhere hits every case alike:
  floor         `python3 -I -S -c pass` of the same interpreter;
  reader        `python3 -I -S skillopt_sleep/proposals/notice_entry.py session-start` (what the
                runner starts: it reads the notice file beside the store);
  hook          the hook's whole command, `plugin/runners/skillopt-sleep --plugin-data DIR --no-install
                session-start --agent claude-code` (the shell runner, which says again what the
                reader said at the first start, from the reader's stamp, without Python);
  engine        `python3 -m skillopt_sleep session-start`: the engine's own answer, which the hook
                ran at every start before the notice file, and still runs where that file cannot answer.
It prints the p50 and p95 wall time and the mean CPU (user + system of the child) of each, with the
ratio of each p50 to the floor's, and checks that all three print the same line.

Then a user who has not run the plugin yet: no interpreter remembered, no environment built, and
PATH as given (default: this shell's, without the folder of the interpreter running the bench, whose
environment has the engine's dependencies). Beside the same floor:
  first start   the hook when nothing is remembered (it probes every Python on PATH; with a version
                manager's shims, each probe starts the shim);
  later start   the hook once the first start remembered that no engine was found.
It checks that the hook printed nothing and remembered no interpreter (else PATH had an engine).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
READER = REPO / "skillopt_sleep" / "proposals" / "notice_entry.py"
RUNNER = REPO / "plugin" / "runners" / "skillopt-sleep"


def stage_one_proposal(home: Path) -> None:
    """A pending proposal staged through the real staging code (which writes the notice)."""
    os.environ["SKILLOPT_SLEEP_HOME"] = str(home)
    sys.path.insert(0, str(REPO))
    from skillopt_sleep.paths import default_db_path, default_staging_dir
    from skillopt_sleep.proposals.stage import StagedFile, stage_night
    from skillopt_sleep.store import Store

    skill = home / "skills" / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("# Brief Writer\n\nWrite a short brief.\n")
    with Store(default_db_path()) as store:
        store.execute("INSERT INTO nights (id, skill_path, status, seed, config_json, started_at) "
                      "VALUES ('n1', ?, 'finished', 7, '{}', '2026-01-05T10:00:00Z')", (str(skill),))
        result = stage_night(store, default_staging_dir(), "n1",
                             [StagedFile("skill", skill, skill.read_text(), skill.read_text() + "\n## Key Risks\n")],
                             {"skill": "brief-writer", "val_before": 0.33, "val_after": 0.83, "decision": "accepted"},
                             "report", accepted=True)
    if not result.proposal_id:
        raise SystemExit("staging proposed nothing")


def nothing_pending(home: Path) -> None:
    """A store whose notice, written by the real code, lists no proposal (as after an adopt)."""
    os.environ["SKILLOPT_SLEEP_HOME"] = str(home)
    sys.path.insert(0, str(REPO))
    from skillopt_sleep.paths import default_db_path
    from skillopt_sleep.proposals.notice import write_notice
    from skillopt_sleep.store import Store

    with Store(default_db_path()) as store:
        write_notice(store)


def prepared(root: Path, python: str, pending: bool = True) -> tuple[Path, dict]:
    """Under `root`: a home with one proposal pending (or, `pending` false, none), its notice
    written an hour ago, and the plugin's data folder remembering `python`, as after the first
    start; (that data folder, the environment the hooks run in)."""
    home, plugin_data = root / "home", root / "plugin-data"
    (stage_one_proposal if pending else nothing_pending)(home)
    for written in (home / "data" / "store.db-notice.json", home / "data"):
        os.utime(written, (written.stat().st_atime, written.stat().st_mtime - 3600))
    plugin_data.mkdir()
    (plugin_data / "interpreter").write_text(python + "\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SKILLOPT_SLEEP_", "CLAUDE_"))}
    env["SKILLOPT_SLEEP_HOME"] = str(home)
    return plugin_data, env


def before_first_use(root: Path, python: str, path: str, runs: int, first_runs: int) -> None:
    """The hook's start for a user who has not run the plugin yet, the first time and after."""
    plugin_data = root / "first-use-data"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SKILLOPT_SLEEP_", "CLAUDE_"))}
    env.update(SKILLOPT_SLEEP_HOME=str(root / "first-use-home"), PATH=path)
    hook = [str(RUNNER), "--plugin-data", str(plugin_data), "--no-install", "session-start", "--agent", "claude-code"]
    floor = [python, "-I", "-S", "-c", "pass"]
    record = plugin_data / "no-engine"
    walls: dict[str, list[float]] = {"floor": [], "first start (probes PATH)": [], "later start (remembered)": []}
    for turn in range(max(runs, first_runs)):
        walls["floor"].append(timed(floor, env)[0])
        if turn < first_runs:
            record.unlink(missing_ok=True)
            wall, _, said = timed(hook, env)
            walls["first start (probes PATH)"].append(wall)
            if said or (plugin_data / "interpreter").exists() or not record.is_file():
                raise SystemExit(f"PATH holds a Python with the engine's dependencies, or the hook spoke: {said!r}")
        wall, _, said = timed(hook, env)
        walls["later start (remembered)"].append(wall)
        if said:
            raise SystemExit(f"the hook spoke before first use: {said!r}")
    base = statistics.median(walls["floor"])
    print(f"\nbefore first use (PATH: {path})")
    for name, values in walls.items():
        p50 = statistics.median(values)
        print(f"{name:36s} p50 {p50:7.1f} ms  p95 {percentile(values, 0.95):7.1f} ms  ({len(values)} runs, "
              f"{p50 / base:.2f}x the floor's p50)")


def timed(command: list[str], env: dict) -> tuple[float, float, str]:
    """(wall ms, CPU ms of the child, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = (time.perf_counter() - started) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{command} failed ({done.returncode}): {done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu, done.stdout


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter the runner remembered (default: this one)")
    parser.add_argument("--first-runs", type=int, default=5, help="first starts before first use (each probes PATH)")
    parser.add_argument("--path", help="PATH of the user before first use (default: this one, without the folder "
                                       "of the bench's interpreter)")
    args = parser.parse_args()
    own_folder = str(Path(sys.executable).parent)
    user_path = args.path or os.pathsep.join(folder for folder in os.environ.get("PATH", "").split(os.pathsep)
                                             if folder and folder != own_folder)
    with tempfile.TemporaryDirectory(prefix="skillopt-bench-start-") as work:
        plugin_data, env = prepared(Path(work), args.python)
        commands = {
            "floor: python3 -I -S -c pass": [args.python, "-I", "-S", "-c", "pass"],
            "reader: notice_entry.py": [args.python, "-I", "-S", "-X", f"pycache_prefix={plugin_data / 'pycache'}",
                                        str(READER), "session-start", "--agent", "claude-code"],
            "hook: the runner, then the reader": [str(RUNNER), "--plugin-data", str(plugin_data), "--no-install",
                                                  "session-start", "--agent", "claude-code"],
            "engine: python3 -m skillopt_sleep": [args.python, "-m", "skillopt_sleep", "session-start",
                                                  "--agent", "claude-code"],
        }
        engine_env = dict(env, PYTHONPATH=str(REPO))
        outputs: dict[str, set[str]] = {name: set() for name in commands}
        for name, command in commands.items():  # bytecode cached, as after the first start
            timed(command, engine_env if name.startswith("engine") else env)
        walls: dict[str, list[float]] = {name: [] for name in commands}
        cpus: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                wall, cpu, out = timed(command, engine_env if name.startswith("engine") else env)
                walls[name].append(wall)
                cpus[name].append(cpu)
                outputs[name].add(out)
    said = outputs["engine: python3 -m skillopt_sleep"]
    if len(said) != 1 or not next(iter(said)).strip() or any(outputs[n] != said for n in commands if not n.startswith("floor")):
        raise SystemExit(f"the hook and the engine disagree: {outputs}")
    floor = statistics.median(walls["floor: python3 -I -S -c pass"])
    print(f"interpreter: {args.python} ({args.runs} runs each, interleaved)")
    print(f"every case printed: {next(iter(said)).strip()[:100]}...")
    for name in commands:
        p50 = statistics.median(walls[name])
        print(f"{name:36s} p50 {p50:6.1f} ms  p95 {percentile(walls[name], 0.95):6.1f} ms  "
              f"CPU {statistics.mean(cpus[name]):6.1f} ms  ({p50 / floor:.2f}x the floor's p50)")
    with tempfile.TemporaryDirectory(prefix="skillopt-bench-first-use-") as work:
        before_first_use(Path(work), args.python, user_path, args.runs, args.first_runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
