"""What the plugin's shell runners add to a hook: the whole SessionStart and Stop hook commands,
beside a bare interpreter start and the runners of another revision, in one run.

    python bench/hook_runners.py [--runs 40] [--reference REV] [--python PATH]

Runs, interleaved so that load elsewhere falls on every case alike: `python3 -I -S -c pass`;
`plugin/runners/skillopt-sleep --plugin-data DIR --no-install session-start --agent claude-code`
with a proposal staged an hour ago to announce, and again with nothing pending (a notice written
an hour ago that lists none): where the runner keeps the reader's answer (session-start-answer),
the runner alone says it again, and a third case, whose data folder cannot take that stamp,
measures the runner and the notice reader, as at a start that no saved answer holds for (the
first, or the first after a config or a schedule is written, or in another environment); a
fourth, whose store folder is touched before each start as any engine command does (SQLite's -wal
and -shm come and go), measures the starts after an engine command ran; a fifth, whose proposal is
made pending and not in turn before each start, its notice written by the engine's own code (as
staging, adopting and reverting write it), measures the first start after a proposal is staged,
adopted or reverted, and checks what each of those starts says; and
`plugin/runners/skillopt-sleep-hook --plugin-data DIR --agent claude-code` with a Stop payload (the
runner, then the capture hook, which spools it); and `plugin/runners/skillopt-sleep-asked` with a
UserPromptSubmit payload of an ordinary prompt (what every prompt costs, where a tree has it); and
`plugin/runners/skillopt-sleep-allow` with a PreToolUse payload of the skill's `status` line, in
auto mode, where the user typed `/skillopt-sleep status` in that prompt (it starts the interpreter
and answers allow, which the run checks) and where no read action was typed yet (the runner alone:
no Python). Claude Code starts that hook only for a Bash command naming the skill's runner (its
`if`); any other command costs nothing. With --reference REV (default HEAD), the same
commands of REV's plugin and engine, unpacked with `git archive`. The interpreter is the one the
runner remembered in the data folder, as after the first start. Prints the p50 wall time of each
and its ratio to the floor's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))
from session_start import prepared  # noqa: E402 - a pending proposal, staged for real


def unpack(revision: str, into: Path) -> Path:
    """REV's plugin folder and engine, laid out as in the repository (the plugin links to the engine)."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", revision, "plugin", "skillopt_sleep", "pyproject.toml"],
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into)
    return into / "plugin"


def touch(folder: Path) -> Callable[[], None]:
    """Before each start: the store's folder changed now, as SQLite's -wal and -shm files leave it."""
    return lambda: os.utime(folder)


def news(store_path: Path) -> Callable[[], str]:
    """Before each start: the proposal pending, then not, and so on, each time with the notice
    written by the engine's code, which answers the starts that saved an answer from it again.
    Returns what the start must then say ("" for nothing)."""
    sys.path.insert(0, str(REPO))
    from skillopt_sleep.proposals.notice import write_notice
    from skillopt_sleep.store import Store

    pending = [True]

    def change() -> str:
        pending[0] = not pending[0]
        with Store(store_path) as store:
            store.execute("UPDATE proposals SET status = ?", ("pending" if pending[0] else "superseded",))
            write_notice(store)
        return "1 proposal pending" if pending[0] else ""
    return change


SESSION = "5a4c1c88-13b1-45bc-bcbb-e4d7d270991b"


def typed_status(data: Path, prompt_id: str) -> Path:
    """The UserPromptSubmit hook's record of `/skillopt-sleep status` typed in prompt `prompt_id`."""
    where = data / "typed" / SESSION
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_text(json.dumps({"prompt_id": prompt_id, "words": ["status"]}))
    return where


def status_call(plugin: Path, data: Path, prompt_id: str) -> str:
    """A PreToolUse payload for the skill's `status` line, in auto mode."""
    line = f'"{plugin / "runners" / "skillopt-sleep-command"}" --plugin-data "{data}" status'
    return json.dumps({"session_id": SESSION, "prompt_id": prompt_id, "permission_mode": "auto",
                       "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": line}})


