"""`experiment sweep` on a Ray cluster: a local cluster with real worker processes runs a two-cell
sweep with scripted models; each cell records its calls in the study's store, the rows come back
to the one results file, a failed cell is named while the finished one keeps its row, and the
sweep started again runs only what had not finished."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray", reason="the ray extra (pip install 'skillopt-sleep[ray]')")

from skillopt_sleep.config import load_config  # noqa: E402
from skillopt_sleep.errors import ExperimentError  # noqa: E402
from skillopt_sleep.experiments.recipe import recipe_from_dict  # noqa: E402
from skillopt_sleep.experiments.sweep import read_rows  # noqa: E402
from skillopt_sleep.experiments.sweep_ray import CellJob, run_sweep_ray  # noqa: E402
from skillopt_sleep.store import Store  # noqa: E402

STUDENT = [{"match": "Conventional Commits", "reply": "feat: add the change"}, {"match": "", "reply": "Added the change."}]
TEACHER = [{"match": "", "reply": '{"diagnosis": "no house format", "edits": [{"op": "add", "text": '
            '"Write the subject line in Conventional Commits form, like feat: add x.", "rationale": "all fail"}]}'}]


def recipe(families: list[str]):
    return recipe_from_dict({
        "name": "ray-sweep", "benchmark": {"name": "personas", "options": {"family": "programmer"}},
        "split": {"test": 3, "val": 3, "train": 3, "salt": "t"}, "nights": 1,
        "student": {"backend": "scripted", "model": "student", "options": {"script": STUDENT}},
        "teacher": {"backend": "scripted", "model": "teacher", "options": {"script": TEACHER}},
        "config": {"night.rounds": 1, "night.concurrency": 1},
        "grid": {"benchmark.options": [{"family": family} for family in families]},
    })


@pytest.fixture(scope="module")
def cluster():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAY_AUTH_MODE", "disabled")  # no token written into the home folder of a loopback-only cluster
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)  # real worker processes, not local mode
        yield
        ray.shutdown()


def test_a_two_cell_sweep_runs_on_a_local_ray_cluster_and_resumes(cluster, tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    results, store_path = tmp_path / "rows.jsonl", tmp_path / "store.db"
    job = CellJob(store_path=str(store_path), work_dir=str(tmp_path / "work"), config=load_config(env={}, cwd=tmp_path))
    said: list[str] = []
    with pytest.raises(ExperimentError, match="1 cell.s. failed.*nobody"):
        run_sweep_ray(recipe(["programmer", "nobody"]), results, job, say=said.append)
    rows = read_rows(results)
    assert len(rows) == 1 and rows[0]["benchmark"]["options"] == {"family": "programmer"}
    assert rows[0]["nights"][0]["decision"] == "accepted" and rows[0]["after"]["hard"] == 1.0
    store = Store(store_path)
    try:
        sent = store.query("SELECT COUNT(*) AS n FROM model_calls")[0]["n"]
        assert sent > 0  # the worker recorded its calls in the study's store
        # Started again with the failing cell fixed: the finished cell is skipped, the new one runs.
        rows = run_sweep_ray(recipe(["programmer", "researcher"]), results, job, say=said.append)
        assert sorted(r["benchmark"]["options"]["family"] for r in rows) == ["programmer", "researcher"]
        assert any("finished earlier, skipped" in line for line in said)
        assert len(read_rows(results)) == 2
        assert store.query("SELECT COUNT(*) AS n FROM model_calls")[0]["n"] > sent
    finally:
        store.close()
