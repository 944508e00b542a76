"""dependency_set_unchanged: the change adds no dependency and takes none away: every changed
manifest matching the glob ("package.json", "requirements*.txt") declares the same set of
dependency names after the change as before. A version bumped, sections reordered or a comment
added leave the set as it was; a name added anywhere (dependencies or devDependencies alike)
changes it. The manifests' texts are the judge's reading of the copy (`Episode.manifests`)."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome
from skillopt_sleep.tasks.checks.manifests import dependency_names, is_manifest, names_a_manifest
from skillopt_sleep.tasks.checks.trajectory import glob_matches


def _listed(names: set[str]) -> str:
    shown = sorted(names)
    return ", ".join(shown[:4]) + (f" and {len(shown) - 4} more" if len(shown) > 4 else "")


class DependencySetUnchanged(CheckOp):
    name = "dependency_set_unchanged"
    summary = ("dependency_set_unchanged: no dependency added to or removed from a manifest, versions aside "
               "(arg: the manifest, e.g. \"package.json\")")
    needs_episode = True
    instruction = "add no dependency to `{arg}` and remove none; versions may change, the set of names may not"
    rule_text = "- Add no new dependency to `{arg}`; solve it with what the project already depends on."

    def problem(self, arg):
        if super().problem(arg) or names_a_manifest(arg):
            return super().problem(arg)
        return f"{arg!r} names no manifest whose dependencies can be read"

    def evaluate_episode(self, arg, episode):
        changed = [f for f in episode.changed_files if glob_matches(f, arg) and is_manifest(f)]
        for path in changed:
            texts = episode.manifests.get(path)
            if texts is None:
                return Outcome(False, f"{path} changed, and the judge could not read it")
            try:  # a manifest the change created or deleted declared nothing on that side
                before, after = (set() if texts.get(side) is None else dependency_names(path, texts[side])
                                 for side in ("before", "after"))
            except ValueError as exc:
                return Outcome(False, f"{path} changed and its dependencies cannot be read: {exc}")
            added, removed = after - before, before - after
            if added or removed:
                parts = ([f"adds {_listed(added)}"] if added else []) + ([f"removes {_listed(removed)}"] if removed else [])
                return Outcome(False, f"{path} {' and '.join(parts)}")
        if changed:
            return Outcome(True, f"{', '.join(changed)} changed, with the same dependencies")
        return Outcome(True, f"no manifest matching `{arg}` changed")
