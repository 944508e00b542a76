"""End to end through the real `claude` CLI with this plugin loaded (`--plugin-dir`), against
loopback fake model servers:

sessions end -> the plugin's hooks record them -> the scheduled entry (run as cron would run it)
ingests and mines them and runs a night with the frozen config -> a proposal is staged -> the
next session's SessionStart context announces it -> `/skillopt-sleep review` runs the engine
through the agent -> adopt changes SKILL.md with a backup -> revert restores it byte for byte ->
the user rejects the rule, and the next night does not propose it again.

The night's own models are served by a fake OpenAI-compatible server (the real openai SDK over
HTTP): the student follows its skill literally and the teacher proposes nothing, so what is
tested is the plumbing, not learning.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.fakes import FakeAnthropic, FakeOpenAI, claude_cli_path, claude_env, text, tool_use

REPO = Path(__file__).resolve().parent.parent
PLUGIN = REPO / "plugin"
COMMAND = PLUGIN / "runners" / "skillopt-sleep-command"
CHANGE = PLUGIN / "runners" / "skillopt-sleep-change"
SKILL = "---\nname: brief-writer\ndescription: Writes decision briefs\n---\n\n# Brief Writer\n\nWrite a short brief.\n"
PROMPTS = [
    "Summarise the case for open-sourcing our core library, and include a Key Risks section.",
    "Outline whether we should hire a first salesperson before product-market fit, and include a Key Risks section.",
    "Lay out the arguments for building payments in-house, and include a Key Risks section.",
    "Weigh a bridge round against cutting burn, and include a Key Risks section.",
    "Compare a freemium tier with a free trial for our analytics product, and include a Key Risks section.",
    "Assess moving the support team to a follow-the-sun rota, and include a Key Risks section.",
]
COMMAND_LINE = r'"([^"\n]*/runners/skillopt-sleep-command)" --plugin-data "([^"\n]+)" review'
FAKE_CRONTAB = """#!/bin/sh
case "$1" in
  -l) [ -f "$FAKE_CRONTAB_FILE" ] || { echo "no crontab for $(id -un)" >&2; exit 1; }; cat "$FAKE_CRONTAB_FILE" ;;
  -r) rm -f "$FAKE_CRONTAB_FILE" ;;
  -) cat >"$FAKE_CRONTAB_FILE" ;;
