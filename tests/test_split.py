from skillopt_sleep.records import Judge, Task
from skillopt_sleep.night.split import split_tasks


def tasks(n, prefix="t"):
    return [Task(task_id=f"{prefix}{i}", intent="x", judge=Judge()) for i in range(n)]


def test_split_is_deterministic_and_disjoint():
    a = split_tasks(tasks(50), val_fraction=0.3, test_fraction=0.2, salt="s")
    b = split_tasks(list(reversed(tasks(50))), val_fraction=0.3, test_fraction=0.2, salt="s")
    assert a.ids() == b.ids()
    ids = a.ids()
    assert not set(ids["train"]) & set(ids["val"]) and not set(ids["val"]) & set(ids["test"])
    assert len(ids["train"]) + len(ids["val"]) + len(ids["test"]) == 50
    assert 5 <= len(ids["val"]) <= 25 and 2 <= len(ids["test"]) <= 20


def test_a_task_keeps_its_split_when_other_tasks_come_and_go():
    small = split_tasks(tasks(10), val_fraction=0.4).ids()
    large = split_tasks(tasks(10) + tasks(40, prefix="new"), val_fraction=0.4).ids()
    for name in ("train", "val"):
        assert set(small[name]) <= set(large[name])


def test_preset_split_is_kept():
    items = tasks(20)
    for t in items:
        t.split = "test"
    split = split_tasks(items, val_fraction=0.5)
    assert len(split.test) == 20 and not split.train and not split.val


def test_salt_changes_the_split():
    assert split_tasks(tasks(40), val_fraction=0.5, salt="a").ids() != split_tasks(tasks(40), val_fraction=0.5, salt="b").ids()
