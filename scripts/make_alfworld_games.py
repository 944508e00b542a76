"""Writes the small set of ALFWorld-style games the alfworld adapter bundles (our own rooms,
written here, in ALFWorld's PDDL domain): for each game a problem.pddl and a traj_data.json under
skillopt_sleep/data/benchmarks/alfworld/json_2.1.1/<split>/<task type>-<object>-<receptacle>-<n>/trial_<n>/.
The adapter turns each into a real game with the installed alfworld package's domain and grammar.

    python scripts/make_alfworld_games.py
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "skillopt_sleep" / "data" / "benchmarks" / "alfworld" / "json_2.1.1"
RECEPTACLES = {  # name -> (type, openable)
    "CounterTop": ("CounterTopType", False), "DiningTable": ("DiningTableType", False),
    "Cabinet": ("CabinetType", True), "Drawer": ("DrawerType", True), "Shelf": ("ShelfType", False),
    "Fridge": ("FridgeType", True), "Microwave": ("MicrowaveType", True), "Sink": ("SinkBasinType", False),
}
OBJECTS = {"Apple": "coolable heatable cleanable", "Potato": "coolable heatable cleanable", "Mug": "coolable heatable cleanable",
           "Tomato": "coolable heatable cleanable", "Egg": "coolable heatable", "Cup": "coolable cleanable",
           "Plate": "cleanable", "Bread": "coolable heatable", "Lettuce": "coolable cleanable"}
PLACES = ("CounterTop", "DiningTable", "Cabinet", "Drawer", "Shelf")
GOALS = {  # task type -> (the predicate the object must end with, the wording of the goal)
    "pick_and_place_simple": ("", "put some {obj} in {recep}"),
    "pick_cool_then_place_in_recep": ("isCool", "cool some {obj} and put it in {recep}"),
    "pick_heat_then_place_in_recep": ("isHot", "heat some {obj} and put it in {recep}"),
    "pick_clean_then_place_in_recep": ("isClean", "clean some {obj} and put it in {recep}"),
}
NEEDS = {"isCool": "coolable", "isHot": "heatable", "isClean": "cleanable"}
SPLITS = (("train", 12), ("valid_seen", 4), ("valid_unseen", 4))


def coordinate(value: float) -> str:
    sign = "plus" if value >= 0 else "minus"
    return f"_{sign}_{abs(value):05.2f}".replace(".", "_dot_")


def object_id(name: str, rng: random.Random) -> str:
    parts = "".join(f"_bar_{coordinate(rng.uniform(-3, 3))}" for _ in range(3))
    return f"{name}{parts}" + ("_bar_SinkBasin" if name == "Sink" else "")


def problem(rng: random.Random, task_type: str) -> tuple[str, dict]:
    state, wording = GOALS[task_type]
    target = rng.choice([o for o, traits in OBJECTS.items() if not state or NEEDS[state] in traits])
    goal_recep = rng.choice([r for r in PLACES if r not in ("Drawer",)])
    others = rng.sample([o for o in OBJECTS if o != target], 2)
    receps = {name: object_id(name, rng) for name in RECEPTACLES}
    locations = {name: f"loc_bar_{rng.randint(-9, 9)}_bar_{rng.randint(-9, 9)}_bar_{rng.choice((0, 1, 2, 3))}_bar_{30 + i}"
                 .replace("-", "m") for i, name in enumerate(RECEPTACLES)}
    objects = {name: object_id(name, rng) for name in (target, *others)}
    placed = {name: rng.choice([p for p in PLACES if p != goal_recep]) for name in objects}
    lines = ["agent1 - agent"]
    lines += sorted({f"{o}Type - otype" for o in OBJECTS}) + sorted({f"{t} - rtype" for t, _ in RECEPTACLES.values()})
    lines += [f"{oid} - object" for oid in objects.values()] + [f"{rid} - receptacle" for rid in receps.values()]
    lines += [f"{loc} - location" for loc in locations.values()] + ["loc_bar_0_bar_0_bar_0_bar_30 - location"]
    facts = ["(atLocation agent1 loc_bar_0_bar_0_bar_0_bar_30)"]
    for name, (rtype, openable) in RECEPTACLES.items():
        facts += [f"(receptacleType {receps[name]} {rtype})", f"(receptacleAtLocation {receps[name]} {locations[name]})"]
        facts += [f"(openable {receps[name]})"] if openable else []
        facts += [f"(canContain {rtype} {o}Type)" for o in OBJECTS if name not in ("Microwave", "Sink") or o != "Lettuce"]
    for name, oid in objects.items():
        where = placed[name]
        facts += [f"(objectType {oid} {name}Type)", f"(pickupable {oid})", f"(inReceptacle {oid} {receps[where]})",
                  f"(objectAtLocation {oid} {locations[where]})"]
        facts += [f"({trait} {oid})" for trait in OBJECTS[name].split()]
    condition = f"\n(objectType ?o {target}Type)\n(receptacleType ?r {RECEPTACLES[goal_recep][0]})"
    condition += f"\n({state} ?o)" if state else ""
    text = (f"(define (problem plan_{task_type})\n(:domain alfred)\n(:objects\n" + "\n".join(lines) + "\n)\n(:init\n"
            + "\n".join(facts) + "\n)\n(:goal\n(and\n(exists (?r - receptacle)\n(exists (?o - object)\n(and\n(inReceptacle ?o ?r)"
            + condition + "\n)))))\n)\n")
    goal = wording.format(obj=target.lower(), recep=goal_recep.lower())
    traj = {"task_type": task_type, "goal": goal,
            "pddl_params": {"object_target": target, "parent_target": goal_recep}}
    return text, traj


def main() -> None:
    rng = random.Random(34)
    shutil.rmtree(ROOT, ignore_errors=True)
    number, goals = 0, set()
    for split, count in SPLITS:
        for index in range(count):
            number += 1
            task_type = list(GOALS)[index % len(GOALS)]
            text, traj = problem(rng, task_type)
            while traj["goal"] in goals:  # every game its own goal
                text, traj = problem(rng, task_type)
            goals.add(traj["goal"])
            params = traj["pddl_params"]
            folder = ROOT / split / f"{task_type}-{params['object_target']}-None-{params['parent_target']}-{900 + number}" / f"trial_{number:04d}"
            folder.mkdir(parents=True)
            (folder / "problem.pddl").write_text(text)
            (folder / "traj_data.json").write_text(json.dumps(traj, indent=1) + "\n")
    print(f"wrote {number} games under {ROOT}")


if __name__ == "__main__":
    main()
