"""Run the tests that drive the agents for real against given agent CLIs, and say what changed.

    python scripts/drift.py [--claude PATH] [--node-agents DIR] [--write docs/compatibility.md]

With no option it runs the versions pinned in locks/; scripts/drift.sh installs the newest
releases into a scratch folder and passes them here. For each agent it prints the version run,
the record types and hook payload fields the capture met and does not know (from the stores the
tests wrote, and from a harvest of every agent home the tests left), and the tests that failed.
--write replaces the table in docs/compatibility.md with this run's.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from skillopt_sleep.capture.harvest import Homes, harvest  # noqa: E402
from skillopt_sleep.capture.report import IngestOptions  # noqa: E402
from skillopt_sleep.capture.unknown import HOOK_FIELD, RECORD, stored_unknown  # noqa: E402
from skillopt_sleep.store import Store  # noqa: E402
from tests.agent_clis import CLAUDE_ENV, NODE_AGENTS_ENV, PLANTED  # noqa: E402

# The tests that run the real CLIs: live capture, the plugin, the headless students.
TESTS = (
    "tests/test_capture_e2e.py", "tests/test_capture_live_hooks.py", "tests/test_plugin.py", "tests/test_plugin_codex.py",
    "tests/test_e2e_plugin.py", "tests/test_e2e_marketplace.py", "tests/test_agent_headless.py", "tests/test_agent_codex.py",
    "tests/test_backend_codex.py", "tests/test_backend_fakes_cli.py", "tests/test_night_repo_headless.py",
)
# Agent name, its npm package (None: comes in claude-agent-sdk), its executable.
AGENTS = (
    ("claude-code", None, "claude"),
    ("codex", "@openai/codex", "codex"),
    ("copilot", "@github/copilot", "copilot"),
    ("opencode", "opencode-ai", "opencode"),
    ("pi", "@mariozechner/pi-coding-agent", "pi"),
)
# Which agent a test exercises: by a word in its name first, else by its file.
NAME_WORDS = (("copilot", "copilot"), ("opencode", "opencode"), ("_pi_", "pi"), ("codex", "codex"), ("claude", "claude-code"))
FILE_AGENT = {"test_plugin_codex": "codex", "test_agent_codex": "codex", "test_backend_codex": "codex"}
TABLE_HEAD = "| agent | pinned | newest tried | status |"
BEGIN, END = "<!-- drift table: begin -->", "<!-- drift table: end -->"


@dataclass
class AgentReport:
    agent: str
    version: str = "not installed"
    unknown: dict[str, set[str]] = field(default_factory=lambda: {RECORD: set(), HOOK_FIELD: set()})
    failed: list[str] = field(default_factory=list)
    passed: int = 0

    def status(self) -> str:
        problems = [f"{len(self.failed)} failed"] if self.failed else []
        for kind, words in ((RECORD, "unknown record types"), (HOOK_FIELD, "unknown hook fields")):
            if self.unknown[kind]:
                problems.append(f"{words}: {', '.join(sorted(self.unknown[kind]))}")
        if self.version == "not installed":
            problems.append("not installed")
        return "; ".join(problems) or f"ok ({self.passed} tests)"


def pinned_versions() -> dict[str, str]:
    """Each agent's version in locks/: npm specs, and claude-agent-sdk's for Claude Code."""
    versions = {}
    specs = [line.strip() for line in (REPO / "locks" / "agents.txt").read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    for agent, package, _ in AGENTS:
        if package is None:
            sdk = re.search(r"^claude-agent-sdk==(\S+)$", (REPO / "locks" / "python.txt").read_text(), re.M)
            versions[agent] = f"claude-agent-sdk {sdk.group(1)}" if sdk else "?"
        else:
            versions[agent] = next((spec.rsplit("@", 1)[1] for spec in specs if spec.rsplit("@", 1)[0] == package), "?")
    return versions


def cli_version(path: Path | None) -> str:
    if path is None or not path.exists():
        return "not installed"
    with tempfile.TemporaryDirectory() as home:  # a CLI may write its settings on any start
        try:
            done = subprocess.run([str(path), "--version"], capture_output=True, text=True, timeout=60,
                                  stdin=subprocess.DEVNULL, env={**os.environ, "HOME": home})
        except (OSError, subprocess.TimeoutExpired):
            return "unknown"
    out = done.stdout + done.stderr  # pi prints its version on stderr
    found = re.search(r"\d+\.\d+\.\d+(?:[-+][\w.]*\w)?", out)
    return found.group(0) if found else (out.strip().splitlines() or ["unknown"])[0]


def agent_of(test_file: str, test_name: str) -> str:
    lowered = f"_{test_name.lower()}_"
    for word, agent in NAME_WORDS:
        if word in lowered:
            return agent
    return FILE_AGENT.get(test_file, "claude-code")


def run_tests(env: dict[str, str], basetemp: Path, junit: Path, tests: tuple[str, ...]) -> int:
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--basetemp={basetemp}",
               f"--junitxml={junit}", *tests]
    return subprocess.run(command, cwd=REPO, env=env).returncode


def read_results(junit: Path, reports: dict[str, AgentReport]) -> None:
    if not junit.exists():
        return
    for case in ET.parse(junit).getroot().iter("testcase"):
        test_file = (case.get("classname") or "").rsplit(".", 1)[-1]
        name = case.get("name") or ""
        report = reports[agent_of(test_file, name)]
        if case.find("failure") is not None or case.find("error") is not None:
            report.failed.append(f"{test_file}::{name}")
        elif case.find("skipped") is None:
            report.passed += 1


def read_unknown(basetemp: Path, reports: dict[str, AgentReport]) -> None:
    """What the tests' own stores counted, and what a harvest of every agent home they left finds."""
    for path in basetemp.rglob("*.db"):
        try:
            with Store(path, read_only=True) as store:
                names = stored_unknown(store)
        except Exception:  # an agent's own database (OpenCode's, Copilot's), not a store
            continue
        for name in names:
            if name.agent in reports and PLANTED not in name.name:
                reports[name.agent].unknown[name.kind].add(name.name)
    with tempfile.TemporaryDirectory() as scratch:
        with Store(Path(scratch) / "drift.db") as store:
            for home in sorted(p for p in basetemp.rglob("home") if p.is_dir()):
                report = harvest(store, Homes.from_env({"HOME": str(home)}), IngestOptions(include_headless=True))
                for (agent, kind, name), _ in report.unknown.counts.items():
                    if agent in reports and PLANTED not in name:
                        reports[agent].unknown[kind].add(name)


