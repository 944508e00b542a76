"""The coding workload's arms over independent nights, with the night as the unit: per person (and
all persons together) and per arm, the gain of each rate from the starting skill to the night's
proposal, and the adopted arm against the prose arm on the same night's requests (stats.py's
compare_nights: the mean over nights, its 95% t interval, the sign-flip test by night)."""

from __future__ import annotations

from skillopt_sleep.experiments.stats import compare_nights
from skillopt_sleep.experiments.workload.codingarms import ADOPTED, PROSE
from skillopt_sleep.experiments.workload.codingmeasure import RATES

ALL = "all"


def _by_night(rows: list[dict]) -> dict[tuple[str, int], dict[str, dict]]:
    """(person, night seed) -> arm -> row."""
    nights: dict[tuple[str, int], dict[str, dict]] = {}
    for row in rows:
        if row.get("arm"):
            nights.setdefault((row["persona"], row.get("night_seed") or 0), {})[row["arm"]] = row
    return nights


def arms_by_night(rows: list[dict]) -> dict[str, dict]:
    """person (and "all") -> rate -> {arm: gain over nights, "adopted - prose": difference over nights}."""
    nights = _by_night(rows)
    out: dict[str, dict] = {}
    for person in [*sorted({p for p, _ in nights}), ALL]:
        mine = [arms for (p, _), arms in sorted(nights.items()) if person in (p, ALL)]
        out[person] = {}
        for rate in RATES:
            key = f"per_task_{rate}"
            cell = {arm: compare_nights([(n[arm]["heldout"]["arms"]["baseline"], n[arm]["heldout"]["arms"]["after"])
                                         for n in mine if arm in n], key)
                    for arm in (ADOPTED, PROSE) if any(arm in n for n in mine)}
            both = [n for n in mine if ADOPTED in n and PROSE in n]
            if both:
                cell[f"{ADOPTED} - {PROSE}"] = compare_nights(
                    [(n[PROSE]["heldout"]["arms"]["after"], n[ADOPTED]["heldout"]["arms"]["after"]) for n in both], key)
            out[person][rate] = cell
    return out


def arms_table(rows: list[dict]) -> str:
    lines = ["| person | rate | comparison | nights | mean Δ [95% t CI, night the unit] | p (by night) |",
             "|---|---|---|---|---|---|"]
    for person, rates in arms_by_night(rows).items():
        for rate, cells in rates.items():
            for name, found in cells.items():
                low, high = found["night_ci95"]
                what = name if name not in (ADOPTED, PROSE) else f"{name}: proposal - starting skill"
                lines.append(f"| {person} | {rate} | {what} | {found['nights']} | {found['night_delta']:+.2f} "
                             f"[{low:+.2f}, {high:+.2f}] | {found['p_nights']:.3f} |")
    return "\n".join(lines)
