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
    r"entschuldig(?:ung|e|en sie)|tut mir leid|désolée?|pardon(?!\s*\?)|mes excuses|"
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

# What a reply says where it does not know the answer ("sorry, I'm not sure", "keine Ahnung"):
# an apology for the answer, not for the work.
_NOT_KNOWING = re.compile(
    r"(?<![\w'])(?:not sure|(?:don't|do not) know|no idea|can't tell|keine ahnung|weiß (?:ich )?nicht|nicht sicher"
    r"|je ne sais pas|pas sûre?|no (?:lo )?sé|no estoy segur[oa]|não sei|não tenho certeza|non (?:lo )?so|non sono sicur[oa]"
    r"|weet (?:ik )?(?:het )?niet|vet inte|nie wiem|nie jestem pew\w+|nevím|neviem|не знаю|не уверен\w*|не впевнен\w*"
    r"|bilmiyorum|emin değilim|pata nahi)(?![\w'])|わかりません|分かりません|分からない|わからない|不知道|不确定|모르겠",
    re.I)


# What a reply says where it cannot do what the words ask ("Sorry, I can't reach the CI", "sorry, I don't
# have merge rights", "Lo siento, no puedo"): an apology for a limit of its own, not for the work.
_UNABLE = re.compile(
    r"(?<![\w'])(?:i (?:can't|cannot|can not|am unable|'m unable|am not able|'m not able|don't have|do not have|have no)"
    r"|ich kann (?:\w+ )?nicht|ich habe keine?n?|je ne peux pas|je n'ai pas (?:accès|le droit)|no puedo|no tengo"
    r"|não posso|não tenho|non posso|non ho)(?![\w'])", re.I)


def apologises_for_the_work(reply: str) -> str:
    """The apology of a reply that answers a question, "" where there is none or where the reply
    does not know the answer: "Yes, sorry, I edited it by hand" owns the work the question was
    about, "Sorry, I'm not sure; maybe the cache" only answers."""
    return "" if _NOT_KNOWING.search(reply) else apologises(reply)


def apologises(reply: str) -> str:
    """The apology in an agent's reply, "" where there is none or where it is for the wait."""
    match = _APOLOGY.search(reply)
    if match is None or _WAIT.search(reply):
        return ""
    # The sentence the apology opens says what it is for: a limit of the agent's own is no fault owned.
    said = re.split(r"[.!?。！？]", reply[match.end():], maxsplit=1)[0]
    return "" if _UNABLE.search(said) else match.group(0)
