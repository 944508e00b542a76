"""A check taken out of what runs it: the rule names a check command in code as the thing removed from CI or a hook
("removes `stylua --check .` from the `pre-commit` hook", "haalt `sbt scalafmtCheckAll` uit de CI-pijplijn", "CI 설정에서
`xmake test` 단계를 지웁니다"). Adding the command, running it, or keeping its step names no removal."""

from __future__ import annotations

import re

from skillopt_sleep.screen.commands import ANY_CODE_SPAN as _SPAN
from skillopt_sleep.screen.commands import blank_code

# A verb of taking out, in the rules' languages (Dutch "haalt ... uit" splits around its object).
_REMOVES = re.compile(
    r"\b(?:remov\w*|delet\w*|drop\w*|strip\w*|takes? out|taking out|quit[ae]\w*|elimin\w*|borr[ao]\w*|retir\w*|supprim\w*|enlèv\w*|"
    r"enlev\w*|entfern\w*|streich\w*|lösch\w*|togli\w*|tolg\w*|rimuov\w*|verwijder\w*|haal\w*(?=.*\buit\b)|schrap\w*|usu[nń]\w*|wyrzuc\w*|"
    r"kaldır\w*|çıkar\w*|удал\w*|убер\w*|убира\w*|убра\w*)\b|删\w?|去掉|移除|拿掉|削除|外す|外し|取り除|지우|지웁|지워|삭제|제거|빼", re.I)
# The command a check runs, by its job word: `xmake test`, `sbt scalafmtCheckAll`, `svelte-check`, `clang-tidy`.
_CHECK_COMMAND = re.compile(r"check|test|lint|verif|audit|tidy|werror|mypy|clippy|bandit|semgrep|\btsc\b|\bvet\b", re.I)
# What runs checks: a pipeline or a hook.
_RUNNER = re.compile(r"\bci\b|ci[-_]|pipeline|pijplijn|workflow|hook|pre-commit|pre-push|lint-staged|husky|gitlab-ci|jenkinsfile|"
                     r"potok\w*|конвейер\w*|пайплайн\w*|流水线|工作流|パイプライン|ワークフロー|フック|파이프라인|워크플로|훅", re.I)
# Where the clause of the removal ends: punctuation or a conjunction joining another predicate.
_CLAUSE_BREAK = re.compile(r"[,;:!?，；：。、]|\.(?:\s|$)|\s(?:and|then|but|et|puis|mais|und|dann|aber|y|luego|pero|e|depois|"
                           r"poi|ma|en|dan|maar|i|potem|ale|ve|sonra|ama|и|затем|потом|но)\s", re.I)


def removed_checks(sentence: str) -> list[int]:
    """Where `sentence` takes a check command it names in code out of a pipeline or a hook: the check command's span
    or the verb of removing, whichever comes later, in each clause that holds both and a runner."""
    masked = blank_code(sentence)
    places, start = [], 0
    for end in [b.start() for b in _CLAUSE_BREAK.finditer(masked)] + [len(masked)]:
        clause = masked[start:end]
        spans = [(start + m.start(), sentence[start + m.start() + 1:start + m.end() - 1]) for m in _SPAN.finditer(clause)]
        # The check is a command of its own, not the runner's name (`lint-staged`).
        checks = [at for at, span in spans if _CHECK_COMMAND.search(span) and not _RUNNER.search(span)]
        verb = _REMOVES.search(clause)
        if verb and checks and (_RUNNER.search(_SPAN.sub(" ", clause)) or any(_RUNNER.search(span) for _, span in spans)):
            # A negation is read around what comes last: the verb after its object ("`x` агент не удаляет", "`x` 단계를
            # 지우지 않습니다"), the object after its verb ("haalt `x` nooit uit").
            places.append(max(checks[0], start + verb.start()))
        start = end
    return places
