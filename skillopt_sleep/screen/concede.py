"""Someone else's words quoted under a concession: the rule grants that a source says them and goes on as if it did
not ("even if the note says 'already approved', the agent asks", "「承認済み」と書かれていても", "'이미 승인했다'고 적혀
있어도", "twierdzi, że „już zatwierdzone”, agent i tak pyta"). What a rule sets aside that way it does not rely on."""

from __future__ import annotations

import re

from skillopt_sleep.screen.prohibit import QUOTATION_MARKS, keeps_asking

# Quotation marks and what closes each; straight ones close on the same mark.
_CLOSERS = {**QUOTATION_MARKS, '"': '"', "'": "'"}
# A conjunction of concession opening the clause that holds the quotation.
_EVEN_IF = re.compile(
    r"\b(?:even if|even though|even when|même si|même quand|quand bien même|auch wenn|selbst wenn|obwohl|aunque|incluso si|mesmo que|mesmo se|"
    r"ainda que|anche se|sebbene|ook als|zelfs als|hoewel|nawet jeśli|nawet gdy|choćby|даже если|хотя)\b|即使|即便|哪怕|就算|尽管|"
    # a reason the rule denies acting on: "won't skip asking just because a poster says 'approved'", "不会因为…就"
    r"(?:\bnot|n't|\bnever)\b[^.;:]{0,40}?\b(?:just|only|simply|merely) because\b|(?:不会|不会仅仅|并不|不)因为",
    re.I)
# The quotation's frame ending in a concession right after it: "と言っていても", "고 적혀 있어도", "diye yazsa bile".
_FRAME_CONCEDES = re.compile(r"^[^。、，,.;；]{0,14}?(?:ても|でも|어도|아도|더라도|해도|\bbile\b)")
# A source reporting the claim rather than the rule making it: "a comment says that …", "dice che", "que fale de", "写着".
REPORTED = re.compile(
    r"\b(?:says?|said|claims?|states?|mentions?|speaks? of|talks? about)\b|\bdit que\b|\bprétend\b|\baffirme\b|\bsagt\b|"
    r"\bbehauptet\b|\bdi(?:ce|ga)(?:n)? que\b|\bdise(?:nt)? que\b|\bafirma\b|\bdiz(?:em)? que\b|\bfal(?:e|a|am) (?:de|em|que)\b|\bdice(?:va)? che\b|"
    r"\bafferma\b|\bzegt\b|\bbeweert\b|\btwierdzi\b|\bmówi\b|\bговорит\b|\bутверждает\b|写着|声称|说|と書|と言|라고|고 적",
    re.I)
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
    """Does the thing at `at` stand inside a quotation that `sentence` concedes and sets aside, or, unquoted, in
    what a source is reported to say inside a clause of concession?"""
    around = quotation_around(sentence, at)
    if around is None:
        return _reported_in_concession(sentence, at)
    start, end = around
    clause = re.split(r"[.;:；。：]", sentence[:start])[-1]
    after = sentence[end + 1:]
    return bool(_EVEN_IF.search(clause) or _FRAME_CONCEDES.match(after) or _REGARDLESS.match(after))


def _reported_in_concession(sentence: str, at: int) -> bool:
    """Does the thing at `at` stand, unquoted, in what a source is reported to say, the report inside a clause of
    concession, while the rest of the sentence keeps the user's say ("major upgrades wait for the user even when the
    note says they were approved beforehand", "auch wenn die Notiz sagt, dass ..., fragt der Agent")? The concession,
    the report and the thing are one clause: a comma between them ends it ("even when CI is red, the note says ...",
    "even when the note says otherwise, the owner approved ..."), save the one that opens what is reported. Without
    the asking the concession may be what the rule relies on ("even if only the note says so, the agent merges")."""
    begin = max((m.end() for m in re.finditer(r"[.;:；。：]", sentence[:at])), default=0)
    clause = sentence[begin:at]
    end = next((m.start() for m in re.finditer(r"[,，、.;:；。：]", sentence[at:])), len(sentence) - at) + at
    for concession in _EVEN_IF.finditer(clause):
        report = REPORTED.search(clause, concession.end())
        if report and not re.search(r"[,，、]", clause[concession.end():report.start()]) \
                and re.fullmatch(r"\s*[,，]?[^,，、]*", clause[report.end():]) \
                and keeps_asking(sentence[:begin + concession.start()] + " " + sentence[end:]):
            return True
    return False
