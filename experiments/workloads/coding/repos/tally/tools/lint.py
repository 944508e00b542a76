"""The project's lint: every Python file parses, lines are at most 100 characters, no tabs,
no trailing whitespace, no bare `except:`. Standard library only."""

import ast
import sys
from pathlib import Path

MAX_LINE = 100


def problems(path):
    text = path.read_text(encoding="utf-8")
    try:
        tree = ast.parse(text, str(path))
    except SyntaxError as exc:
        yield f"{path}:{exc.lineno}: does not parse: {exc.msg}"
        return
    for number, line in enumerate(text.splitlines(), 1):
        if len(line) > MAX_LINE:
            yield f"{path}:{number}: line longer than {MAX_LINE} characters"
        if "\t" in line:
            yield f"{path}:{number}: tab character"
        if line != line.rstrip():
            yield f"{path}:{number}: trailing whitespace"
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and node.type is None:
            yield f"{path}:{node.lineno}: bare except"


def main(folders):
    found = [p for folder in folders for path in sorted(Path(folder).rglob("*.py")) for p in problems(path)]
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["."]))
