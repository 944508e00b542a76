"""`skillopt-sleep experiment run|transfer|sweep|score|workload|report`: experiments from recipes."""

from __future__ import annotations

import argparse
import json
from contextlib import closing
from pathlib import Path

from skillopt_sleep.cli.args import config_from_args
from skillopt_sleep.cli.progress import Progress
from skillopt_sleep.events import ProgressEvent
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep import api
from skillopt_sleep.api.experiments import (
    LEDGER_NAME, CellJob, HeldoutLedger, append_row, is_workload_row, load_recipe, load_workload_recipe, markdown_for,
    pick_cell, read_rows, row_kind, run_recipe, run_sweep, run_sweep_ray, run_transfer, run_transfers, run_workload,
    score_skill, workload_chart_panels, workload_chart_title, workload_row_kind, write_chart, write_report,
)

RESCORE_HELP = "score a held-out the ledger shows was scored before; the row is marked viewed"


def register(sub, parent: argparse.ArgumentParser) -> None:
    cmd = sub.add_parser("experiment", help="run benchmark experiments from recipe files")
    verbs = cmd.add_subparsers(dest="verb", metavar="VERB")
    for verb, helptext, func in (
        ("run", "baseline on a test split, N nights, the score after each night", _run),
        ("sweep", "every cell of the recipe's grid; resumable, one JSONL row per cell", _sweep),
        ("transfer", "optimize with a source model, score the frozen skill on a target model", _transfer),
    ):
        p = verbs.add_parser(verb, parents=[parent], help=helptext)
        p.add_argument("recipe", type=Path, help="recipe YAML (see experiments/recipes/)")
        p.add_argument("--results", type=Path, help="results JSONL (default: the recipe's 'results', "
                       "else experiments/results/<name>.jsonl)")
        p.add_argument("--work-dir", type=Path, help="where each cell keeps its skill file (default: next to the results)")
        if verb in ("run", "sweep", "transfer"):
            p.add_argument("--rescore-heldout", action="store_true", help=RESCORE_HELP)
        if verb == "sweep":
            p.add_argument("--ray", nargs="?", const="local", metavar="ADDRESS",
                           help="run the cells as tasks on a Ray cluster (the ray extra): ADDRESS of a running one "
                                "('auto' finds it), or none to start one on this machine; the store must be a path "
                                "every worker reaches")
        p.set_defaults(func=func)
    p = verbs.add_parser("score", parents=[parent], help="score one skill file as the recipe scores its cells "
                         "(test split, held-out, sampling seeds), without a night")
    p.add_argument("recipe", type=Path, help="recipe YAML whose student, split, held-out and seeds to use")
    p.add_argument("skill", type=Path, help="the SKILL.md to score")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="benchmark option choosing the grid cell, e.g. seed=advisor (repeatable)")
    p.add_argument("--heldout-only", action="store_true", help="score only the recipe's own held-out file")
    p.add_argument("--results", type=Path, help="append the score as one JSONL row here")
    p.add_argument("--rescore-heldout", action="store_true", help=RESCORE_HELP)
    p.set_defaults(func=_score)
    p = verbs.add_parser("workload", parents=[parent], help="recorded sessions through hooks, ingest, mine and a night, "
                         "measured against the workload's answer key")
    p.add_argument("recipe", type=Path, help="workload recipe YAML (see experiments/recipes/workload-*.yaml)")
    p.add_argument("--results", type=Path, help="results JSONL, one row per persona, night and arm (default: the recipe's 'results')")
    p.add_argument("--work-dir", type=Path, help="where each persona's machine lives (default: next to the results)")
    p.add_argument("--persona", action="append", default=[], metavar="NAME",
                   help="measure only this persona (repeatable; default: the recipe's, else every one in the key)")
    p.add_argument("--night-seed", action="append", type=int, default=[], metavar="N",
                   help="measure this night seed instead of the recipe's night_seeds (repeatable)")
    p.add_argument("--fresh", action="store_true", help="measure every persona again instead of keeping the ones "
                   "the results file already holds")
    p.add_argument("--rescore-heldout", action="store_true", help=RESCORE_HELP)
    p.set_defaults(func=_workload)
    p = verbs.add_parser("report", parents=[parent], help="Markdown tables and a chart from a results JSONL")
    p.add_argument("results", type=Path, help="results JSONL written by run or sweep")
    p.add_argument("--out", type=Path, help="output folder (default: the results file's folder)")
    p.add_argument("--title", help="report title (default: the results file's name)")
    p.set_defaults(func=_report)
    cmd.set_defaults(func=lambda args: (cmd.print_help(), 0)[1])


def _results_path(args, recipe) -> Path:
    if args.results:
        return args.results
    if recipe.results:
        return Path(recipe.results)
    return Path("experiments") / "results" / f"{recipe.name}.jsonl"


def _setup(args):
    recipe = load_recipe(args.recipe)
    config = config_from_args(args)
    results = _results_path(args, recipe)
    work_dir = args.work_dir or results.parent / "work" / recipe.name
    store = api.Places.from_config(config).open_store()
    return recipe, config, results, work_dir, store, Progress(quiet=args.quiet)


def _ledger(results: Path) -> HeldoutLedger:
    """The held-out ledger kept beside the results, committed with them."""
    return HeldoutLedger(results.parent / LEDGER_NAME)


