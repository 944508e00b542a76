"""The held-out score per night chart, drawn with matplotlib (the `experiments` extra): one panel
per gate setting, one line per task set and sampling seed."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from skillopt_sleep.errors import ExperimentError

INSTALL_HINT = "pip install 'skillopt-sleep[experiments]'"


def write_chart(panels: dict[str, dict[str, list[float]]], path: Path, *, title: str) -> Path:
    if importlib.util.find_spec("matplotlib") is None:
        raise ExperimentError(f"the chart needs matplotlib, which is not installed; install it with: {INSTALL_HINT}")
    if not panels:
        raise ExperimentError("nothing to chart")
    import matplotlib  # deferred: an optional extra, and slow to import

    matplotlib.use("Agg")  # files only, no display
    from matplotlib import pyplot as plt

    names = sorted({name for series in panels.values() for name in series})
    colors = {name: plt.get_cmap("tab10")(i % 10) for i, name in enumerate(names)}
    figure, axes_list = plt.subplots(1, len(panels), figsize=(4.2 * len(panels) + 1.8, 3.8), dpi=110,
                                     sharey=True, squeeze=False)
    for axes, (panel, series) in zip(axes_list[0], panels.items()):
        for name, values in series.items():
            axes.plot(range(len(values)), values, marker="o", color=colors[name], label=name, alpha=0.85)
        longest = max((len(v) for v in series.values()), default=1)
        axes.set_xticks(range(longest), ["base"] + [f"n{i}" for i in range(1, longest)])
        axes.set_ylim(-0.05, 1.05)
        axes.set_title(panel, fontsize=10)
        axes.grid(alpha=0.3)
    axes_list[0][0].set_ylabel("held-out test score")
    handles, labels = axes_list[0][0].get_legend_handles_labels()
    seen = dict(zip(labels, handles))
    for axes in axes_list[0][1:]:
        for handle, label in zip(*axes.get_legend_handles_labels()):
            seen.setdefault(label, handle)
    figure.legend(list(seen.values()), list(seen), fontsize=8, loc="center right")
    figure.suptitle(title, fontsize=10)
    figure.tight_layout(rect=(0, 0, 1 - 1.6 / (4.2 * len(panels) + 1.8), 1))
    figure.savefig(path)
    plt.close(figure)
    return path
