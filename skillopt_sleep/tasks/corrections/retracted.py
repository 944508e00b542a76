"""Words in which the user takes back what they themselves asked for earlier ("scratch what I said
about the margins", "my mistake, I meant the staging bucket", "ich habe mich vertan"): the work redone after them follows
the user's changed request, it does not correct how the agent works, so they state no rule. Only
the user's own error is read, never the agent's ("you got it wrong"), and a turn that also holds
for good ("my bad, I should have said: we never push to main") is left to the other readers."""

from __future__ import annotations

import re

# The user owning an error of their own words, in the languages the corpus has: "my mistake",
# "I was wrong", "scratch what I said", "je me suis trompé", "mein Fehler", "me equivoqué", and
# the request itself taken back: "I rushed", "vazgeçtim" (I changed my mind), "peru pyyntöni",
# "беру свои слова обратно" (I take my words back), "dediğim yanlıştı" (what I said was wrong).
_OWN_ERROR = re.compile(
    r"(?<![\w'])(?:my (?:own )?(?:mistake|bad)|i was wrong|i misspoke|i take (?:that|it) back"
    r"|(?:scratch|forget|ignore) (?:about )?what i (?:said|wrote|asked)|scratch that"
    r"|je me suis trompée?|oublie ce que j'ai dit|autant pour moi|au temps pour moi"
    r"|mein fehler|ich (?:habe|hab) mich (?:da )?(?:geirrt|vertan)|vergiss,? was ich gesagt"
    r"|me equivoqué|olvida lo que (?:te )?dije|me precipité|error mío|culpa mía"
    r"|me enganei|esquece o que eu disse|erro meu|foi mal"
    r"|mi sono sbagliat[oa]|colpa mia|errore mio|dimentica quello che ho detto"
    r"|mijn fout|ik vergiste me|ik had het mis|vergeet wat ik zei|mitt fel|jag hade fel|glöm vad jag sa"
    r"|mój błąd|pomyliłe[mś] się|pomyliłam się|benim hatam|yanıldım|vazgeçtim|fikrimi değiştirdim|meri galti"
    r"|я ошиб(?:ся|лась)|моя ошибка|я поторопил(?:ся|ась)|я помили(?:вся|лася)|моя помилка|я поспіши(?:в|ла)"
    r"|беру (?:свои |свої )?слова(?: \w+){0,3} (?:обратно|назад)|(?:az önce |demin )?(?:dediğim|söylediğim) yanlış(?:tı)?(?!\s*değil)|טעיתי"
    r"|olin väärässä|minun virheeni|peru(?:n)? (?:\w+ )?pyyntöni)(?![\w'])"
    r"|我收回|我说错了|我搞错了|我弄错了|是我的错|前言撤回|私の間違い|제 실수|제가 잘못 (?:말|알)",
    re.I)


# A negation just before ("not my mistake", "nicht mein Fehler"): the error is put on the work.
_DENIED = re.compile(r"(?:n't|(?<![\w'])(?:not|nicht|pas|non|no|não|niet|inte|nie|не|değil|לא))\s+(?:\w+\s+)?$", re.I)


def takes_back_own_words(text: str) -> str:
    """The words that own up to the user's own earlier error, or ""."""
    for match in _OWN_ERROR.finditer(text):
        if not _DENIED.search(text[max(0, match.start() - 20):match.start()]):
            return match.group(0)
    return ""
