"""docs/ARCHITECTURE.md says what the code is: every folder and module it names exists where it
says, every package folder has its row (a nested one is named in its folder's row), and it has
one picture of the data flow."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "skillopt_sleep"
DOC = ROOT / "docs" / "ARCHITECTURE.md"


def rows(text: str) -> dict[str, str]:
    """Each room's row: its folder (`night/`) or module (`records.py`) -> the text of the row."""
    return {m.group(1): m.group(2) for m in re.finditer(r"^\| `([\w./]+)` \| (.*)$", text, flags=re.M)}


def package_folders() -> list[Path]:
    return sorted(p.parent for p in PACKAGE.rglob("__init__.py") if p.parent != PACKAGE)


def named(text: str, suffix: str) -> set[str]:
    return set(re.findall(r"`([\w./]+" + re.escape(suffix) + r")`", text))


def exists(name: str, room: Path | None) -> bool:
    """A name resolves in its room (a module anywhere below it), in the package, or in the repository."""
    places = [PACKAGE / name, ROOT / name] + ([room / name] if room else [])
    if room is not None and name.endswith(".py"):
        places += list(room.rglob(Path(name).name))
    return any(p.exists() for p in places)


def missing_names(text: str) -> list[str]:
    problems = []
    table = rows(text)
    for room, row in table.items():
        folder = PACKAGE / room if room.endswith("/") else None
        for name in sorted(named(row, "/") | named(row, ".py")):
            if not exists(name, folder):
                problems.append(f"the {room} row names {name}, which is not there")
    outside = re.sub(r"^\|.*$", "", text, flags=re.M)
    for name in sorted(named(outside, "/") | named(outside, ".py")):
        if not exists(name, None):
            problems.append(f"the text names {name}, which is not there")
    return problems


def unnamed_folders(text: str) -> list[str]:
    table = rows(text)
    problems = []
    for folder in package_folders():
        parts = folder.relative_to(PACKAGE).parts
        top = f"{parts[0]}/"
        if len(parts) == 1 and top not in table:
            problems.append(f"{top} has no row")
        elif len(parts) > 1 and f"`{parts[-1]}/`" not in table.get(top, "") and f"{'/'.join(parts[1:])}/" not in table.get(top, ""):
            problems.append(f"{'/'.join(parts)}/ is not named in the {top} row")
    return problems


def test_every_folder_and_module_the_architecture_names_exists():
    problems = missing_names(DOC.read_text())
    assert not problems, "\n".join(problems)


def test_every_package_folder_is_named():
    problems = unnamed_folders(DOC.read_text())
    assert not problems, "\n".join(problems)


def test_it_draws_one_picture_of_the_data_flow():
    pictures = re.findall(r"```\n(.*?)```", DOC.read_text(), flags=re.S)
    assert len(pictures) == 1
    flow = pictures[0]
    stages = ["capture/", "tasks/", "night/", "proposals/"]
    assert all(stage in flow for stage in stages + ["api/", "cli/", "store/", "backends/"])
    first_line = next(line for line in flow.splitlines() if "capture/" in line and "night/" in line)
    assert [first_line.index(s) for s in stages] == sorted(first_line.index(s) for s in stages)  # in flow order


def test_the_checks_report_a_folder_that_is_gone_and_one_left_out():
    doc = "| `night/` | `engine.py` runs it; `ghost.py` haunts; `gone/` left |\n| `tasks/` | `checks/` only |\n"
    assert missing_names(doc) == ["the night/ row names ghost.py, which is not there",
                                  "the night/ row names gone/, which is not there"]
    left_out = unnamed_folders(doc)
    assert "capture/ has no row" in left_out and "tasks/judges/ is not named in the tasks/ row" in left_out
    assert "tasks/checks/ is not named in the tasks/ row" not in left_out
