"""What a negation in the words governs, where a rule hangs on it: a negation of need or worry
("we don't need that dependency", "don't worry about db push") forbids nothing, and a clause
limited to this one occasion ("no more db push for this one", "not now") is a one-off, however it
negates. The limits are the clause's own words, read where the clause is read. Words that neither
negate, set a condition, ask back nor look ahead ask for the change itself (`holds_back`)."""

from __future__ import annotations

import re

from skillopt_sleep.negation import has_prohibition_word
from skillopt_sleep.tasks.corrections.durable import for_work_to_come

# A negation that governs need, worry or blame, in the languages the corpus has: it withholds
# nothing ("not your fault, just venting").
_NO_CONCERN = re.compile(
    r"(?<![\w'])(?:(?:do|does|did)(?:n't| not)\s+(?:\w+\s+)?(?:need|have to)|no need|needn't|(?:don't|do not|no)\s+worry|never mind"
    r"|(?:it's |it is )?not (?:your|you're) fault|(?:ce n'est )?pas (?:de )?ta faute|nicht deine schuld|no es (?:tu )?culpa"
    r"|não é (?:sua |tua )?culpa|non è colpa tua|niet jouw schuld|nie twoja wina|не твоя вина|не ваша вина"
    r"|pas besoin|pas la peine|ne t'inquiète pas|kein(?:e)? (?:bedarf|sorge)|nicht nötig|brauch\w* (?:\w+ )?nicht|no hace falta"
    r"|no te preocupes|não precisa|não se preocupe|non serve|non preoccuparti|hoeft niet|geen zorgen|nie trzeba|nie martw"
    r"|не нужно|не надо|не переживай|не волнуйся)(?![\w'])|不需要|不用担心|别担心|不是你的错|必要ない|気にしないで|あなたのせいじゃない|필요\s*없|걱정\s*마",
    re.I)
# This one occasion, in the languages the corpus has: "now", "for this one", "this time", "for now".
_ONE_OFF = re.compile(
    r"(?<![\w'])(?:now|for now|right now|this time|for this one|this once|for this (?:branch|task|change|pr|run)|maintenant|cette fois"
    r"|pour l'instant|jetzt|diesmal|dieses mal|vorerst|ahora|esta vez|por ahora|agora|desta vez|por enquanto|ora|questa volta"
    r"|per ora|nu|deze keer|voorlopig|teraz|tym razem|na razie|şimdi|bu sefer|bu kez|сейчас|на этот раз|пока)(?![\w'])"
    r"|这次|这回|现在|今回|今は|今度は|이번|지금",
    re.I)
# The next step, asked for now, in the languages the corpus has: "now", "jetzt", "이제", "次は".
_NOW = re.compile(
    r"(?<![\w'])(?:now|maintenant|jetzt|ahora|agora|ora|nu|teraz|teď|nyní|şimdi|сейчас|тепер|теперь|adesso)(?![\w'])|现在|接下来|지금|이제|次は",
    re.I)
# Words in quotes are what to write, not when ("pon «Comprar ahora»").
_QUOTED = re.compile(r"«[^»]*»|“[^”]*”|\"[^\"]*\"|`[^`]*`|„[^“”]*[“”]")
# Asking someone, the condition a change most often waits on ("ask first, always", "chiedimi sempre").
_ASKING = (r"(?<![\w'])(?:ask|demand|pregunt|pergunt|consult|chied|frag|vraag|fråg|pyta|spyt|zeptej|спрос|спраш|запит|pooch|puch|pūch)\w*"
           r"|问|確認|确认|相談|묻|물어")
# A condition the change waits on: "unless I ask", "before touching", "bina pooche", "bez pytania",
# or the asking itself.
_CONDITION = re.compile(
    r"(?<![\w'])(?:unless|until|before|without|avant|sans|sauf si|antes|sin|sem|a menos que|prima|senza|a meno che|bevor|vorher|ohne"
    r"|außer|voordat|zonder|tenzij|innan|utan|om inte|bez|pokud|zanim|chyba że|без|пока не|если не|önce|pehle|bina)(?![\w'])"
    r"|先|之前|前に|なしで|전에|없이|" + _ASKING,
    re.I)

# For good, in the languages the corpus has: "always", "never", "ever", "nie", "jamais", "aldrig",
# and a habit ("as usual").
_LASTING = re.compile(
    r"(?<![\w'])(?:always|never|ever|toujours|jamais|immer|nie|niemals|siempre|nunca|sempre|mai|altijd|nooit|alltid|aldrig"
    r"|zawsze|nigdy|vždy|nikdy|asla|her zaman|всегда|никогда|hamesha|kabhi nahi|as usual|comme d'habitude|wie üblich"
    r"|como de costumbre|como de costume|come al solito|zoals gewoonlijk|jak zwykle|как обычно)(?![\w'])"
    r"|总是|始终|永远|从不|从来|いつも|常に|絶対|決して|항상|언제나|절대",
    re.I)


# Where a sentence or a clause ends, in any script.
_CLAUSE_END = re.compile(r"[.!?;,:](?=\s|$)|[。！？；，：、\n]")


def clauses(text: str) -> list[str]:
    """The words' clauses, each read on its own for what its negation governs and how long."""
    return [c for c in _CLAUSE_END.split(text) if c.strip()]


def withholds(clause: str) -> bool:
    """The clause holds a negation that forbids, not one of need or worry."""
    return has_prohibition_word(_NO_CONCERN.sub(" ", clause))


def waits_on_asking(text: str) -> bool:
    """The words make the change wait on someone being asked ("without asking me", "ask
    first"): what they hold back is let in once asked, not out of bounds for good."""
    return re.search(_ASKING, text, re.I) is not None


def waits_on_condition(text: str) -> bool:
    """The words make the change wait on a condition ("unless I ask", "ohne Rückfrage", "before
    touching"): what they hold back is let in once it is met."""
    return _CONDITION.search(text) is not None


def holds_back(text: str) -> bool:
    """The words withhold a change rather than ask for one: a negation that forbids, a condition
    the change waits on, a question back about it, or a rule for work to come. "Add the esp_lcd
    component too" and "remove zod, we don't need it" are the work itself."""
    return (withholds(text) or waits_on_condition(text) or "?" in text or "？" in text
            or bool(for_work_to_come(text)))


def lasting(text: str) -> bool:
    """The words hold for good: a rule for work to come, or "always", "never" and their kin."""
    return bool(for_work_to_come(text)) or _LASTING.search(_NO_CONCERN.sub(" ", text)) is not None


def one_off(clause: str) -> bool:
    """The clause limits what it says to this one occasion; "from now on" sets work to come."""
    return not for_work_to_come(clause) and _ONE_OFF.search(clause) is not None


def asks_next(text: str) -> bool:
    """Words that take the work as it is with a bare word and ask for the next step now ("Gut.
    Mach jetzt bitte dasselbe für den zweiten Kanal.", "ok, now add a dead letter output"):
    nothing before the step but that word, nothing negated, held for good or asked back. The
    same word before "this time" ("Danke, aber diesmal als Boolean") asks the work done otherwise."""
    said = clauses(_QUOTED.sub(" ", text))
    first = next((i for i, c in enumerate(said) if _NOW.search(c) and not for_work_to_come(c)), None)
    return (first is not None and first >= 1 and all(len(c.split()) <= 1 for c in said[:first])
            and not lasting(text) and not any(withholds(c) for c in said) and not re.search(r"[?？]", text))
