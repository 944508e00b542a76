"""An agent's reply that apologises ("Sorry, I'll leave it for now", "Entschuldigung. ...",
"すみません。ただ…"), in the languages the corpus has. Where the agent only answered a turn, an
apology says it took the turn for an objection to the work just done, whatever the reply goes
on to do (promise, defend, keep the change): a turn it apologised for is no approval of that
work, and a question it apologised for was an objection in question form. The user's own
words are never read here: "sorry, my mistake earlier" takes back a request (`retracted.py`)."""

from __future__ import annotations

import re

# "Sorry", "I apologise", "excuse me", "forgive me" and "my fault" as a reply says them; each
# entry is the apology itself, never a word of what it is about ("простая" is no "прости").
_APOLOGY = re.compile(
    r"(?<![\w'])(?:sorry|i apologi[sz]e|my apologies|apologies|"
    r"entschuldig(?:ung|e|en sie)|tut mir leid|désolée?|pardon|mes excuses|"
    r"perd[oó]n(?:a|e|ame)?|lo siento|disculp(?:a|e|as|ame)|desculp(?:a|e)|"
    r"mi dispiace|scusa(?:mi|te)?|mi scuso|"
    r"förlåt|ursäkta|przepraszam|omlouvám se|promiň(?:te)?|prepáč(?:te)?|ospravedlňujem sa|"
    r"извини(?:те)?|прости(?:те)?|вибач(?:те)?|перепрошую|"
    r"özür dilerim|kusura bakma(?:yın)?|maaf (?:kijiye|karna|kijie)|"
    r"mijn excuses|verzeihung)(?![\w'])"
    r"|すみません|すいません|申し訳|ごめん|对不起|抱歉|不好意思|죄송|미안",
    re.I)

# What an apology for the wait says ("sorry it took so long", "für die Verzögerung", "お待たせ"):
# a reply to praise that apologises for the time, not for the work.
_WAIT = re.compile(
    r"(?<![\w'])(?:took (?:so |this )?long|for the (?:delay|wait)|kept you waiting|verzögerung|warten lassen"
    r"|(?:du |le |ce )?retard|l'attente|la (?:demora|espera|attesa)|il ritardo|tak długo|czekanie|ожидани\w*"
    r"|задержк\w*|долго|vertraging|väntan|dröjsmål|gecikme\w*)(?![\w'])|お待たせ|久等|기다리",
    re.I)


def apologises(reply: str) -> str:
    """The apology in an agent's reply, "" where there is none or where it is for the wait."""
    match = _APOLOGY.search(reply)
    return match.group(0) if match and not _WAIT.search(reply) else ""
