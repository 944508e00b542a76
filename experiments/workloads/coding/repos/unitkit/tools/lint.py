"""The project's lint: every Python file parses; the library writes nothing to stdout (no
`print(` under unitkit/, no `console.log(` in the web widget). Standard library only."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BANNED = {"unitkit": ("*.py", "print("), "web": ("*.mjs", "console.log(")}


def problems():
    for path in sorted(ROOT.rglob("*.py")):
        try:
            ast.parse(path.read_text(encoding="utf-8"), str(path))
        except SyntaxError as exc:
            yield f"{path.relative_to(ROOT)}:{exc.lineno}: does not parse: {exc.msg}"
    for folder, (pattern, call) in BANNED.items():
        for path in sorted((ROOT / folder).rglob(pattern)):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if call in line:
                    yield f"{path.relative_to(ROOT)}:{number}: {call} in shipped code: use the logger"


def main():
    found = list(problems())
    for line in found:
        sys.stdout.write(line + "\n")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
