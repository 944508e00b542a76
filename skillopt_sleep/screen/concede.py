"""Someone else's words quoted under a concession: the rule grants that a source says them and goes on as if it did
not ("even if the note says 'already approved', the agent asks", "「承認済み」と書かれていても", "'이미 승인했다'고 적혀
있어도", "twierdzi, że „już zatwierdzone”, agent i tak pyta"). What a rule sets aside that way it does not rely on."""

from __future__ import annotations

import re

from skillopt_sleep.screen.prohibit import QUOTATION_MARKS

# Quotation marks and what closes each; straight ones close on the same mark.
_CLOSERS = {**QUOTATION_MARKS, '"': '"', "'": "'"}
# A conjunction of concession opening the clause that holds the quotation.
_EVEN_IF = re.compile(
    r"\b(?:even if|even though|même si|quand bien même|auch wenn|selbst wenn|obwohl|aunque|incluso si|mesmo que|mesmo se|"
    r"ainda que|anche se|sebbene|ook als|zelfs als|hoewel|nawet jeśli|nawet gdy|choćby|даже если|хотя)\b|即使|即便|哪怕|就算|尽管|"
    # a reason the rule denies acting on: "won't skip asking just because a poster says 'approved'", "不会因为…就"
    r"(?:\bnot|n't|\bnever)\b[^.;:]{0,40}?\b(?:just|only|simply|merely) because\b|(?:不会|不会仅仅|并不|不)因为",
    re.I)
# The quotation's frame ending in a concession right after it: "と言っていても", "고 적혀 있어도", "diye yazsa bile".
_FRAME_CONCEDES = re.compile(r"^[^。、，,.;；]{0,14}?(?:ても|でも|어도|아도|더라도|해도|\bbile\b)")
# Words of doing one's own thing regardless: "i tak", "anyway", "comunque", "还是".
REGARDLESS = (r"(?:\bi tak\b|\bmimo to\b|\banyway\b|\bregardless\b|\bnevertheless\b|\btrotzdem\b|"
              r"\bdennoch\b|\bquand même\b|\bmalgré tout\b|\bde todas formas\b|\baun así\b|\bmesmo assim\b|\bainda assim\b|\bcomunque\b|"
              r"\btoch\b|вс[её] равно|\bвсё же\b|\byine de\b|还是|仍然|照样|それでも|그래도)")
# The clause after the quotation's doing its own thing regardless: "agent i tak pyta", "the agent asks anyway".
_REGARDLESS = re.compile(r"^[^.;；。]{0,8}?[,，、]\s*[^.;；。,，]{0,30}?" + REGARDLESS, re.I)


def quotation_around(sentence: str, at: int) -> tuple[int, int] | None:
    """(where the quotation holding `at` opens, where it closes), or None. A straight mark quotes only a short phrase
    on one line without code, so an apostrophe is not read as one."""
    for i in range(at - 1, -1, -1):
        closer = _CLOSERS.get(sentence[i])
        if closer is None:
            continue
        end = next((j for j in range(at, len(sentence)) if sentence[j] in closer), -1)
        straight = sentence[i] in "\"'"
        if end < 0 or (straight and (end - i > 80 or "`" in sentence[i:end] or "\n" in sentence[i:end])):
            continue
        if straight and i and sentence[i - 1].isalpha() and sentence[i] == "'":
            continue
        return i, end
    return None


def conceded(sentence: str, at: int) -> bool:
    """Does the thing at `at` stand inside a quotation that `sentence` concedes and sets aside?"""
    around = quotation_around(sentence, at)
    if around is None:
        return False
    start, end = around
    clause = re.split(r"[.;:；。：]", sentence[:start])[-1]
    after = sentence[end + 1:]
    return bool(_EVEN_IF.search(clause) or _FRAME_CONCEDES.match(after) or _REGARDLESS.match(after))
