"""Scheduling through the user's crontab: the entries live in one managed block, which
`unschedule` removes again; the rest of the table is left exactly as it was."""

from __future__ import annotations

import shlex

from skillopt_sleep.errors import ScheduleError
from skillopt_sleep.schedule.entry import Entry, run_tool

BLOCK_BEGIN = "# >>> skillopt-sleep: managed block, `skillopt-sleep unschedule` removes it >>>"
BLOCK_END = "# <<< skillopt-sleep: end of managed block <<<"
ENTRY_PREFIX = "# schedule "


def cron_line(entry: Entry) -> str:
    env = " ".join(f"{k}={shlex.quote(v)}" for k, v in entry.env.items())
    command = " ".join(shlex.quote(a) for a in entry.argv)
    line = f"{entry.minute} * * * * {env} {command} >>{shlex.quote(str(entry.log))} 2>&1"
    return line.replace("%", "\\%")  # cron turns a bare % into a newline


def split_table(table: str) -> tuple[list[str], dict[str, list[str]], list[str]] | None:
    """(lines before the managed block, its entries by name, lines after); None without a block."""
    lines = table.splitlines(keepends=True)
    begin = next((i for i, line in enumerate(lines) if line.rstrip("\n") == BLOCK_BEGIN), None)
    if begin is None:
        return None
    end = next((i for i in range(begin + 1, len(lines)) if lines[i].rstrip("\n") == BLOCK_END), None)
    if end is None:
        raise ScheduleError("the crontab has the start of a skillopt-sleep block but not its end; "
                            "fix it with `crontab -e`, then schedule again")
    entries: dict[str, list[str]] = {}
    current = None
    for line in lines[begin + 1:end]:
        text = line.rstrip("\n")
        if text.startswith(ENTRY_PREFIX):
            current = text[len(ENTRY_PREFIX):].split(":", 1)[0].strip()
            entries[current] = [text]
        elif current is not None and text:
            entries[current].append(text)
    return lines[:begin], entries, lines[end + 1:]


def render_block(entries: dict[str, list[str]]) -> list[str]:
    body = [line + "\n" for name in sorted(entries) for line in entries[name]]
    return [BLOCK_BEGIN + "\n", *body, BLOCK_END + "\n"]


def table_with(table: str, entry: Entry) -> str:
    lines = [f"{ENTRY_PREFIX}{entry.name}: {entry.describe()}", cron_line(entry)]
    parts = split_table(table)
    if parts is None:
        # crontab needs a final newline; a table that lacks one gets it here.
        prefix = table if not table or table.endswith("\n") else table + "\n"
        return prefix + "".join(render_block({entry.name: lines}))
    before, entries, after = parts
    entries[entry.name] = lines
    return "".join(before + render_block(entries) + after)


def table_without(table: str, name: str | None) -> str:
    """The table less one entry (None: all of them); the block goes once it is empty."""
    parts = split_table(table)
    if parts is None:
        return table
    before, entries, after = parts
    if name is None:
        entries = {}
    else:
        entries.pop(name, None)
    return "".join(before + (render_block(entries) if entries else []) + after)


class CronScheduler:
    kind = "cron"

    def __init__(self, binary: str = "crontab"):
        self.binary = binary

    def read(self) -> str:
        result = run_tool([self.binary, "-l"])
        if result.returncode == 0:
            return result.stdout
        if "no crontab" in (result.stderr + result.stdout).lower():
            return ""
        raise ScheduleError(f"`crontab -l` failed: {result.stderr.strip() or result.returncode}")

    def write(self, table: str) -> None:
        if table.strip():
            result = run_tool([self.binary, "-"], input_text=table)
        else:
            result = run_tool([self.binary, "-r"])
            if result.returncode != 0 and "no crontab" in (result.stderr + result.stdout).lower():
                return
        if result.returncode != 0:
            raise ScheduleError(f"crontab refused the new table: {result.stderr.strip() or result.returncode}")

    def install(self, entry: Entry) -> str:
        self.write(table_with(self.read(), entry))
        return "the user's crontab (managed block)"

    def remove(self, name: str | None) -> bool:
        table = self.read()
        updated = table_without(table, name)
        if updated == table:
            return False
        self.write(updated)
        return True

    def installed(self) -> list[str]:
        parts = split_table(self.read())
        return sorted(parts[1]) if parts else []
