"""The pins the tests run under, and the table the drift check keeps in docs/compatibility.md."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

from tests.agent_clis import NODE_AGENTS_ENV, PINNED_NODE_AGENTS

REPO = Path(__file__).resolve().parent.parent
LOCKS = REPO / "locks"


def drift_module():
    spec = importlib.util.spec_from_file_location("drift", REPO / "scripts" / "drift.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def python_pins() -> dict[str, str]:
    pins = {}
    for line in (LOCKS / "python.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, pinned = line.partition("==")
            assert pinned and re.fullmatch(r"[\w.!+]+", pinned), f"not an exact pin: {line!r}"
            pins[name.lower().replace("_", "-")] = pinned
    return pins


def npm_pins() -> dict[str, str]:
    pins = {}
    for line in (LOCKS / "agents.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, pinned = line.strip().rpartition("@")
            assert name and re.fullmatch(r"\d+\.\d+\.\d+[\w.\-]*", pinned), f"not an exact npm version: {line!r}"
            pins[name] = pinned
    return pins


def test_every_sdk_and_cli_the_tests_drive_is_pinned_exactly():
    python = python_pins()
    for name in ("claude-agent-sdk", "anthropic", "openai", "pytest", "hypothesis", "detect-secrets"):
        assert name in python, f"{name} is not pinned in locks/python.txt"
    drift = drift_module()
    assert set(npm_pins()) == {package for _, package, _ in drift.AGENTS if package}


def test_the_environment_runs_the_pinned_python_packages():
    for name, pinned in python_pins().items():
        if name in ("pip", "setuptools"):
            continue  # the installer's own, and the build backend's (pip builds in isolation)
        try:
            installed = version(name)
        except PackageNotFoundError:
            continue  # pinned for a platform or Python other than this one
        assert installed == pinned, f"{name} {installed} is installed, locks/python.txt pins {pinned}"


def test_the_npm_agents_installed_are_the_pinned_ones(monkeypatch):
    if not PINNED_NODE_AGENTS.joinpath("node_modules").is_dir():
        pytest.skip("the npm agents are not installed (scripts/test.sh installs them)")
    monkeypatch.delenv(NODE_AGENTS_ENV, raising=False)
    for package, pinned in npm_pins().items():
        manifest = PINNED_NODE_AGENTS / "node_modules" / package / "package.json"
        assert json.loads(manifest.read_text())["version"] == pinned, package


def test_the_compatibility_table_parses_and_names_the_pins():
    drift = drift_module()
    rows = drift.parse_table((REPO / "docs" / "compatibility.md").read_text(encoding="utf-8"))
    assert set(rows) == {agent for agent, _, _ in drift.AGENTS}
    for agent, pinned in drift.pinned_versions().items():
        assert rows[agent]["pinned"] == pinned, f"docs/compatibility.md is older than locks/ for {agent}"
        assert rows[agent]["newest tried"] and rows[agent]["status"]


def test_a_table_written_is_the_table_read(tmp_path):
    drift = drift_module()
    reports = {agent: drift.AgentReport(agent, version="9.9.9") for agent, _, _ in drift.AGENTS}
    reports["codex"].unknown[drift.RECORD].add("event_msg/new_thing")
    reports["pi"].failed.append("tests/test_capture_live_hooks.py::test_a_real_pi_session")
    page = tmp_path / "compatibility.md"
    page.write_text(f"before\n\n{drift.BEGIN}\nold\n{drift.END}\n\nafter\n")
    drift.write_table(page, drift.render_table(drift.pinned_versions(), reports, newest=True))
    rows = drift.parse_table(page.read_text())
    assert rows["codex"]["status"] == "unknown record types: event_msg/new_thing"
    assert rows["pi"]["status"] == "1 failed" and rows["claude-code"]["status"] == "ok (0 tests)"
    assert page.read_text().startswith("before\n") and page.read_text().endswith("\nafter\n")