esac
"""


def cli_or_skip() -> Path:
    try:
        return claude_cli_path()
    except (FileNotFoundError, ImportError) as exc:
        pytest.skip(f"no claude CLI: {exc}")


def night_models(request):
    if request.model == "student-mini":
        return text("Answer.\n\n## Key Risks\n- cost" if "Key Risks" in request.system else "Answer.")
    return text(json.dumps({"diagnosis": "n/a", "edits": []}))


def spooled_or_stored(home: Path) -> int:
    """Captures recorded so far, wherever the hook put them (the store may not exist yet)."""
    count = 0
    spool = home / "data" / "capture-spool.jsonl"
    if spool.is_file():
        count += len(spool.read_text().splitlines())
    store = home / "data" / "store.db"
    if store.is_file():
        from skillopt_sleep.store import Store

        with Store(store) as opened:
            count += opened.query_one("SELECT COUNT(*) AS n FROM captures")["n"]
    return count


def test_sessions_to_night_to_proposal_to_adopt_and_revert(tmp_path, monkeypatch):
    claude = cli_or_skip()
    sk_home = tmp_path / "sk"
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(sk_home))
    project = tmp_path / "proj"
    skill = project / ".claude" / "skills" / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_bytes(SKILL.encode())
    original = skill.read_bytes()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "crontab").write_text(FAKE_CRONTAB)
    (bin_dir / "crontab").chmod(0o755)
    crontab_file = tmp_path / "crontab.txt"

    with FakeAnthropic() as agent_model, FakeOpenAI() as night_server:
        night_server.respond_with(night_models)
        env = claude_env(agent_model, tmp_path / "user")
        env = {k: v for k, v in env.items() if not k.startswith("SKILLOPT_SLEEP_")}
        env.update({"SKILLOPT_SLEEP_HOME": str(sk_home), "SKILLOPT_SLEEP_PYTHON": sys.executable,
                    "FAKE_CRONTAB_FILE": str(crontab_file), "PATH": f"{bin_dir}{os.pathsep}{env['PATH']}"})

        def session(prompt: str, *extra: str) -> dict:
            result = subprocess.run([str(claude), "-p", prompt, "--output-format", "json", "--plugin-dir", str(PLUGIN),
                                     "--model", "claude-haiku-4-5", *extra], env=env, cwd=project,
                                    capture_output=True, text=True, timeout=180)
            assert result.returncode == 0, result.stdout + result.stderr
            return json.loads(result.stdout)

        def engine(*argv: str) -> subprocess.CompletedProcess:
            script = CHANGE if argv[0] in ("adopt", "reject", "revert", "schedule", "unschedule") else COMMAND
            result = subprocess.run([str(script), *argv], env=env, cwd=project, capture_output=True, text=True, timeout=300)
            assert result.returncode == 0, result.stdout + result.stderr
            return result

        # 1. Real sessions end; the plugin's Stop / SessionEnd hooks record them.
        agent_model.respond_with(lambda request: text("Here is a brief. We should go ahead."))
        running = [subprocess.Popen([str(claude), "-p", prompt, "--output-format", "json", "--plugin-dir", str(PLUGIN),
                                     "--model", "claude-haiku-4-5"], env=env, cwd=project, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True) for prompt in PROMPTS]
        for finished in running:
            out, err = finished.communicate(timeout=180)
            assert finished.returncode == 0, out + err
        deadline = time.monotonic() + 30
        while spooled_or_stored(sk_home) < len(PROMPTS) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert spooled_or_stored(sk_home) >= len(PROMPTS)
        assert not (sk_home / "data" / "staging").exists()

        # 2. Schedule the night with the full config; headless `claude -p` runs count as work here.
        engine("schedule", "--skill", ".claude/skills/brief-writer/SKILL.md", "--time", "03:30",
               "--student", "openai:student-mini", "--teacher", "openai:teacher-mini",
               "--set", f"student.base_url={night_server.base_url}", "--set", f"teacher.base_url={night_server.base_url}",
               "--set", "capture.include_headless=true", "--set", "night.val_fraction=0.5", "--set", "night.seed=3",
               "--set", "rules.min_tasks=1")  # six sessions: three held out, as the gate needs at 0.8
        from skillopt_sleep.schedule.entry import log_path
        from skillopt_sleep.schedule.due import iso_utc, read_state, state_path, write_state

        state_file = state_path("default")
        state = read_state(state_file)
        state.scheduled_at = iso_utc(time.time() - 36 * 3600)  # installed yesterday; tonight's run is due
        write_state(state_file, state)

        # 3. Cron fires the entry: bare environment, cwd HOME.
        cron_line = next(l for l in crontab_file.read_text().splitlines() if "scheduled-run" in l)
        bare = {"HOME": str(tmp_path / "user"), "LOGNAME": "nobody", "SHELL": "/bin/sh", "PATH": "/usr/bin:/bin"}
        fired = subprocess.run(["/bin/sh", "-c", cron_line.split(None, 5)[5]], env=bare, cwd=tmp_path / "user",
                               capture_output=True, text=True, timeout=300)
        log = log_path("default").read_text()
        assert fired.returncode == 0, log
        assert "ingest: " in log and "mine: " in log
        match = re.search(r"finished: accepted; proposal (\S+) staged", log)
        assert match, log
        proposal = match.group(1)
        assert skill.read_bytes() == original  # staged, not applied

        # 4. The next session hears about it from the SessionStart hook, and 5. `/skillopt-sleep review`
        # makes the agent run the engine: the command's text reaches the model with its runner path.
        def reviewer(request):
            if request.tool_results:
                return text("The engine printed: " + request.tool_results[-1][:4000])
            found = re.search(COMMAND_LINE, request.text)
            assert found, "the command body did not reach the model with its runner path"
            return tool_use("Bash", {"command": found.group(0), "description": "review the proposal"})

        agent_model.respond_with(reviewer)
        before = len(agent_model.requests)
        reviewed = session("/skillopt-sleep:skillopt-sleep review")
        first_turn = agent_model.requests[before].text
        announced = re.search(r"skillopt-sleep: 1 proposal pending for skill brief-writer: held-out (\d\.\d\d) → (\d\.\d\d); "
                              r"/skillopt-sleep review", first_turn)
        assert announced, first_turn[-3000:]
        assert float(announced.group(2)) > float(announced.group(1))
        assert reviewed["permission_denials"] == []
        line = re.search(COMMAND_LINE, first_turn)
        assert Path(line.group(1)) == COMMAND  # ${CLAUDE_PLUGIN_ROOT} resolved inside the plugin tree
        assert Path(line.group(2)).parent == tmp_path / "user" / ".claude" / "plugins" / "data"  # and ${CLAUDE_PLUGIN_DATA}
        review_output = agent_model.requests[-1].tool_results[-1]
        assert proposal in review_output and "Key Risks" in review_output and "Arithmetic:" in review_output
        assert "The engine printed:" in reviewed["result"]

        # 6. adopt changes SKILL.md and keeps a backup of the exact bytes.
        adopted = engine("adopt", proposal)
        assert skill.read_bytes() != original and b"Key Risks" in skill.read_bytes()
        backups = [p for p in (sk_home / "data").rglob("*") if p.is_file() and p.read_bytes() == original and p != skill]
        assert backups, adopted.stdout

        # Nothing is pending any more, so a new session hears nothing.
        quiet = subprocess.run([str(PLUGIN / "runners" / "skillopt-sleep"), "--no-install", "session-start"],
                               env=env, cwd=project, capture_output=True, text=True, timeout=60)
        assert quiet.returncode == 0 and quiet.stdout == ""

        # 7. revert restores it byte for byte; without a terminal it asks nothing and rejects nothing.
        reverted = engine("revert")
        assert skill.read_bytes() == original and "/skillopt-sleep reject" in reverted.stdout

        # 8. The user says no to the rule. The next night (in the issue it staged the same rule again
        # 20 s after a revert) holds it back, stages nothing, and the next session hears nothing.
        assert "Rejected proposal" in engine("reject", proposal).stdout
        state = read_state(state_file)
        state.last_success_at = state.last_attempt_at = None
        state.scheduled_at = iso_utc(time.time() - 36 * 3600)
        write_state(state_file, state)
        fired = subprocess.run(["/bin/sh", "-c", cron_line.split(None, 5)[5]], env=bare, cwd=tmp_path / "user",
                               capture_output=True, text=True, timeout=300)
        log = log_path("default").read_text()
        assert fired.returncode == 0, log
        assert re.findall(r"finished: accepted; proposal (\S+) staged", log) == [proposal], log
        assert "1 rule(s) held back: you rejected them before" in log
        assert skill.read_bytes() == original
        quiet = subprocess.run([str(PLUGIN / "runners" / "skillopt-sleep"), "--no-install", "session-start"],
                               env=env, cwd=project, capture_output=True, text=True, timeout=60)
        assert quiet.returncode == 0 and quiet.stdout == ""
        ledger = engine("rules").stdout
        assert "history: proposed 1x, adopted 1x, reverted 1x, held back 1x, rejected by you" in ledger, ledger

        engine("unschedule")
        assert "scheduled-run" not in crontab_file.read_text() if crontab_file.exists() else True
