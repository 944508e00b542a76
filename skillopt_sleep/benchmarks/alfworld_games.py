"""ALFWorld: household tasks played as text games (TextWorld's PDDL engine with ALFWorld's domain),
each task an environment episode of up to 50 commands (the published step limit), scored by the
benchmark's success metric (the game is won, or not).

The data is the user's ALFWorld folder (`path`: what `alfworld-download` fills, $ALFWORLD_DATA),
laid out as `json_2.1.1/<split>/<task type>-.../<trial>/game.tw-pddl` with `traj_data.json`
beside each game. The native splits keep their roles: `train` gives train tasks, `valid_seen`
(in distribution) val tasks and `valid_unseen` (out of distribution) test tasks. As ALFWorld's
own loader does, games marked unsolvable and the movable / sliced trials are left out.

Without `path`, a small set of games of our own (scripts/make_alfworld_games.py) is used: each
trial holds a problem.pddl and a traj_data.json with the goal, made into a game with the
installed alfworld package's domain and grammar. Options: `path`, `splits`, `task_types`,
`limit` (games per split), `max_steps`. Needs `pip install 'skillopt-sleep[alfworld]'`.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from skillopt_sleep.benchmarks.base import Benchmark, bundled_dir, display_source, hash_files, take_options
from skillopt_sleep.errors import BenchmarkError
from skillopt_sleep.records import Judge, Task

STARTING_SKILL = """---
name: household-agent
description: Carries out household tasks in a text game, one command at a time.
---

# Household Agent

Reply with one command from the admissible commands on a line starting with Action:.
"""
SPLITS = {"train": "train", "valid_seen": "val", "valid_unseen": "test"}
TASK_TYPES = ("pick_and_place_simple", "look_at_obj_in_light", "pick_clean_then_place_in_recep",
              "pick_heat_then_place_in_recep", "pick_cool_then_place_in_recep", "pick_two_obj_and_place")
GOALS = {  # how a goal reads when the trial does not state one (our wording, from the trial's parameters)
    "pick_and_place_simple": "put some {obj} in {recep}",
    "look_at_obj_in_light": "look at a {obj} under the {toggle}",
    "pick_clean_then_place_in_recep": "clean some {obj} and put it in {recep}",
    "pick_heat_then_place_in_recep": "heat some {obj} and put it in {recep}",
    "pick_cool_then_place_in_recep": "cool some {obj} and put it in {recep}",
    "pick_two_obj_and_place": "put two {obj} in {recep}",
}
GAME_KEYS = ("pddl_domain", "grammar", "pddl_problem")
DATA_DIR = "json_2.1.1"
INSTALL_HINT = "pip install 'skillopt-sleep[alfworld]'"


def require_alfworld() -> None:
    missing = [name for name in ("textworld", "alfworld") if importlib.util.find_spec(name) is None]
    if missing:
        raise BenchmarkError(f"ALFWorld needs {' and '.join(missing)}, not installed; install with: {INSTALL_HINT}")


def layout_error(root: Path, why: str) -> BenchmarkError:
    return BenchmarkError(f"{root}: not an ALFWorld data folder ({why}); expected {DATA_DIR}/<train|valid_seen|valid_unseen>/"
                          "<task>/<trial>/game.tw-pddl with traj_data.json beside it, as alfworld-download leaves it")


def goal_of(traj: dict) -> str:
    if traj.get("goal"):
        return str(traj["goal"])
    params = traj.get("pddl_params") or {}
    words = {key: str(params.get(name) or "").lower() for key, name in
             (("obj", "object_target"), ("recep", "parent_target"), ("toggle", "toggle_target"))}
    return GOALS.get(str(traj.get("task_type")), "{obj}").format(**words)


def read_game(trial: Path) -> dict:
    """The game of one trial: its game.tw-pddl, or our problem.pddl made into one with the installed
    package's domain and grammar."""
    game_file = trial / "game.tw-pddl"
    if game_file.is_file():
        try:
            game = json.loads(game_file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise BenchmarkError(f"{game_file}: unreadable game: {exc}") from None
        missing = [key for key in GAME_KEYS if not isinstance(game, dict) or not game.get(key)]
        if missing:
            raise BenchmarkError(f"{game_file}: not a TextWorld PDDL game (missing {', '.join(missing)})")
        return game
    import alfworld  # optional dependency: its domain and grammar make our problems into games

    logic = Path(alfworld.__file__).parent / "data"
    traj = json.loads((trial / "traj_data.json").read_text(encoding="utf-8"))
    grammar = (logic / "alfred.twl2").read_text(encoding="utf-8").replace("UNKNOWN GOAL", goal_of(traj))
    return {"pddl_domain": (logic / "alfred.pddl").read_text(encoding="utf-8"), "grammar": grammar,
            "pddl_problem": (trial / "problem.pddl").read_text(encoding="utf-8"), "solvable": True}


def game_provider(max_steps: int):
    from skillopt_sleep.benchmarks.alfworld_env import AlfWorldGame

    return lambda task: AlfWorldGame(read_game(Path(task.meta["trial"])), max_steps)


def trials(root: Path, split: str, task_types: list[str]) -> list[Path]:
    found = []
    for traj_file in sorted((root / DATA_DIR / split).glob("*/*/traj_data.json")):
        trial = traj_file.parent
        if "movable" in str(trial) or "Sliced" in str(trial):
            continue
        if trial.parent.name.split("-", 1)[0] not in task_types:
            continue
        if not (trial / "game.tw-pddl").is_file() and not (trial / "problem.pddl").is_file():
            continue
        found.append(trial)
    return found


def solvable(trial: Path) -> bool:
    game_file = trial / "game.tw-pddl"
    if not game_file.is_file():
        return True
    try:
        return bool(json.loads(game_file.read_text(encoding="utf-8")).get("solvable", False))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, AttributeError) as exc:
        raise BenchmarkError(f"{game_file}: unreadable game: {exc}") from None


