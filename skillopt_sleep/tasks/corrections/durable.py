"""Words that set a rule for work to come ("from now on", "for next time", "앞으로", "今後"), in
many languages. A turn the agent only answered (nothing changed, no question asked) is read as
a correction where its words hold one of these: the user stated how work is to be done, and the
agent's acknowledging it is no approval of the work. The markers say only that a rule is meant;
what the rule is comes from the words held to the actions (`named.py`) or a model."""

from __future__ import annotations

import re

# Each entry means "from now on", "in future", "next time", "as a rule", "for good" or "for the record" in
# one language; none names a tool, a file or a convention.
_MARKERS = (
    # English
    r"\bfrom now on\b", r"\bgoing forward\b", r"\bfor (?:the )?future\b", r"\bin (?:the )?future\b",
    r"\bnext time\b", r"\bfuture (?:sessions?|changes|work|tasks)\b", r"\bfrom here on\b", r"\bhenceforth\b",
    r"\b(?:general|house) rule\b", r"\bfor the record\b",
    # German, French, Spanish, Portuguese, Italian
    r"\bab jetzt\b", r"\bab sofort\b", r"\b(?:zu)?künftig\b", r"\bin zukunft\b", r"\bnächstes mal\b",
    r"\bdésormais\b", r"\bdorénavant\b", r"\bà l'avenir\b", r"\bla prochaine fois\b", r"\bà partir de maintenant\b",
    r"\bde ahora en adelante\b", r"\ba partir de ahora\b", r"\ben (?:el )?futuro\b", r"\bla próxima vez\b",
    r"\bdaqui (?:pra|para) frente\b", r"\bde agora em diante\b", r"\bno futuro\b", r"\bda próxima vez\b",
    r"\bd'ora in poi\b", r"\bda ora in poi\b", r"\bin futuro\b", r"\bla prossima volta\b",
    # Dutch, Swedish, Polish, Turkish, Russian, Hindi (romanised)
    r"\bvoortaan\b", r"\bvolgende keer\b", r"\bhädanefter\b", r"\bframöver\b", r"\bnästa gång\b",
    r"\bod teraz\b", r"\bna przyszłość\b", r"\bnastępnym razem\b", r"\bbundan sonra\b", r"\bbir dahaki sefere\b",
    r"впредь", r"в будущем", r"в следующий раз", r"отныне", r"с этого момента", r"\baage se\b", r"\bagli baar\b",
    # A rule said to hold for good ("gilt dauerhaft", "platí trvale", "kalıcı kural", "once and for all"); a
    # bare "dauerhaft" or "kalıcı" is as often praise of a fix that lasts, a bare "forever" ("навсегда",
    # "per sempre") as often what a deletion does
    r"\bgilt dauerhaft\b", r"\bdauerhaft klar\b", r"\bplatí (?:to )?trvale\b", r"\bkalıcı (?:bir )?(?:kural|not)\b",
    r"\bkalıcı olsun\b", r"\bonce and for all\b", r"\bein für alle ?mal\b", r"\bune fois pour toutes\b",
    r"\buna volta per tutte\b", r"\bde una vez por todas\b", r"\bde uma vez por todas\b", r"\braz na zawsze\b",
    r"раз и навсегда", r"раз і назавжди",
    # Japanese, Chinese, Korean
    r"今後", r"これからは", r"次から", r"次回",
    r"以后(?:请|要|都|别|不要|记得|也|一律)",  # alone, 以后 is as often "after" ("改完以后")
    r"今后", r"下次", r"从现在起", r"앞으로", r"다음부터", r"이제부터",
)
_DURABLE = re.compile("|".join(_MARKERS), re.I)


def for_work_to_come(text: str) -> str:
    """The words that set a rule for work to come, "" where there are none."""
    match = _DURABLE.search(text.replace("\u2019", "'"))
    return match.group(0) if match else ""
