"""A step handed to a person: the rule leaves it to someone named by role, says who decides or grants it, or
has it wait for them. What a person does is not the agent's to do, so the step's command is guarded, as by
"ask first", when the step is named in the handing's own clause. A handing that is denied ("never leaves it to the user", "doesn't wait for me") hands nothing over.
"""

from __future__ import annotations

import re

# Someone the rule names as the one who does or decides, not the agent.
_ROLE = r"(?:the |a |an )?(?:user|human|person|owner|maintainer|admin\w*|operator|on-call \w+)"
PERSON = (_ROLE + r"|whoever is on call|me\b|l'utilisateur|l'administrateur|le propriétaire|"
           r"(?:el |o |la |il |der |die )?(?:usuario|usuário|administrador|propietario|dueño|dono|responsável|utente|amministratore|"
           r"proprietario|nutzer|benutzer|mensch|inhaber)|администратор\w*|владел\w*|właściciel\w*|administrator\w*")
# ... the same person as the one a step is left to: "to the user", "à l'utilisateur", "dem Nutzer", "al usuario".
_TO_PERSON = (r"(?:to (?:" + _ROLE + r"|whoever is on call|me\b)|à (?:l'utilisateur|l'administrateur|un humain)|au propriétaire|"
              r"dem (?:nutzer|benutzer|menschen|admin\w*|inhaber)|al (?:usuario|administrador|propietario|dueño)|"
              r"(?:ao|para o) (?:usuário|administrador|dono|responsável)|all'(?:utente|amministratore)|al (?:proprietario|responsabile)|"
              r"пользователю|администратору|właścicielowi|administratorowi)")

_HANDED = re.compile(
    # left to a person: "leaves editing the crontab to the user", "laisse la décision à l'utilisateur"
    r"\b(?:leaves?|leaving|left|laisse\w*|überl[äa]ss\w*|deja\w*|deixa\w*|lascia\w*|оставля\w*|pozostawia\w*)"
    r"\s+(?:[^\s.;:!?]+\s+){0,4}?" + _TO_PERSON + r"(?![\w'])|"
    # who decides or grants it is a person, said as a cleft: "quem concede acesso ou `sudo` é o administrador"
    r"\b(?:quem|quien|qui|chi|wer)\s+(?:decide|concede|autoriza|aprueba|aprova|accorde|autorise|décide|entscheidet|"
    r"gewährt|autorizza|approva)\b[^.;:!?]{0,60}?\s(?:é|es|est|è|ist)\s+(?:" + PERSON + r")(?![\w'])|"
    # or the decision is named as a person's: "é decisão do mantenedor", "is the maintainer's call"
    r"\b(?:is|are)\s+" + _ROLE + r"(?:'s|s')\s+(?:own\s+)?(?:call|decision|choice)\b|"
    r"\b(?:é|es|è|est)\s+(?:uma |una |une |la )?(?:decisão|decisión|decisione|décision)\s+(?:d[oa]|del|della|dell'|du|de la|de l')\s?"
    r"(?:usuário|usuario|utente|utilisateur|mantenedor\w*|manutentor\w*|mainteneur|maintainer|dono|dueño|propriétaire|"
    r"proprietario|responsável|responsable|administrador|amministratore|administrateur)(?![\w'])|"
    # or a person decides it, named after the verb: "o `git filter-repo` decyduje właściciel repozytorium"
    r"\b(?:decyduje|entscheidet|décide|decide|решает)\s+(?:" + PERSON + r")(?![\w'])|"
    # what waits for a person: "any `kubectl delete` waits for me", "espera eu voltar"
    r"\b(?:waits?|waiting|espera|wartet|attend|aspetta)\s+(?:for\s+|auf\s+)?(?:(?:" + PERSON + r")|eu|mich|moi)(?![\w'])|"
    # entrusted to a person (ja, zh): "ジョブの停止や再登録は人に任せます", "交给运维"
    r"(?:人|ユーザー|管理者|担当者|運用チーム)に任せ(?!ない|ません|ず)|交给(?:用户|人工|管理员|运维)", re.I)

# A denial right before the handing hands nothing over: "never leaves it to the user", "don't wait for me".
_DENIED = re.compile(r"(?:\bnot|n't|\bnever|\bno longer|\bne|\bnicht|\bno|\bnão|\bnon|\bне|\bnie)\s+(?:\w+\s+)?$", re.I)
# Where the handing's clause begins: the step handed over is named in it ("and leaves editing the crontab to the
# user"), not in a clause beside it the agent does ("runs `crontab -e` and leaves the review to the user").
_CLAUSE_BREAK = re.compile(r"[.;:!?,，、。；：]|\b(?:and|then|but|while|when|if|because|until|et|und|y|e|i|и|а|oraz)\s", re.I)


def handed_to_person(text: str, at: int, start: int = 0) -> bool:
    """Is the step named at `at` handed to a person by a handing in `text` from `start` on, not denied?"""
    for handed in _HANDED.finditer(text, start):
        if _DENIED.search(text, 0, handed.start()):
            continue
        begins = max((b.end() for b in _CLAUSE_BREAK.finditer(text, 0, handed.start())), default=0)
        if begins <= at < handed.end():
            return True
    return False


_TOLD = re.compile(_TO_PERSON + r"(?![\w'])", re.I)


def goes_to_person(text: str) -> bool:
    """Does `text` hand a step to a person, or bring something to one ("mentions it to the user", "le signale à
    l'utilisateur")? What a person is told of is reported, not done."""
    return bool(_TOLD.search(text)) or any(not _DENIED.search(text, 0, m.start()) for m in _HANDED.finditer(text))
