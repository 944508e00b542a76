from dataclasses import replace

import pytest

from skillopt_sleep.night.replay.split import split_tasks
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.taskstore import TaskRepo


def tasks(n, prefix="t"):
    return [Task(task_id=f"{prefix}{i}", intent="x", judge=Judge(kind="rule", checks=[Check("contains", "x")]))
            for i in range(n)]


def test_split_is_deterministic_and_disjoint():
    a = split_tasks(tasks(50), val_fraction=0.3, test_fraction=0.2, salt="s")
    b = split_tasks(list(reversed(tasks(50))), val_fraction=0.3, test_fraction=0.2, salt="s")
    assert a.ids() == b.ids()
    ids = a.ids()
    assert not set(ids["train"]) & set(ids["val"]) and not set(ids["val"]) & set(ids["test"])
    assert len(ids["train"]) + len(ids["val"]) + len(ids["test"]) == 50
    assert 5 <= len(ids["val"]) <= 25 and 2 <= len(ids["test"]) <= 20


def stored(tasks_, split):
    """The tasks as a night leaves them in the store: each with the split it was given."""
    return [replace(t, split=t.split or split.assigned[t.task_id]) for t in tasks_]


def test_a_task_keeps_its_split_when_other_tasks_come_and_go():
    first = tasks(10)
    small = split_tasks(first, val_fraction=0.4)
    large = split_tasks(stored(first, small) + tasks(40, prefix="new"), val_fraction=0.4)
    for name in ("train", "val"):
        assert set(small.ids()[name]) <= set(large.ids()[name])
    assert all(task_id.startswith("new") for task_id in large.assigned)


@pytest.mark.parametrize("count", [5, 8, 12, 13, 30])
def test_a_small_set_gets_the_held_out_share_it_asks_for(count):
    """A user's first nights have a dozen tasks: the gate must get its share, not one task by luck."""
    for salt in ("a", "b", "c", "skillopt-sleep"):
        split = split_tasks(tasks(count), val_fraction=0.4, salt=salt)
        assert abs(len(split.val) - 0.4 * count) <= 1 and len(split.train) + len(split.val) == count


def test_new_tasks_even_out_a_lopsided_stored_split():
    old = [replace(t, split="train") for t in tasks(11)] + [replace(tasks(1, prefix="v")[0], split="val")]
    split = split_tasks(old + tasks(8, prefix="new"), val_fraction=0.4)
    assert list(split.assigned.values()).count("val") == 7 and len(split.val) == 8  # 0.4 of 20


def test_the_night_stores_the_splits_it_assigned(tmp_path):
    with Store(tmp_path / "store.db") as store:
        repo = TaskRepo(store)
        repo.upsert_many(tasks(6) + [replace(tasks(1, prefix="p")[0], split="test")])
        split = split_tasks(repo.list(), val_fraction=0.4)
        assert repo.keep_splits(split.assigned) == 6 and repo.keep_splits({"t0": "test", "p0": "val"}) == 0
        again = {t.task_id: t.split for t in repo.list()}
    assert again == {**split.assigned, "p0": "test"}
    with Store(tmp_path / "store.db") as store:
        repo = TaskRepo(store)
        repo.upsert_many(tasks(6))  # mined again: the tasks come without a split
        assert {t.task_id: t.split for t in repo.list()} == again
        repo.upsert_many([replace(tasks(1)[0], split="test")])  # a split given on purpose still wins
        assert repo.get("t0").split == "test"


def test_preset_split_is_kept():
    items = tasks(20)
    for t in items:
        t.split = "test"
    split = split_tasks(items, val_fraction=0.5)
    assert len(split.test) == 20 and not split.train and not split.val


def test_salt_changes_the_split():
    assert split_tasks(tasks(40), val_fraction=0.5, salt="a").ids() != split_tasks(tasks(40), val_fraction=0.5, salt="b").ids()


def test_a_small_store_gives_the_gate_as_many_tasks_as_it_needs_and_keeps_one_to_train_on():
    few = split_tasks(tasks(4), val_fraction=0.4, min_val=3)
    assert [len(few.val), len(few.train)] == [3, 1]
    assert [len(split_tasks(tasks(4), val_fraction=0.4).val)] == [2]  # what the shares alone give
    three = split_tasks(tasks(3), val_fraction=0.4, min_val=3)
    assert [len(three.val), len(three.train)] == [2, 1]
    assert split_tasks(tasks(4), val_fraction=0.0, min_val=3).val == []  # no gate share asked for: none made


def test_topping_up_the_gate_never_moves_a_stored_train_task_and_leaves_large_stores_as_they_were():
    first = tasks(2)
    small = split_tasks(first, val_fraction=0.5)
    kept = stored(first, small)
    grown = split_tasks(kept + tasks(3, prefix="new"), val_fraction=0.4, min_val=3)
    for task in kept:
        assert task.task_id in grown.ids()[task.split]
    assert len(grown.val) == 3
    assert split_tasks(tasks(12), val_fraction=0.4, min_val=3).ids() == split_tasks(tasks(12), val_fraction=0.4).ids()


def test_a_night_over_four_tasks_gives_the_paired_gate_three_and_the_strict_gate_the_share():
    from skillopt_sleep.night.plan.estimate import picked_tasks
    from skillopt_sleep.night.sequencing.settings import NightSettings

    paired = NightSettings()
    strict = replace(paired, gate=replace(paired.gate, mode="strict"))
    unjudged = replace(paired, gate=replace(paired.gate, enabled=False))
    assert [len(part) for part in picked_tasks(paired, tasks(4))] == [1, 3]
    assert [len(part) for part in picked_tasks(strict, tasks(4))] == [2, 2]
    assert [len(part) for part in picked_tasks(unjudged, tasks(4))] == [2, 2]