def _cell_runner(store, work_dir, config, progress, ledger: HeldoutLedger, rescore: bool):
    def run_cell(cell, index, total):
        progress.stage(f"cell {index}/{total} {cell.label()}")
        progress.event("started")
        progress.update(ProgressEvent("cells", index - 1, total))  # counts, elapsed time and ETA over the sweep
        result = run_recipe(cell, store, work_dir, base_config=config, progress=progress.status, event=progress.event,
                            ledger=ledger, rescore_heldout=rescore)
        progress.event(f"finished in {result.wall_s:.0f}s: test {result.baseline['score']:.3f} -> {result.after['score']:.3f}")
        progress.update(ProgressEvent("cells", index, total))
        return result

    return run_cell


def _run(args) -> int:
    recipe, config, results, work_dir, store, progress = _setup(args)
    if recipe.grid:
        raise ExperimentError(f"{args.recipe} has a grid: use `experiment sweep`")
    if any(row["cell_id"] == recipe.cell_id() for row in read_rows(results)):
        progress.event(f"{recipe.label()} already finished in {results}; delete its row to run it again")
        return 0
    with closing(progress):  # on a terminal, the bars stop before the summary prints
        result = _cell_runner(store, work_dir, config, progress, _ledger(results), args.rescore_heldout)(recipe, 1, 1)
    append_row(results, {"recipe": recipe.name, **result.to_dict()})
    print(f"{recipe.label()}: test {result.baseline['score']:.3f} -> {result.after['score']:.3f}; row in {results}")
    return 0


def _sweep(args) -> int:
    recipe, config, results, work_dir, store, progress = _setup(args)
    with closing(progress):
        if args.ray:
            job = CellJob(store_path=str(config["store.path"]), work_dir=str(work_dir.resolve()), config=config,
                          ledger_path=str(_ledger(results).path.resolve()), rescore_heldout=args.rescore_heldout)
            rows = run_sweep_ray(recipe, results, job, address=None if args.ray == "local" else args.ray, say=progress.event)
        else:
            rows = run_sweep(recipe, results, _cell_runner(store, work_dir, config, progress, _ledger(results),
                                                           args.rescore_heldout), say=progress.event)
    print(f"{len(rows)} cell(s) finished; rows in {results}")
    return 0


def _transfer(args) -> int:
    recipe, config, results, work_dir, store, progress = _setup(args)
    path = results.with_name(results.stem + "-transfer.jsonl")

    def run_one(cell):
        result = run_transfer(cell, store, work_dir, base_config=config, progress=progress.status, event=progress.event,
                              ledger=_ledger(results), rescore_heldout=args.rescore_heldout)
        print(json.dumps({"source": result.source, "target": result.target, "seed": result.seed,
                          "baseline": result.baseline["score"], "transferred": result.transferred["score"],
                          "direct": result.direct["score"]}))
        return result

    with closing(progress):
        rows = run_transfers(recipe, path, run_one, say=progress.event)
    print(f"{len(rows)} transfer row(s) of {recipe.name}; rows in {path}")
    return 0


def _score(args) -> int:
    recipe = load_recipe(args.recipe)
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ExperimentError(f"--option wants KEY=VALUE, got {item!r}")
        options[key] = value
    cell = pick_cell(recipe, options)
    if args.heldout_only and not cell.heldout:
        raise ExperimentError(f"{args.recipe} names no held-out file to score")
    config = config_from_args(args)
    result = score_skill(cell, args.skill, api.Places.from_config(config).open_store(), base_config=config,
                         test=not args.heldout_only, ledger=_ledger(args.results or _results_path(args, recipe)),
                         rescore_heldout=args.rescore_heldout)
    if args.results:
        append_row(args.results, result.to_dict())
    summary = {"skill": str(args.skill), "cell": cell.label()}
    if result.test:
        summary["test"] = result.test_stats
    if result.heldout:
        summary["heldout"] = result.heldout["stats"]
    print(json.dumps(summary))
    return 0


def _workload(args) -> int:
    recipe = load_workload_recipe(args.recipe)
    if args.persona:
        recipe.personas = list(args.persona)
    if args.night_seed:
        recipe = recipe.with_nights(args.night_seed)
    results = args.results or Path(recipe.results or Path("experiments") / "results" / f"{recipe.name}.jsonl")
    work_dir = args.work_dir or results.parent / "work" / recipe.name
    if args.fresh and results.exists():
        results.unlink()
    kept = [r for r in read_rows(results) if r.get("kind") == workload_row_kind(recipe) and r.get("recipe") == recipe.name]
    progress = Progress(quiet=args.quiet)
    with closing(progress):
        rows = run_workload(recipe, work_dir, say=progress.event, finished={r["cell_id"] for r in kept},
                            on_row=lambda row: append_row(results, row.to_dict()), ledger=_ledger(results),
                            rescore_heldout=args.rescore_heldout)
    print(f"{len(rows)} row(s) measured, {len(kept)} kept from an earlier run; rows in {results}")
    return 0


def _report(args) -> int:
    rows = read_rows(args.results)
    if not rows:
        raise ExperimentError(f"{args.results} has no finished cells")
    out = args.out or args.results.parent
    out.mkdir(parents=True, exist_ok=True)
    title = args.title or args.results.stem
    if row_kind(rows) == "cells":
        for path in write_report(rows, out, args.results.stem, title):
            print(path)
        return 0
    chart = None
    if is_workload_row(rows[0]):
        chart = write_chart(workload_chart_panels(rows), out / f"{args.results.stem}.png",
                            title=f"{title}: {workload_chart_title(rows)}")
    markdown = out / f"{args.results.stem}.md"
    markdown.write_text(markdown_for(rows, title, chart.name if chart else None), encoding="utf-8")
    print(markdown)
    if chart:
        print(chart)
    return 0