def load(options: dict) -> Benchmark:
    opts = take_options(options, {"path": None, "splits": list(SPLITS), "task_types": list(TASK_TYPES), "limit": None,
                                  "max_steps": 50}, "alfworld")
    require_alfworld()
    root = Path(opts["path"]).expanduser() if opts["path"] else bundled_dir("alfworld")
    if not (root / DATA_DIR).is_dir():
        raise layout_error(root, f"no {DATA_DIR} folder")
    unknown = [s for s in opts["splits"] if s not in SPLITS] + [t for t in opts["task_types"] if t not in TASK_TYPES]
    if unknown:
        raise BenchmarkError(f"benchmark 'alfworld': unknown split or task type {', '.join(unknown)}; splits: "
                             f"{', '.join(SPLITS)}; task types: {', '.join(TASK_TYPES)}")
    tasks, files = [], []
    for split in opts["splits"]:
        chosen = [t for t in trials(root, split, opts["task_types"]) if solvable(t)]
        chosen = chosen[: int(opts["limit"])] if opts["limit"] else chosen
        for trial in chosen:
            traj_file = trial / "traj_data.json"
            try:
                traj = json.loads(traj_file.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise BenchmarkError(f"{traj_file}: unreadable: {exc}") from None
            task_type = str(traj.get("task_type") or trial.parent.name.split("-", 1)[0])
            files += [traj_file, *[p for p in (trial / "game.tw-pddl", trial / "problem.pddl") if p.is_file()]]
            tasks.append(Task(
                task_id=f"alfworld-{split}-{trial.parent.name}-{trial.name}",
                intent=f"Your task is to: {goal_of(traj)}.", judge=Judge(kind="rule"), skill="household-agent",
                origin="benchmark", split=SPLITS[split],
                meta={"benchmark": "alfworld", "trial": str(trial), "task_type": task_type, "alfworld_split": split},
            ))
    if not tasks:
        raise layout_error(root, f"no solvable game in {', '.join(opts['splits'])}")
    return Benchmark(name="alfworld", tasks=tasks, skill_text=STARTING_SKILL, tool_provider=game_provider(int(opts["max_steps"])),
                     source=display_source(root), data_hash=hash_files(files), metric="hard")