def render_table(pinned: dict[str, str], reports: dict[str, AgentReport], newest: bool) -> str:
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    lines = [BEGIN, f"Last run: {when}, {'the newest releases' if newest else 'the pinned versions'}.", "", TABLE_HEAD,
             "| --- | --- | --- | --- |"]
    for agent, _, _ in AGENTS:
        report = reports[agent]
        lines.append(f"| {agent} | {pinned[agent]} | {report.version} | {report.status()} |")
    return "\n".join([*lines, END])


def parse_table(text: str) -> dict[str, dict[str, str]]:
    """The rows of the table in docs/compatibility.md, by agent."""
    body = text[text.index(BEGIN):text.index(END)]
    rows = {}
    for line in body.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("agent", "---"):
            rows[cells[0]] = dict(zip(("agent", "pinned", "newest tried", "status"), cells))
    return rows


def write_table(path: Path, table: str) -> None:
    text = path.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    path.write_text(text[:start] + table + text[end:], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--claude", type=Path, help="the claude executable to test (default: the pinned SDK's)")
    parser.add_argument("--node-agents", type=Path, help="an npm prefix holding codex, copilot, opencode and pi")
    parser.add_argument("--write", type=Path, help="replace the table in this file with this run's")
    parser.add_argument("tests", nargs="*", help="test files to run instead of the default set")
    args = parser.parse_args(argv)

    env = dict(os.environ)
    if args.claude:
        env[CLAUDE_ENV] = str(args.claude.resolve())
    if args.node_agents:
        env[NODE_AGENTS_ENV] = str(args.node_agents.resolve())
    os.environ.update({k: env[k] for k in (CLAUDE_ENV, NODE_AGENTS_ENV) if k in env})
    from tests.agent_clis import claude_cli_path, node_cli_path

    reports = {agent: AgentReport(agent) for agent, _, _ in AGENTS}
    for agent, package, executable in AGENTS:
        reports[agent].version = cli_version(claude_cli_path() if package is None else node_cli_path(executable))
    with tempfile.TemporaryDirectory(prefix="skillopt-drift-") as scratch:
        basetemp, junit = Path(scratch) / "tests", Path(scratch) / "junit.xml"
        code = run_tests(env, basetemp, junit, tuple(args.tests) or TESTS)
        read_results(junit, reports)
        read_unknown(basetemp, reports)
    print()
    for report in reports.values():
        print(f"{report.agent} {report.version}: {report.status()}")
        for test in report.failed:
            print(f"  failed: {test}")
    if args.write:
        write_table(args.write, render_table(pinned_versions(), reports, newest=bool(args.claude or args.node_agents)))
        print(f"wrote the table in {args.write}")
    return 0 if code in (0, 5) and not any(r.failed for r in reports.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
