"""section_present: a Markdown heading line (`#`..`######`, then spaces or tabs) whose text is
the name, compared case-insensitively but otherwise exactly: "## Key Risks and Mitigations" does
not satisfy "Key Risks", and a closing run of `#`s is not stripped (both as gbrain's scorer).
Leading `#`s in the check's own argument are ignored."""

from __future__ import annotations

import re

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, RuleContext, clip, quote

_HEADING_LINE = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*$", re.M)
SECTION_EVIDENCE_CHARS = 400


def heading_name(arg: str) -> str:
    return re.sub(r"^#+\s*", "", arg.strip()).strip()


class SectionPresent(CheckOp):
    name = "section_present"
    summary = "section_present: a Markdown heading whose text is exactly arg"
    structural = True
    feedback_kind = "section"

    def problem(self, arg):
        if not isinstance(arg, str):
            return super().problem(arg)
        if not arg.strip():
            return "expects a non-empty string argument"
        if not heading_name(arg):
            return f"heading name {arg!r} is empty once its leading '#' marks are removed"
        return None

    def evaluate(self, arg, answer, calls):
        name = heading_name(arg)
        matches = list(_HEADING_LINE.finditer(answer))
        wanted = name.casefold()
        for index, match in enumerate(matches):
            if match.group(2).casefold() == wanted:
                end = matches[index + 1].start() if index + 1 < len(matches) else len(answer)
                section = answer[match.start():end].strip()
                return Outcome(True, f"heading {quote(match.group(2))} present", evidence=clip(section, SECTION_EVIDENCE_CHARS))
        if not matches:
            return Outcome(False, f"no Markdown heading lines at all; needs one titled {quote(name)}")
        headings = [m.group(2) for m in matches]
        shown = ", ".join(quote(clip(h, 40)) for h in headings[:6]) + (", ..." if len(headings) > 6 else "")
        return Outcome(False, f"no heading titled {quote(name)}; headings found: {shown}")

    def describe(self, arg):
        name = heading_name(arg)
        return f"include a Markdown heading line whose text is exactly {quote(name)} (for example {quote('## ' + name)})"

    def rule(self, arg, context: RuleContext):
        name = heading_name(arg)
        return (f'- Give "{name}" a section of its own: a line "## {name}", then two or three bullet points '
                "that are specific to the request.")

    def layout_part(self, arg, context: RuleContext):
        return f"## {heading_name(arg)}\n- …\n- …"

    def example(self, arg):
        return f"## {heading_name(arg)}"
