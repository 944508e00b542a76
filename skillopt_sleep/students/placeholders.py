"""Text a model writes in place of the real text: `...`, `<content>`, `# rest of the code
unchanged`, `TODO: fill`. Written into a file, it wipes what was there, so an edit made of it is
refused and the model is told why.
"""

from __future__ import annotations

import re

# The whole new text is a stand-in.
_WHOLE = re.compile(
    r"^\s*(\.{2,}|\u2026|<[^<>\n]{1,60}>|\{\s*\w[\w .-]{0,40}\}|"
    r"(the |your )?((full|new|updated|complete|whole|file) )*(content|contents|code|text)( here)?\.?|"
    r"todo\b.*|fill (this )?in\b.*)\s*$",
    re.I,
)
# One line stands for lines left out ("...", "# ... rest of the file ...", "// existing code").
_ELLIPSIS_LINE = re.compile(r"^\s*(#|//|/\*|<!--|--|;)?\s*(\.{3,}|\u2026)\s*(.{0,60})?(\*/|-->)?\s*$")
_LEFT_OUT = re.compile(
    r"(rest of (the )?(file|code|function|class|module)|existing code|(remains?|stays?|is) (unchanged|the same)|"
    r"same as (before|above)|todo:? fill|fill (this )?in|code goes here|your code here|unchanged (code|lines))",
    re.I,
)


def placeholder_reason(new_text: str, existing_text: str = "") -> str:
    """Why `new_text` looks like a stand-in for real text ("" when it does not). A line that
    already exists in `existing_text` (what the edit replaces) is the file's own and never counts."""
    if not new_text.strip():
        return ""
    if _WHOLE.match(new_text):
        return f"the new text {new_text.strip()[:40]!r} is a placeholder, not the file's real text"
    existing = {line.strip() for line in existing_text.splitlines()}
    for line in new_text.splitlines():
        stripped = line.strip()
        if not stripped or stripped in existing:
            continue
        if _ELLIPSIS_LINE.match(line) or (_is_comment(stripped) and _LEFT_OUT.search(stripped)) or _LEFT_OUT.fullmatch(stripped):
            return f"the line {stripped[:60]!r} stands for text left out; write the real text in full"
    return ""


def _is_comment(line: str) -> bool:
    return line.startswith(("#", "//", "/*", "<!--", "--", ";", "*"))
