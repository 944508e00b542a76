"""This plugin's own skill is how the user drives the engine: sessions that used it (by either of
its names, or by any name that resolves into the plugin's cache copy) never list it among the
user's skills, and no night targets it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from skillopt_sleep.cli import main
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.ownskill import in_this_plugin, is_own_skill
from skillopt_sleep.tasks.skilluse import plan_nights
from skillopt_sleep.tasks.taskstore import TaskRepo
from tests.test_skill_nights import session_copy, skill_text, world  # noqa: F401 - world is a fixture

PLUGIN = Path(__file__).resolve().parents[1] / "plugin"


def cached_plugin(home: Path) -> Path:
    """The plugin as Claude Code caches it, with a second skill of its own beside the slash command's."""
    root = home / ".claude" / "plugins" / "cache" / "skillopt-sleep" / "skillopt-sleep" / "0.1.0"
    shutil.copytree(PLUGIN / ".claude-plugin", root / ".claude-plugin")
    shutil.copytree(PLUGIN / "skills", root / "skills")
    (root / "skills" / "helper" / "SKILL.md").parent.mkdir(parents=True)
    (root / "skills" / "helper" / "SKILL.md").write_text(skill_text("helper"))
    return root


def test_the_plugin_s_own_skill_is_never_a_user_skill_nor_a_night(world, capsys):
    home, project, release, docs = world
    root = cached_plugin(home)
    for i, name in enumerate(["skillopt-sleep", "skillopt-sleep:skillopt-sleep", "skillopt-sleep:helper"] * 3):
        session_copy(home / ".claude" / "projects", project, name, f"Show the sleep status for repository number {i}")
    assert main(["harvest", "--json"]) == 0 and main(["mine", "--json"]) == 0
    capsys.readouterr()

    assert main(["skills", "--json"]) == 0
    names = {item["name"] for item in json.loads(capsys.readouterr().out)}
    assert "release-notes" in names and not {n for n in names if n.startswith("skillopt-sleep")}
    assert main(["status"]) == 0
    used = capsys.readouterr().out.split("Skills the sessions used:")[1]
    assert "release-notes" in used and "skillopt-sleep" not in used and str(root) not in used

    with Store() as store:
        tasks = TaskRepo(store).list()
        assert {t.skill for t in tasks} >= {"skillopt-sleep", "skillopt-sleep:helper"}  # mined, then left out
        plan = plan_nights(store, tasks, None)
    targets = [n.skill_path for n in plan.nights]
    assert release in targets and not [p for p in targets if in_this_plugin(p)]
    assert any("this plugin's own skill left out" in note for note in plan.notes)


def test_the_source_tree_and_the_cache_copy_are_this_plugin_and_a_user_skill_is_not(tmp_path):
    assert in_this_plugin(PLUGIN / "skills" / "skillopt-sleep" / "SKILL.md")
    assert in_this_plugin(cached_plugin(tmp_path) / "skills" / "helper" / "SKILL.md")
    other = tmp_path / "other" / "skills" / "lint" / "SKILL.md"
    other.parent.mkdir(parents=True)
    (tmp_path / "other" / ".claude-plugin").mkdir()
    (tmp_path / "other" / ".claude-plugin" / "plugin.json").write_text('{"name": "tools"}')
    assert not in_this_plugin(other) and not is_own_skill("lint", other)
    assert is_own_skill("skillopt-sleep:skillopt-sleep") and is_own_skill("skillopt-sleep")