def run(command: list[str], env: dict, payload: str, before: Callable[[], str | None] | None = None) -> float:
    expected = before() if before is not None else None
    started = time.perf_counter()
    done = subprocess.run(command, env=env, input=payload, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{command} failed ({done.returncode}): {done.stderr[-2000:]}")
    if expected is not None and (expected not in done.stdout if expected else done.stdout):
        raise SystemExit(f"{command} said {done.stdout!r} where the news was {expected!r}")
    return (time.perf_counter() - started) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--reference", default="HEAD", help="the revision whose runners are measured beside ('' for none)")
    parser.add_argument("--python", default=os.path.realpath(sys.executable))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skillopt-bench-runners-") as work:
        root = Path(work)
        unstamped = root / "pending" / "plugin-data-without-stamp"  # a folder where the stamp would go
        (unstamped / "session-start-answer").mkdir(parents=True)
        (unstamped / "interpreter").write_text(args.python + "\n")
        stop = json.dumps({"session_id": SESSION, "hook_event_name": "Stop",
                           "transcript_path": str(root / "t.jsonl"), "cwd": str(root)})
        prompt = json.dumps({"session_id": SESSION, "hook_event_name": "UserPromptSubmit",
                             "transcript_path": str(root / "t.jsonl"), "cwd": str(root),
                             "prompt": "The export fails on an empty table; fix it and add a test."})
        plugins = {"this tree": REPO / "plugin"}
        if args.reference:
            plugins[args.reference] = unpack(args.reference, root / "reference")
        cases = {}
        for number, (label, plugin) in enumerate(plugins.items()):
            # Each tree its own data folders: a tree's saved answer names its engine, so trees
            # sharing one would keep sending each other back to the reader.
            data, env = prepared(root / f"pending-{number}", args.python)
            quiet_data, quiet_env = prepared(root / f"quiet-{number}", args.python, pending=False)
            after_data, after_env = prepared(root / f"after-command-{number}", args.python)
            news_data, news_env = prepared(root / f"news-{number}", args.python)
            cases.setdefault("floor: python3 -I -S -c pass", ([args.python, "-I", "-S", "-c", "pass"], "", env, None))
            start = [str(plugin / "runners" / "skillopt-sleep"), "--plugin-data"]
            tail = ["--no-install", "session-start", "--agent", "claude-code"]
            cases[f"SessionStart, pending, {label}"] = ([*start, str(data), *tail], "", env, None)
            cases[f"SessionStart, nothing, {label}"] = ([*start, str(quiet_data), *tail], "", quiet_env, None)
            cases[f"SessionStart, after a command, {label}"] = ([*start, str(after_data), *tail], "", after_env,
                                                                touch(Path(after_env["SKILLOPT_SLEEP_HOME"]) / "data"))
            cases[f"SessionStart, after news, {label}"] = ([*start, str(news_data), *tail], "", news_env,
                                                           news(Path(news_env["SKILLOPT_SLEEP_HOME"]) / "data" / "store.db"))
            if label == "this tree":
                cases[f"SessionStart, pending, no stamp, {label}"] = ([*start, str(unstamped), *tail], "", env, None)
            asked = plugin / "runners" / "skillopt-sleep-asked"
            if asked.exists():  # at every prompt; one that is not the slash command starts no Python
                cases[f"UserPromptSubmit, another prompt, {label}"] = ([str(asked), "--plugin-data", str(data)], prompt, env, None)
            allow = plugin / "runners" / "skillopt-sleep-allow"
            if allow.exists():  # only for a Bash command naming skillopt-sleep-command (the hook's `if`)
                typed = typed_status(data, prompt_id="p-1")
                cases[f"PreToolUse, typed status, {label}"] = (
                    [str(allow), "--plugin-data", str(data)], status_call(plugin, data, "p-1"), env, lambda: '"allow"')
                cases[f"PreToolUse, nothing typed, {label}"] = (
                    [str(allow), "--plugin-data", str(quiet_data)], status_call(plugin, quiet_data, "p-1"), quiet_env,
                    lambda: "")
                assert typed.is_file()
            cases[f"Stop hook, {label}"] = ([str(plugin / "runners" / "skillopt-sleep-hook"), "--plugin-data", str(data),
                                             "--agent", "claude-code"], stop, env, None)
        for command, payload, case_env, _ in cases.values():  # bytecode cached, as after the first start
            run(command, case_env, payload)
        # The first Stop created the spool, which changed the data folder: two seconds on, with the
        # stamps cleared, a start leaves one that is newer than that change (stamps are dated a
        # second back), as a start after a night or a command leaves it when its news changed.
        time.sleep(2)
        for stamp in root.glob("*/plugin-data/session-start-answer"):
            stamp.unlink()
        for command, payload, case_env, before in cases.values():
            run(command, case_env, payload, before)
        walls: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(args.runs):
            for name, (command, payload, case_env, before) in cases.items():
                walls[name].append(run(command, case_env, payload, before))
    floor = statistics.median(walls["floor: python3 -I -S -c pass"])
    print(f"interpreter: {args.python} ({args.runs} runs each, interleaved)")
    for name, values in walls.items():
        p50 = statistics.median(values)
        print(f"{name:52s} p50 {p50:6.1f} ms  ({p50 / floor:.2f}x the floor's p50)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
