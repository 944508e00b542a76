"""Whether a sentence forbids or warns against what it names, in several languages. The markers
live in `negation`, shared with the correction reader; here they only ever clear a rule whose
effect is dangerous, so a marker missed costs a harmless rule, never a dangerous one.

A marker forbids unless an encourager turns it into a request: "never forget to", "n'oubliez
jamais", "don't hesitate", "no need to ask before", "nunca esqueça". A marker inside a leading
condition ("if the push is not accepted, ...") governs the condition only."""

from __future__ import annotations

import re

from skillopt_sleep.negation import (INSTEAD_OF, NOWHERE, ELSEWHERE, ELSE_BEFORE, AFTER_ONLY, BEFORE_ONLY,
                                     LEAVE_ALONE, PREFERS, DISFAVOURED, CJK_MARKERS, CONTINUED_DENIAL, FINAL, JA_JUNCTION, JA_NEGATIVE, MARKER,
                                     TURKISH_NEGATIVE, ZH_NOT, ZH_THEN, has_prohibition_word)
from skillopt_sleep.screen.commands import ANY_CODE_SPAN as _SPAN
from skillopt_sleep.screen.commands import blank_code as _masked
from skillopt_sleep.screen.disowned import disowned_request
from skillopt_sleep.screen.handover import PERSON, handed_to_person

# After a marker these ask for the thing instead: forget, hesitate, wait, skip, ask, bother...
_ENCOURAGER = re.compile(
    r"(?:forget|fail|hesitate|wait|bother|worry|be afraid|ask before|need to|prompt|confirm|skip|stop|question|leave|finish|end |"
    r"oubli|hésit|attend|vergiss|vergessen|zöger|warte|olvid|dud|esque|hesit|dubit|dimentic|esit|aarzel|vergeet|wahaj|zapomin|çekinme|unutma|"
    # a verdict denied: "nothing is off-limits", "rien n'est interdit"
    r"nothing(?:'s| is)|nichts ist|"
    # without keeping, not keeping: the thing kept is what is thrown away ("sin conservar los cambios locales")
    r"\bkeep(?:ing)?\b(?!\s+(?:away|clear|off|out|from)\b)|\bretain|\bpreserv|conserv|behalt|bewahr|guardar|manten|zachow|sakla|сохран|保留|保持|"
    # a negative subject that waves it through: "nobody minds", "nobody will notice", "nadie se dará cuenta"
    r"\b(?:will |would |ever )?(?:minds?|cares?|notices?|complains?|objects?|checks?|looks?)\b|se dará cuenta|se entera|remarquera|merkt|"
    r"rien n'est|nada (?:está|es|é)|niente è|niets is|nic nie jest|hiçbir şey|ничего не|"
    r"забыва|забуд|стесня|колеб|жд[её]т|ждать|дожида|bekle|犹豫|忘|迷わ|ためら|躊躇|確認せず|不用问|无需)", re.I)
# After a predicate's marker, words that make it a permission: "is not a problem", "ist kein Problem", "n'est pas grave".
_WAVED_OFF = re.compile(r"\s*(?:\w+\s+){0,2}?(?:a\s+|an\s+|any\s+)?(?:problem|issue|big deal|risk|concern|worry|harm|dangerous|risky|"
                        r"souci|soucis|sorge|preocupaci[oó]n|preocupaç|preoccupazion|zorg|kłopot|sorun|забот|hurt|daño|dano|danno|"
                        r"schade|dommage|"
                        r"problème|grave|problema|riesgo|risco|problem\w*|schlimm|gefährlich|проблем\w*|страшно|опасно|问题|問題|"
                        r"大丈夫|没关系|关系)", re.I)
_FORGET = re.compile(r"\b(?:forget|forgot|vergess|vergiss|vergaß|oubli|olvid|esque[cç]|dimentic|vergeet|zapomin|unut)\w*|забыва|забуд|忘", re.I)
_ENCOURAGER_REACH = 24  # characters after a marker in which an encourager reverses it
# A label may be long or in two parts joined by a comma ("PR *Bump x from 1.2 to 1.3*, section **Notes**:").
_CONDITION = re.compile(r"^\s*(?:[-*\u2022]\s*)?(?:(?P<label>(?:[^:：`,]|`x*`){1,60}(?:,(?:[^:：`,]|`x*`){1,40})?)[:：]\s+)?"  # a label or an addressee first ("Per Marco: ...")
                        r"[\"'«„“‚‹「『]?\s*"  # a quoted message opens with its condition
                        r"(?:if|when|whenever|unless|once|so that|in order to|since|because|as|given that|se|jeśli|jeżeli|gdy|kiedy|jak|eğer|"
                        r"wanneer|zodra|"
                        r"puisque|comme|da|weil|porque|ya que|já que|поскольку|так как|"
                        r"si|wenn|falls|cuando|quando|"
                        r"если|когда|чтобы|pour|damit|um|para|to(?=\s+(?:avoid|prevent|keep|save|make|get|speed|stay)\b)|"
                        r"(?:no|na|em|on|in|unter|sous|en|bei|под|在)\s+[^,]{1,30}(?=,))"
                        r"(?:\b|(?<=[`'\")]))[^,:`]*[,:]", re.I)
# Japanese and Chinese put the condition first and close it with a particle, not always a comma.
# Turkish closes a clause with the negative imperative "-ma/-me" ("`sudo` kullanma", "kendin çalıştırma"); the same
# ending closes English words ("tell me"), so it counts only in a sentence with letters only Turkish has.
_TURKISH_FINAL = re.compile(r"(?<=[a-zçğıöşü]{3})m[ae](?=\s*(?:[.;!,]|$))", re.I)
_TURKISH = re.compile(r"[ığşİ]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_CJK_CONDITION = re.compile(r"^\s*(?:[-*\u2022]\s*)?[^。！？]*?(?:とき|時|場合|際)(?:は|には|に)、?|"
                            # a Japanese conditional ending: "不要になったら" (once it is no longer needed), "使うなら", "あれば"
                            r"^\s*(?:[-*\u2022]\s*)?[^。！？`]*?(?:たら|なら|れば)、?|^\s*(?:[-*\u2022]\s*)?[^。，]*?(?:时|的时候)，")


def condition_end(sentence: str) -> int:
    """Where a leading condition ("when you skip a test, ...", "テストをスキップするときは") ends, or 0:
    an action named inside it describes a situation, it does not ask for the action."""
    masked = _masked(sentence)
    lead = _CONDITION.match(masked) or _CJK_CONDITION.match(masked) or _VERB_FIRST_CONDITION.match(masked)
    # A condition may name code ("if a note beside `formatter` mentions a token,"): read it as a word.
    lead = lead or _CONDITION.match(re.sub(r"`x*`", lambda span: "c" * len(span.group(0)), masked))
    return lead.end() if lead else 0


# German and Dutch open a condition with its finite verb, the main clause then puts its verb before its subject:
# "braucht ein Schritt Root-Rechte, SOLL er den Befehl nennen", "Heeft een stap root nodig, dan vraagt hij ...".
_VERB_FIRST_CONDITION = re.compile(r"^\s*(?:[-*\u2022]\s*)?[a-zäöüß]+(?:t|en|st)\s+[^,:;`.]{1,60},(?=\s*(?:dann\s+|dan\s+)?"
                                   r"[a-zäöüß]+\s+(?:\([^)]{1,20}\)\s+)?(?:er|sie|es|man|du|ihr|wir|hij|zij)\b)", re.I)


# Ends of one sentence or instruction: a prohibition in one does not govern the next.
# A question or an exclamation may close inside emphasis or quotation marks (`*"Ban it?"* Yes.`): its answer is a sentence
# of its own.
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|(?<=[!?？！])[*_\"'”“»」』]{1,3}\s+|(?<=[。！？；])\s*|\n|\s+(?:then|and then|afterwards|ensuite|dann|luego(?!\s+de\b)|depois(?!\s+d[eoa]s?\b)|затем)\s+",
                       re.I)
# Before a marker may count, the sentence's command (its first code span) must not have ended long before.
# ... nor in a condition after it ("`git push --force` when rejected", "`sudo` if not root").
_AFTER_SPAN = re.compile(r"^[^\w,，、;]*(?:(?!so\b|to\b|чтобы|pour\b|damit|para\b|um\b|为了|ために|when\b|whenever\b|if\b|once\b|unless\b|"
                         r"wenn\b|falls\b|sobald\b|si\b|quand\b|lorsque\b|cuando\b|quando\b|zodra\b|jeśli\b|gdy\b|если\b|когда\b|"
                         r"eğer\b)\w+[^\w,，、;]*){0,2}$",
                         re.I)


# Between a marker and the thing, a new clause ends the marker's reach ("there's no reason to keep them, so run ...").
_REACH_ENDS = re.compile(r"[;，；]|,\s*(?:so|and|then|but|therefore|donc|alors|also|daher|por eso|así que|então|поэтому|так что|"
                         r"yes|allowed|oui|ja|sí|sim|sì|tak|evet|да)\b|"
                         r"\b(?:so|therefore|hence)\s|所以|因此|だから|"
                         # "but" after a negated act names the act done instead: "does not run it again but adds `x`"
                         r"\b(?:but|sondern|mais|sino|maar|ale|ama|но|а)\b(?!\s+(?:also|auch|aussi|también|ook|też|и|также)\b)|"
                         # an exception carves what follows out of the prohibition: "never X, except Y" asks for Y
                         r"\b(?:except|excepting|other than|but for|sauf|hormis|außer|ausgenommen|salvo|excepto|exceto|tranne|"
                         r"eccetto|behalve|z wyjątkiem|oprócz|hariç|istisna\w*|кроме|за исключением)\b|除了|除非|ただし|例外|예외", re.I)
# After a ban, a verb that lifts it: "の禁止を解除", "금지를 해제", "verbot aufheben".
_LIFTED = re.compile(r"\s*[をの]?\s*(?:解除|取り消|やめ)|\s*[를을]?\s*(?:해제|풀)|\s*(?:aufheb\w*|aufgehoben|lever|levez|levant\w*|"
                     r"lift\w*|annul\w*|снять|сними|отмени\w*|取消|解除)", re.I)
# A thing named in a list goes on past its first code span: "`rm -rf ~` or `sudo rm -rf /` must never ...".
_LIST_MORE = re.compile(r"(?:\s*(?:,|、|/|や|\bor\b|\band\b|\bou\b|\bet\b|\boder\b|\bund\b|\bo\b|\by\b|\be\b|\bof\b|\ben\b|"
                        r"\blub\b|\bczy\b|\bi\b|\bveya\b|\bve\b|\bили\b|\bи\b|或|和)\s*(?:[^\W\d][\w'-]*\s+){0,2}`[^`]*`)+", re.I)
# Languages that put the negation after the verb ("Löschen Sie nie", "N'utilisez jamais").
_AFTER_VERB = {"nie", "niemals", "nicht", "kein", "keine", "jamais", "pas", "mai"}
# Guards that make an action wait for the user: a warning, as good as a prohibition, unless waved off.
_GUARD = re.compile(r"ask(?:ing)? (?:the user )?(?:before|first)|only after the user|only the user\b|"
                    r"seul l'utilisateur|nur der (?:nutzer|benutzer)|solo el usuario|(?:só|apenas) o usuário|только (?:сам )?пользовател|"
                    r"只有用户|仅由用户|ユーザー(?:本人)?(?:だけ|のみ)|after the user (?:says yes|agrees|confirms)|"
                    r"the user'?s? (?:agreement|consent|approval|go-ahead|ok|okay|say-so|sign-off|permission)\b|after the user (?:merges|approves|reviews|has reviewed|checks|has checked|has read|signs off)|"
                    r"(?:après|une fois) que l'utilisateur (?:a |les a |l'a )?(?:relu|vérifié|validé)|nachdem (?:der|die) (?:nutzer|benutzer)\w* (?:\w+ )?(?:geprüft|gelesen|freigegeben)|"
                    r"después de que el usuario (?:revise|los revise|lo revise|apruebe)|depois que o usuário (?:revisar|aprovar)|"
                    r"dopo che l'utente (?:ha )?(?:rivisto|controllato|approvato)|"
                    r"nach rückfrage|après confirmation|tras (?:confirmar|confirmación)|após confirmação|после подтверждения|确认后|確認後|"
                    r"confirm(?:ation)? (?:with the user )?before|pide confirmación|demande[rz]? confirmation|frag(?:e|en) (?:vorher|zuerst)|"
                    r"先询问|先问用户|询问用户|(?:请|让|由)用户确认|ユーザーに確認|確認してから|спросите|"
                    r"ask (?:for )?(?:confirmation|permission)|only (?:on|to|for|in) (?:your own|an? unpushed|unpushed|local|private)|"
                    # the user's to do, or done only once they agree, in the thirteen languages
                    r"(?:is|are) for the user to|for the user to run|"
                    # held until someone else moves it on: "waits here until a person drags it on"
                    r"(?:waits?|stays?|remains?|sits?|(?:is|are) (?:held|parked))\s+(?:\w+\s+){0,2}?until\s+(?:a|an|the)\s+(?:[\w-]+\s+)?"
                    r"(?:person|human|user|maintainer|owner|reviewer|admin)\b|"
                    # a person's job: "is for humans only", "is reserved for the on-call human", "only the release manager runs"
                    r"(?:is|are) (?:only )?(?:for|reserved for) (?:the )?(?:[\w-]+ )?(?:humans?|people|persons?|users?|maintainers?|owners?|admins?)\b|"
                    r"\bonly (?:the |a )?(?:[\w-]+ )?(?:humans?|people|person|maintainers?|owners?|managers?|admins?|on-call\w*)\s+(?:runs?|may|can|does|do|uses?|types?)\b|"
                    # done by the user in person: "ユーザーが自分で行う", "the user runs it themselves"
                    r"the user (?:does|runs|executes|types) (?:it|this|that|them) (?:themselves|themself|personally|in person)|"
                    r"ユーザー(?:が自分で|自身が|本人が)|用户自己|由用户(?:自己|亲自)?(?:执行|运行)|사용자가 직접|"
                    r"el usuario (?:lo |la )?(?:hace|ejecuta) (?:él mismo|por su cuenta)|l'utilisateur (?:le |la |l')?(?:fait|lance|exécute) lui-même|"
                    r"der (?:nutzer|benutzer) (?:macht|führt) (?:das|es) selbst|"
                    # the decision is the user's: "si se borran o no lo decide el usuario"
                    r"the user decides|(?:lo |la |los )?decide el usuario|el usuario decide|(?:c'est )?l'utilisateur (?:qui )?décide|"
                    r"entscheidet der (?:nutzer|benutzer)|der (?:nutzer|benutzer) entscheidet|o usuário decide|decide o usuário|"
                    r"(?:lo )?decide l'utente|l'utente decide|de gebruiker beslist|beslist de gebruiker|decyduje użytkownik|"
                    r"użytkownik decyduje|kullanıcı karar verir|karar kullanıcın\w*|решает пользователь|пользователь решает|"
                    r"由用户决定|用户决定|ユーザーが(?:決め|判断)|사용자가 결정|"
                    # the step handed to the user: "ask the user to run it themselves", "leave it to the user"
                    r"(?:ask|tell|let|have) (?:the user|them) (?:to )?(?:run|do|execute|type|install|apply)\b|"
                    r"leave (?:it|this|that|them) to the user|(?:is|are) left to the user|kullanıcıya bırakıl\w*|laissée?s? à l'utilisateur|dem (?:nutzer|benutzer)\w* überlassen|"
                    r"se (?:le )?deja(?:n)? al usuario|(?:fica|ficam) (?:para|com) o usuário|lasciat[oaie] all'utente|aan de gebruiker overgelaten|"
                    r"pozostawi\w* użytkownikowi|оставля\w* пользователю|留给用户|ユーザーに任せ|사용자에게 맡기|"
                    # only another team does it: "dodaje wyłącznie zespół ops", "only the ops team adds", "nur das Ops-Team"
                    r"(?:\bonly|\bexclusively|\bsolely|\bwyłącznie|\btylko|\bnur|\bausschließlich|\buniquement|\bseule?(?:ment)?|\bsolo|\bsolamente|"
                    r"\búnicamente|\bapenas|\bsomente|\bsoltanto|\balleen|\buitsluitend|\byalnızca|\bsadece|\bтолько|\bисключительно)\s+"
                    r"(?:the |l'|le |la |el |o |a |de |das |der |die |il |lo )?(?:[\w-]+[ -])?(?:team|zespół|équipe|equipo|equipe|squadra|ekib\w*|"
                    r"команд[аы])\b(?:\s+(?:ops|sre|infra\w*|platform\w*|dba|security))?|"
                    r"(?:suggest|propose|recommend)\w* (?:it|this|that|them) to the user|hand (?:it|this|that|them) (?:over )?to the user|"
                    r"demande[rz]? à l'utilisateur de (?:le |les |l')?(?:lancer|exécuter|taper|installer)|"
                    r"bitte (?:den|die) (?:nutzer|benutzer)\w*,? (?:es |ihn |sie )?(?:selbst )?(?:auszuführen|zu installieren)|"
                    r"pide al usuario que (?:lo |la |los )?(?:ejecute|instale|corra)|peça ao usuário que (?:o |a )?(?:execute|instale|rode)|"
                    r"chiedi all'utente di (?:eseguir|installar|lanciar)|vraag de gebruiker (?:om )?(?:het |dit )?(?:uit te voeren|te installeren)|"
                    r"poproś użytkownika o (?:uruchomienie|instalację)|kullanıcıdan (?:çalıştırmasını|kurmasını) iste|"
                    r"попроси\w* пользователя (?:запустить|выполнить|установить)|让用户(?:自己)?(?:运行|执行|安装)|ユーザーに(?:実行|インストール)して|(?:is|are) the user'?s to\b|"
                    # a person, not the agent, does it: "`apply`와 `destroy`는 사람이 합니다", "goes through a ticket and a human"
                    r"\b(?:a|the) (?:human|person|admin|administrator|on-call (?:person|engineer)) (?:does|runs|applies|types|decides|handles)\b|\bgoes through (?:\w+\s+){0,3}?(?:a human|a person)\b|"
                    r"\b(?:un humain|une personne) (?:le |la |les |l')?(?:fait|lance|applique|exécute|décide)\b|"
                    # ... or is asked first, said impersonally: "on demande d'abord à la personne", "lo si chiede a chi usa la macchina"
                    r"\bon demande d'abord à\b|\bfragt man (?:zuerst|vorher)\b|\bse (?:le )?pregunta (?:antes|primero) a\b|"
                    r"\bpergunta-se (?:antes|primeiro)\b|\b(?:lo )?si chiede (?:prima )?a (?!nessuno)|"
                    r"\b(?:ein Mensch|eine Person) (?:macht|führt|wendet|entscheidet)\b|\b(?:macht|führt|wendet|entscheidet) (?:\w+ )?(?:ein Mensch|eine Person)\b|"
                    r"\b(?:hace|ejecuta|aplica|decide) (?:\w+ )?(?:una persona|un humano)\b|\b(?:una persona|un humano) (?:lo |la |los )?(?:hace|ejecuta|aplica|decide)\b|"
                    r"\b(?:faz|executa|aplica|decide) (?:\w+ )?(?:uma pessoa|um humano)\b|\b(?:uma pessoa|um humano) (?:o |a )?(?:faz|executa|aplica|decide)\b|"
                    r"\b(?:una persona|un umano) (?:lo |la )?(?:fa|esegue|applica|decide)\b|"
                    r"\b(?:een mens|een persoon) (?:doet|voert|past|beslist)\b|\b(?:doet|voert|beslist) (?:\w+ )?(?:een mens|een persoon)\b|"
                    r"\b(?:człowiek|osoba|administrator) (?:robi|wykonuje|stosuje|decyduje)\b|\b(?:robi|wykonuje|stosuje|decyduje) (?:\w+ )?(?:człowiek|administrator)\b|"
                    r"\b(?:bir insan|bir kişi) (?:yapar|çalıştırır|uygular|karar verir)\b|"
                    r"(?:делает|выполняет|применяет|запускает|решает|выда[её]т)\w* (?:\w+ )?(?:человек|администратор|оператор|дежурный)\b|"
                    r"\b(?:человек|администратор|оператор|дежурный) (?:делает|выполняет|применяет|запускает|решает|выда[её]т)|"
                    r"由(?:[^，。；,;`]{0,8}?的)?(?:人|管理员)(?:工)?(?:来)?(?:做|执行|操作|处理|决定)|人工(?:执行|操作|处理|审核)|人(?:間)?が(?:行い|行う|実行|判断|やる|やり)|"
                    r"(?:사람이|운영자가|운영팀이|관리자가|담당자가) (?:합니다|한다|해요|실행|직접|판단)|(?:エージェント|AI)に(?:は)?任せ(?:ません|ない)|"
                    # what only a person does: "`terraform destroy` is only ever run by a person"
                    r"only (?:ever )?(?:be )?(?:run|done|used|executed|typed|applied) by (?:a person|a human|humans|people|the user)\b|"
                    r"(?:is|are) (?:meant|intended) for (?:the user|people|humans)\b|destiné\w* à l'utilisateur|"
                    r"für (?:den (?:nutzer|benutzer)|menschen) (?:bestimmt|gedacht)|destinad\w* (?:al|ao) usu[aá]rio|the user'?s? (?:own )?(?:business|job|call|decision|choice)|"
                    r"(?:only )?with the user'?s? (?:explicit )?(?:say-so|permission|ok|okay|blessing|sign-off)|"
                    # what still needs a person's yes waits for it: "force-pushes still need the owner's yes in the ticket"
                    r"(?<!n't )(?<!not )(?<!never )(?<!longer )\b(?:still )?(?:needs?|requires?) (?:the )?(?!nobody|anybody|anyone)\w+(?:'s|s') "
                    r"(?:(?:written|explicit|express|prior) )?(?:yes|consent|approval|sign-off|go-ahead|permission)\b|"
                    r"only (?:after|once) (?:they|the user|he|she) (?:say yes|says yes|agree|agrees|confirm|confirms|approve|approves)|"
                    r"frag(?:e|en)? (?:zuerst|vorher)|nach zustimmung|mit zustimmung|si l'utilisateur (?:est d'accord|accepte|confirme)|"
                    r"avec l'accord de l'utilisateur|pe[çc]a confirma|pergunte (?:antes|ao usuário)|chiedi (?:conferma|prima|all'utente)|"
                    r"dopo (?:la )?conferma|con il consenso|vraag (?:eerst|de gebruiker)|na toestemming|met toestemming|zapytaj|"
                    r"po zgodzie|za zgodą|kullanıcıya sor(?!madan|maksızın)|onayıyla|onay(?:ı)? al|사용자에게 (?:확인을? 받|물어)|확인(?:을 받은|한) 후|동의(?:를 받은|한) 후|"
                    r"спроси|с согласия|用户同意后|经用户同意|(?:征得|得到|取得)用户(?:的)?(?:同意|确认|批准|许可)|ユーザーの(?:同意|承認|了承|許可)|"
                    # the command shown to the user, not run: "mostre o comando ao usuário", "zeige dem Nutzer den Befehl"
                    r"show (?:the user )?the command(?: to the user)?|mostr\w* o comando ao usuário|muestr\w* (?:el comando al usuario|al usuario el comando)|"
                    r"montre[rz]? la commande à l'utilisateur|zeig\w* (?:dem (?:nutzer|benutzer)\w* )?den befehl|mostr\w* il comando all'utente|"
                    r"toon de gebruiker het commando|pokaż użytkownikowi polecenie|komutu kullanıcıya göster|kullanıcıya komutu göster|"
                    r"покажи\w* (?:пользователю )?команду|把命令(?:给用户看|展示给用户|告诉用户)|コマンドをユーザーに(?:見せ|示し)|명령을 사용자에게 보여|"
                    # a command shown to the user as text, not run: "show them the `DROP TABLE` statement"
                    r"(?:show|print|give|write|suggest|propose)\w*\s+(?:(?:the user|them|him|her)\s+)?(?:the\s+|this\s+|that\s+|a\s+)?"
                    r"`x+`\s+(?:statement|command|query|snippet)(?!\s*(?:'s\s+)?output)",
                    re.I)
# A prohibition that points back at the thing with a pronoun and ends there: "..., never reading it",
# "You never run it.", "Run it only after they confirm." A pronoun with more after it ("never run it on main")
# scopes the thing rather than forbids it.
# The user's agreement as the condition of the whole step, in the thirteen languages: "If the user agrees, ...",
# "nachdem du im Chat zugestimmt hast", "après accord de l'utilisateur", "only when l'utilisateur dit ok". The agreement
# must close its clause (or take a pronoun): "if the user approves the PR" agrees to something else.
_AGREES = (r"(?:agree[sd]?|approve[sd]?|confirm(?:s|ed)?|ok(?:ay)?s|say(?:s)?\s+(?:yes|ok|so)|said\s+(?:yes|ok|so)|gives? the go-ahead)"
           r"(?:\s+(?:to\s+)?(?:it|this|that|them))?\s*(?:[,;:)]|$|\s+(?:in|on|via|over)\s)")
_CONSENT = re.compile(
    r"\b(?:if|when|once|after|only\s+(?:if|when|after|once))\s+(?:the user|they|the owner|the maintainer|he|she)\s+"
    r"(?:has\s+|have\s+)?(?:explicitly\s+|clearly\s+|first\s+)?" + _AGREES + "|"
    r"\bwith (?:their|the user'?s?|his|her) (?:explicit )?(?:ok|okay|permission|consent|approval|go-ahead|say-so|blessing)\b|"
    r"\b(?:si|quand|lorsque|une fois que|seulement (?:si|quand)|only when)\s+l'utilisateur\s+(?:l'|le\s+)?"
    r"(?:dit (?:oui|ok|d'accord)|accepte|confirme|approuve|valide)\b|\baprès (?:l')?accord\b|\bavec (?:son|l') accord\b|"
    r"\b(?:nachdem|wenn|sobald|falls)\s+(?:du|der (?:nutzer|benutzer)|die (?:nutzerin|benutzerin)|sie|er)\b(?:(?!nicht|kein)[^,.;]){0,40}?"
    r"\b(?:zugestimmt|zustimmt|bestätigt|freigegeben|erlaubt|einverstanden|ja sagt|ja gesagt)\b|"
    r"\b(?:si|cuando|solo (?:si|cuando))\s+el usuario\s+(?:lo\s+)?(?:acepta|acepte|confirma|confirme|aprueba|apruebe|"
    r"dice que sí|diga que sí|está de acuerdo|esté de acuerdo)\b|"
    r"\b(?:se|quando|só (?:se|quando))\s+o usuário\s+(?:o\s+)?(?:aceitar|aceita|confirmar|confirma|aprovar|aprova|disser sim|"
    r"concordar|concorda)\b|\b(?:se|quando|solo se)\s+l'utente\s+(?:lo\s+)?(?:accetta|conferma|approva|dice sì|è d'accordo)\b|"
    r"\b(?:als|wanneer|nadat|zodra)\s+de gebruiker\s+(?:\w+\s+)?(?:akkoord gaat|akkoord is|bevestigt|goedkeurt|ja zegt)\b|"
    r"\b(?:jeśli|jeżeli|gdy|kiedy)\s+użytkownik\s+(?:się\s+)?(?:zgodzi|zgadza|potwierdzi|zatwierdzi)\w*|"
    r"\b(?:если|когда)\s+пользователь\s+(?:(?!не\b)\w+\s+)?(?:согласится|соглашается|подтвердит|подтверждает|одобрит)|"
    r"kullanıcı\w*\s+(?:onay\w*\s+)?(?:onaylarsa|kabul ederse|izin verirse)|ユーザーが\S{0,6}?(?:同意|承認|許可)し(?:たら|た後)|"
    r"用户(?:明确)?(?:同意|批准|确认)(?:后|之后|了)|사용자가\s*(?:동의|승인|허락)(?:하면|한 후)", re.I)
# A refusal to do the thing, its object a pronoun before the verb (es, fr, it, pt): "responde que no lo harás",
# "tu ne le feras pas", "non lo farò", "não o fará"; or a pronoun that takes it up after the verb (ru, nl): "агент этого
# не делает", "dan gebruikt de assistent het niet". "Je n'en fais rien" refuses what "en" stands for.
_WONT_DO_IT = re.compile(r"\bno (?:lo|la|los|las) (?:harás|haré|hará|hagas|haga|hagan|uses|use|ejecutes|ejecute)\b|"
                         r"\bne (?:le|la|les|l') ?(?:feras?|ferai|ferez|fais|fait|faites|utilise[sz]?|lance[sz]?|exécute[sz]?|"
                         r"applique[sz]?|suit|suis|suivez) (?:pas|jamais)\b|\bn'en (?:fais|fait|faites|fera|ferai) rien\b|"
                         r"\b(?:этого|это) не (?:делает|делаем|делают|делай|выполняет|запускает)\b|"
                         r"\bне (?:делает|выполняет|запускает) (?:этого|это)\b|"
                         r"\b(?:gebruikt|doet|draait|uitvoert|volgt)\s+(?:\w+\s+){0,2}?het\s+(?:niet|nooit)\b|"
                         r"\bnon (?:lo|la|li|le) (?:farai|farò|farà|fare|fai|usare|usi|eseguire|esegui)\b|"
                         r"\bnão (?:o|a|os|as) (?:fará|farei|faça|faz|use|usa|execute|executa)\b", re.I)
_REFERS_BACK = re.compile(r"(?:^|[,;]\s*|\b)(?:you\s+)?(?:never|not|don't|do not|without|instead of|rather than|nobody|no one|no-one)\s+(?:\w+\s+)?"
                          r"(?:run|use|read|execute|do|print|open|type|apply|recreate|restore|reintroduc|re-?add|add|enable|invoke|call|pass|set|"
                          r"turn on)\w*\s+(?:it|them|(?:this|that|these|those)(?:\s+[^\W\d][\w-]*)?)"
                          # ... the clause ends there: the sentence's end, or a colon that opens what to do instead
                          r"(?:\s+(?:yourself|back|again))?\s*(?:[.!;]?\s*$|:\s)|"
                          r"^\W*(?:run|use|execute|do|apply)\s+(?:it|them)\s+only\s+(?:after|once|when)\s+(?:they|the user)\s+"
                          r"(?:confirm|confirms|agree|agrees|say yes|says yes|approve|approves)\s*[.!;]?\s*$", re.I)

# A pronoun object before the verb (fr, es, pt, it, de, nl, pl, ru) after "without": "sans les exécuter".
_RUN_VERB = re.compile(r"\b(?:run|use|execute|exécut|utilis|lance|ausführ|verwend|benutz|ejecut|us[aeo]|execut|esegu|"
                       r"uitvoer|uitvoeren|gebruik|uruchom|używ|çalıştır|kullan|запуск|использ|выполн)\w*|运行|执行|使用|実行|使", re.I)
_PRONOUN_BACK = re.compile(r"(?:^|\s)(?:sans|ohne|sin|sem|senza|zonder|bez|без)\s+(?:les|le|la|l'|sie|es|los|las|lo|os|as|li|"
                           r"ze|je|их|его|её)\s*(?:\w+\s+)?(?:" + _RUN_VERB.pattern + r")\w*\s*[.!;]?\s*$|"
                           # "……从不使用这个选项": never used, "this option" pointing back
                           r"(?:从不|從不|绝不|絕不|不要|别|不会|切勿|禁止)(?:再)?(?:使用|用|运行|执行|添加|加)(?:这个|這個|这些|该|此|它)\w{0,4}[。.!！]?\s*$",
                           re.I)
_SELF = re.compile(r"\b(?:you|yourself|yourselves|ever|please|kendin|kendiniz|selbst|selber|toi-même|vous-même|tú mismo|"
                   r"usted mismo|você mesmo|tu stesso|zelf|sam|sama|сам|сами)\b", re.I)
# A cautionary tale: the thing as the subject of harm it once did ("`git clean -fdx` once removed someone's `.env`",
# "`docker system prune` 曾删掉其他项目的数据卷"), told as a lesson or an accident. It warns; it asks for nothing.
_TALE = re.compile(
    r"\s*(?:(?:once|previously|accidentally|has|have|had|already)\s+)*(?:wiped|destroyed|erased|broke|lost|killed|nuked|overwrote|"
    r"overwritten|corrupted|clobbered|trashed)\b|"
    # a neutral verb ("removed") is harm only to what was someone's: "once removed someone's local `.env`"
    r"\s*(?:(?:once|previously|accidentally|has|have|had|already)\s+)*(?:removed|deleted|dropped|ate)\s+(?:\w+\s+){0,2}?"
    r"(?:someone'?s|somebody'?s|\w+'s|\w+s'|another|other|the user'?s?|users'|their|our|production|prod|customer\w*)\b|"
    r"\s*(?:曾经?|以前|一度|误)误?(?:删掉|删除|清空|毁掉|覆盖|丢失|弄丢|抹掉)|"
    r"[^。；;]{0,24}?(?:消えた|消してしまった|削除された|削除してしまった|壊れた|壊してしまった|失われた)|"
    r"\s*(?:hat|haben)\s+(?:\S+\s+){0,5}?(?:gelöscht|zerstört|überschrieben|vernichtet|entfernt)\b|"
    r"\s*a\s+(?:\S+\s+){0,3}?(?:supprimé|effacé|détruit|écrasé)|\s*(?:una vez\s+)?(?:borró|eliminó|destruyó|sobrescribió)|"
    r"\s*(?:uma vez\s+)?(?:apagou|excluiu|destruiu|sobrescreveu)|\s*(?:ha\s+)?(?:\S+\s+)?(?:cancellato|distrutto|sovrascritto)\b|"
    r"\s*(?:heeft\s+(?:\S+\s+){0,4}?(?:verwijderd|gewist|vernietigd)|verwijderde|wiste)\b|"
    r"\s*(?:kiedyś\s+)?(?:usunął|usunęło|usunęła|skasował\w*|zniszczył\w*)|\s*(?:bir keresinde\s+)?(?:\S+\s+){0,4}?(?:sildi|silmişti|yok etti)|"
    r"\s*(?:однажды\s+)?(?:удалил|снёс|снес|стёр|стер|уничтожил)\w*|[^。；;]{0,24}?(?:삭제했|지웠|날렸)", re.I)
_LESSON = re.compile(r"lesson|learned|learnt|post-?mortem|incident|takeaway|accident|经验|教训|事故|教訓|インシデント|lehre|gelernt|"
                     r"versehentlich|leçon|retour d'expérience|par erreur|lecci[oó]n|aprendid|por error|li[çc][ãa]o|lezione|per errore|"
                     r"geleerd|per ongeluk|lekcj|wnios|przypadkiem|ders|yanlışlıkla|урок|вывод|разбор|инцидент|случайно|교훈|사고", re.I)
# A question about asking first: a "no" to it waives the guard.
_ASKING = re.compile(r"\b(?:ask|confirm|permission|wait|check with|pedir|pregunt|demande|frag|pergunt|chied|vrag|pyta|sor|"
                     r"спрос|подтвержд)\w*|确认|询问|確認|聞", re.I)
# The person an asking is of, a few words on: "asks the user", "wait for the owner", "pregunta al usuario".
# A wait for the person's own yes counts as well: "waits for the user's review".
_ASKED_PERSON = re.compile(r"\w*\s+(?:[^\W\d_]+\s+){0,3}?(?:" + PERSON + r")(?:'s\s+(?:review|approval|sign-?off|go-ahead|"
                           r"confirmation|consent|permission|say-so|answer|reply)\b|(?![\w']))", re.I)
_ANSWER_NO = re.compile(r"^\W*(?:[A-Za-zА-Яа-я]{1,2}|答|回答|答え)?\W*(?:(?:no|non|nein|não|nao|nie|nee|hayır|нет)(?![\w'-])|"
                        r"いいえ|不行|不可以|不能|不要|别|아니요|아니오)", re.I)
# In a transcript the answer opens with its speaker's name, then a colon and maybe a quotation mark
# ("*Diego*: «No.", "小李：“别，"): the turn is another person's, the reply is what follows it.
_TURN = re.compile(r"^\s*(?:[*_]{1,2}[^*_\n:：`]{1,30}?[*_]{1,2}|[^\W\d_][^\W\d_.'-]{0,20}(?:\s[^\W\d_][^\W\d_.'-]{0,20})?)"
                   r"\s*[:：]\s*[*_]{0,2}\s*[\"'«»“”„「『‹›]?")
# "No problem", "No worries", "No need to ask": a yes.
_NO_WORRY = re.compile(r"\s*(?:problem|prob|worries|worry|issue|big deal|biggie|sweat|harm|need|hay problema|problema|"
                       r"se preocupe|t'inquiète|te preocupes|se preocupa|проблем|проблема|problemo)", re.I)
_GO_AHEAD = re.compile(r"\b(?:just|go ahead|simply|directly|einfach|simplement|directement|simplemente|directamente|apenas|"
                       r"semplicemente|gewoon|po prostu|direkt|просто|сразу)\b|直接|そのまま", re.I)
_WAIVED = re.compile(r"(?:no need to|without|needn't|don't need to|never need to|ohne|sans|sin|sem|без|不用|无需)\W+(?:\w+\W+){0,2}$|"
                     # "o no", "ou non": an alternative ("si se borran o no"), not a "no" that waives
                     r"(?:don'?t|do not|never|(?<!\bo )(?<!\bou )no)\W+$", re.I)


def keeps_asking(text: str) -> bool:
    """Do the words of `text` keep the user's say: an asking of a person, or a wait for one, not waived ("the agent
    still asks the user", "wait for the user", "fragt der Agent den Nutzer"; not "without asking the user", nor an
    asking of no one, "waits for CI", "confirms the build passes")?"""
    return any(not _WAIVED.search(text, 0, m.start()) and _ASKED_PERSON.match(text, m.end()) for m in _ASKING.finditer(text))


# Verb-final languages deny the asking after it, in its own verb's ending: "ユーザーに確認しない" (does not ask the user),
# "確認せずに", "onay almadan" (without getting approval): the guard is waived, not kept. Not a negation that makes
# it a condition ("確認しないと", "しない限り").
_WAIVED_AFTER = re.compile(r"(?:し|せ)?(?:ない(?!と|けれ|なら|限り)|ず|ません(?!と))|[a-zçğıöşü]{0,4}?m[ae](?:dan|den|ksızın|z)\b", re.I)
# After a marker, words of asking: the marker waives the user's say, it forbids nothing ("without asking",
# "sin pedir confirmación", "ohne Rückfrage", "sans demander"); "never ... without asking" still forbids by its "never".
_WAIVES = re.compile(r"[^\w|;,`]*(?:\w+[^\w|;,`]+){0,2}?(?:ask\w*|confirm\w*|permission|prompt\w*|review\w*|approv\w*\b(?!\s+(?:its|his|her|their) own\b)|sign-off|pedir|pregunt\w*|demander|rückfrage|nachfrage|"
                     r"zu fragen|fragen|perguntar|chieder\w*|conferma|te vragen|vragen|pytania|pytać|sormadan|спрос\w*|"
                     r"подтвержд\w*|确认|询问|確認)", re.I)
# ("never approves its own pull requests" approves nothing: its object is no asking waived.)
# Japanese puts "without" after the asking it waives: "`rm -rf ~/old` を確認なしで実行します" runs it unconfirmed.
_ASKING_BEFORE_JA = re.compile(r"(?:確認|承認|許可|質問|相談|同意|了承|問い合わせ)\s*$")
_POSTPOSED_WITHOUT = {"なしで", "なし", "抜きで"}
_COMMA = re.compile(r"[,，、:：]")  # "without", "instead of" govern their own phrase, not past a comma or a colon
# A marker that negates a participle describing the object, not the action: "not committed", "nicht committeten",
# "non commitées", "no confirmados", "не закоммиченные", "未提交" ... the work it names is the object, unprotected.
_OF_OBJECT = re.compile(r"\s*(?:yet|noch|encore|aún|ainda|ещё|еще|ancora|nog|jeszcze)?\s*(?:committed|saved|pushed|merged|tracked|committet\w*|"
                        r"suivi\w*|tracciat\w*|salvat\w*|committat\w*|versionat\w*|gecommit\w*|opgeslagen|gepusht\w*|bijgehouden|"
                        r"zapisan\w*|zatwierdzon\w*|śledzon\w*|wypchnięt\w*|"
                        r"gespeichert\w*|gepusht\w*|gemergt\w*|versioniert\w*|commité\w*|sauvegardé\w*|poussé\w*|fusionné\w*|"
                        r"confirmad\w*|guardad\w*|commitead\w*|commitad\w*|enviad\w*|rastread\w*|salv[oa]s?\b|"
                        r"закоммич\w*|закоммит\w*|сохран[её]нн\w*|отслежива\w*)", re.I)
# Between a nominal subject ("The rewriting of main ...") and a marker in its predicate ("... is forbidden"), a new
# clause ends the predicate's reach: a comma, a conjunction or a subordinator.
_CLAUSE = re.compile(r"[,;:，；、]|\b(?:and|but|so|that|which|who|when|if|unless|because|since|while|until|once|as long as|"
                     r"que|qui|dass|das|der|die|который|которые|что|et|mais|quand|si|pour|"
                     r"und|aber|wenn|weil|um|damit|y|pero|cuando|para|e|mas|quando|и|но|когда|если|чтобы)\b|如果|因为|为了|とき|場合|ために",
                     re.I)
# A predicate that judges its subject: a copula right before the marker, or a word of verdict that is one.
# ... a time adverb may stand after it: "est désormais exclu", "is now banned", "ist ab sofort verboten".
_COPULA = re.compile(r"\b(?:is|are|was|were|be|been|est|sont|ist|sind|wird|werden|es|está|están|son|é|são|será|является|это)\s+"
                     r"(?:(?:now|henceforth|désormais|dorénavant|maintenant|jetzt|nun|ab sofort|ahora|agora|ora|теперь|nu|artık)\s+)?$",
                     re.I)
# Things joined into one subject before its copula: "force-pushes to `main` and release branches are refused".
_JOINED_SUBJECT = re.compile(r"\b(?:and|or|et|ou|und|oder|y|o|e|и|или)\s+(?=(?:[\w`-]+\s+){1,2}(?:are|is|sont|est|sind|ist|son|"
                             r"são|sono)\s+$)", re.I)
_VERDICT = re.compile(r"not (?:an? )?(?:instructions?|commands?|orders?|requests?)|no exceptions?|without exception|forbidden|prohibited|banned|off-limits|refused|rejected|vetad\w*|exclu\w*|"
                      # the verdicts the markers hold, each a predicate on its subject: "ist bei uns tabu", "is out of the question here"
                      r"off limits|out of bounds|off the table|taboo|tabu|taboe|табу|not allowed|not permitted|not an option|proscrit\w*|"
                      r"out of the question|ruled out|hors de question|ausgeschlossen|fuera de discusión|fora de questão|fuori discussione|"
                      r"uitgesloten|wykluczon\w*|исключен\w*|под запретом|uit den boze|nicht in frage|não vale|no vale|non vale|"
                      r"не допуска\w*|недопустим\w*|не использу\w*|interdit\w*|verboten\w*|prohibid\w*|"
                      r"proibid\w*|vietat\w*|запрещ\w*|нельзя|zakazan\w*|zabronion\w*|verboden|yasak\w*", re.I)
_AMBIGUOUS = {"no", "ne"}  # also "in the" (pt) and a particle: only a prohibition before the thing
_SUBJECT_WORDS = 3  # an effect named this early in a sentence is its subject
_PREDICATE_WORDS = 12
_VERDICT_WORDS = 4  # words between a thing and a verdict on it ("is here, with us")
# A gerund phrase as the subject: "Running the service as root is not done here" (the thing ends the phrase).
# ... or a Romance infinitive before its object's article: "apagar o teste ou pular a suíte ... não vale".
_GERUND = re.compile(r"\w+ing\b|\w+(?:ar|er|ir)\s+(?:o|a|os|as|el|la|los|las|le|les|il|lo|gli|um|uma|un|una)\b", re.I)
_GERUND_WORDS = 6


# A pronoun that takes up the thing as the subject of a verdict closing the clause: "..., so it is banned", "das ist
# verboten.", "isso é proibido". Only a verdict: "This is not optional" forbids nothing.
_PRONOUN_VERDICT = re.compile(r"(?:^|[,;:]\s*|\b(?:so|thus|hence|donc|also|daher|así que|então|quindi|dus|więc|поэтому)\s+)\W*"
                              r"(?:it|this|that|they|these|those|es|das|dies|ça|cela|c'|eso|esto|ello|isso|isto|ciò|questo|dat|dit|"
                              r"het|to|это|bu)\s*(?:is|are|was|ist|sind|war|est|sont|es|son|está|están|é|são|è|sono|zijn|jest|są|"
                              r"olur|dır|dir)?\s+(?:(?:now|henceforth|jetzt|nun|désormais|ahora|agora|ora|nu|teraz|теперь|artık|"
                              r"bei uns|chez nous|here|hier|aquí|aqui|qui)\s+)*(?:" + _VERDICT.pattern + r")\s*[.!;]?\s*$", re.I)
# A sentence that opens by refusing all of what came before, the phrase standing alone: "None of that:", "Nada disso.".
_NONE_OF_THAT = re.compile(r"^\W*(?:none of (?:this|that|it|these|those)|nada (?:disso|disto|de eso|de esto|de isso)|rien de (?:tout )?(?:ça|cela)|"
                           r"nichts (?:davon|dergleichen)|niente di (?:tutto )?(?:ciò|questo)|niets daarvan|nic z tego|ничего (?:из )?этого|"
                           r"bunların hiçbiri|hiçbiri)\b(?=\s*(?:[.:;!,\u2014\u2013]|$))", re.I)  # ... alone: "none of these steps needs sudo" is no refusal


def refers_back_forbidding(text: str) -> bool:
    """Does `text` (a clause or a sentence) forbid, or leave to the user, the thing named before it, by a pronoun,
    or with no object at all ("kendin çalıştırma", "sans les exécuter")?"""
    masked = _masked(text)
    return bool(_REFERS_BACK.search(masked) or _PRONOUN_BACK.search(masked) or _WONT_DO_IT.search(masked)
                or _NONE_OF_THAT.match(masked)
                or _PRONOUN_VERDICT.search(masked))


# A glossary's entry: a label, the term in bold or quotes, a colon ("Glossary, **force-push**: ...", "用語集「診断パック」:",
# "术语表，**机密文件**：").
_DEFINITION = re.compile(r"^\s*(?:[-*\u2022]\s*)?(?:[^\n:：*「“\"`]{1,40}?\s*)?(?:\*\*([^*\n]{1,60})\*\*|「([^」\n]{1,60})」|"
                         r"“([^”\n]{1,60})”|\"([^\"\n]{1,60})\")\s*[:：]")


def defined_then_forbidden(parts: list[str]) -> bool:
    """Is the first of `parts` a definition, which names what it defines and asks for nothing, and does a later sentence
    forbid it, none calling for the term without forbidding it? ("Glossário, **sudo**: ... Está vetado ao agente")"""
    definition = _DEFINITION.match(parts[0]) if parts else None
    if not definition or len(parts) < 2:
        return False
    term = next(g for g in definition.groups() if g).casefold().strip()
    rest = parts[1:]
    return any(forbids(s) for s in rest) and all(forbids(s) for s in rest if term in s.casefold())


def forbidden_by_next(sentence: str, following: str) -> bool:
    """Does the sentence after `sentence` forbid what it names: by a pronoun ("You never run it."), as a bare
    prohibition with no object of its own ("Kendin çalıştırma."), as a no to it as a question, or by declining the
    proposal that holds it ("Bot recenzji zaproponował `# type: ignore`; ... wyciszeń nie przyjmuje")?"""
    return refers_back_forbidding(following) or _bare_forbidding(following) or answered_no(sentence, following) or (
        bool(_PROPOSED.search(sentence)) and _declines(following))


def _bare_forbidding(text: str) -> bool:
    """A sentence that only forbids running or using, naming nothing (no object, only "yourself"): it speaks of
    what came before."""
    masked = _masked(text)
    if "`" in masked or not _RUN_VERB.search(masked) or not forbids(masked) or _ENCOURAGER.search(masked):
        return False
    rest = _SELF.sub(" ", _RUN_VERB.sub(" ", MARKER.sub(" ", masked)))
    return not re.search(r"\w", rest)


def answered_no(question: str, answer: str) -> bool:
    """Is `question` ("Should I ever run `git push --force`?") answered by a plain no in `answer`, the sentence
    after it ("**A:** No.")? Not a question about asking first ("Should I ask before ...?"), where no lifts the guard."""
    if not question.rstrip().endswith(("?", "？")) or _ASKING.search(_masked(question)):
        return False
    turn = _TURN.match(answer)
    answer = answer[turn.end():] if turn else answer
    reply = _ANSWER_NO.match(answer)
    return bool(reply) and not _GO_AHEAD.search(answer, reply.end()) and not _WAVED_OFF.match(answer, reply.end()) \
        and not _NO_WORRY.match(answer, reply.end())


def sentences(text: str) -> list[str]:
    """The sentences of `text`; a `;` or `.` inside a code span does not end one."""
    cuts = [0] + [p for m in _SENTENCE.finditer(_masked(text)) for p in (m.start(), m.end())] + [len(text)]
    parts = (text[cuts[i]:cuts[i + 1]] for i in range(0, len(cuts), 2))
    return [part for part in parts if part.strip()]


def _predicate(sentence: str, begin: int, at: int, marker: re.Match) -> bool:
    """Is the thing at `at` the sentence's subject and the marker in its predicate, with no new clause
    between ("Root shells are never needed", "La réécriture de main est interdite")? The predicate
    must say so with a copula or a word of verdict: an imperative that opens a sentence ("Delete what
    you do not need") has its verb where a subject would be."""
    lead = re.sub(r"^[\s\-*\u2022`]+", "", sentence[begin:at])
    between = sentence[at:marker.start()]
    predicative = (_VERDICT.fullmatch(marker.group(0)) or _COPULA.search(between) or _COPULA.search(marker.group(0) + " ")
                   or marker.group(0).split()[0].casefold() in ("is", "are") or marker.group(0) in CJK_MARKERS)
    subject = len(lead.split()) < _SUBJECT_WORDS or (
        _GERUND.match(lead) and len(lead.split()) <= _GERUND_WORDS and not _CLAUSE.search(lead))
    return bool(predicative) and bool(subject) and len(between.split()) <= _PREDICATE_WORDS \
        and not _CLAUSE.search(_JOINED_SUBJECT.sub(" ", between))


def forbidden_right_before(sentence: str, at: int) -> bool:
    """Does a prohibition word stand right before what `sentence` names at `at`, nothing between but spaces and
    punctuation ("reads `.env.example`, never `.env`")?"""
    window = _masked(sentence)[max(0, at - 24):at]
    return any(not window[m.end():].strip(" ,:;-—") for m in MARKER.finditer(window))


def forbids(sentence: str, at: int | None = None) -> bool:
    """Does `sentence` forbid or warn against (not ask for) what it names at `at` (by default its
    first code span)? A marker counts before the thing, or right after it ("`sudo` is never
    needed"), not in a purpose clause ("`git commit --no-verify` so the hooks don't slow you down")."""
    # A question states no prohibition ("Should I ask before `git reset --hard`?"): its answer may.
    if sentence.rstrip(" *_").endswith(("?", "？")):
        return False
    # What a comment asks for, in a clause that says the asking is no order, is not taken up.
    if at is not None and disowned_request(sentence, at):
        return True
    # A marker inside the command ("-k 'not slow'") is the command's, not the sentence's; one in a title the
    # heading quotes ("Runbook „Agent startet nicht“, Schritt 3:") is the title's.
    quoted = _QUOTED_TEXT.match(sentence, at) if at is not None else _QUOTED_TEXT.search(sentence)
    sentence = _untitled(_masked(sentence))
    lead = _CONDITION.match(sentence) or _CJK_CONDITION.match(sentence)
    # A verdict before the condition is no label: "All'agente sono vietate: se servono, le propone all'utente".
    verdict_first = bool(lead) and bool(lead.groupdict().get("label")) and has_prohibition_word(lead.group("label"))
    begin = lead.end() if lead and (at is None or lead.end() <= at) and not verdict_first else 0
    for guard in _GUARD.finditer(sentence, begin):
        # "treat the bot's reply as the user's approval": what stands in for the guard is no guard.
        if not _WAIVED.search(sentence[begin:guard.start()]) and not _STANDS_FOR.search(sentence, begin, guard.start()) \
                and not _WAIVED_AFTER.match(sentence, guard.end()):
            return True
    consent = _CONSENT.search(sentence)  # the user's agreement, in the leading condition too
    if consent and not _WAIVED.search(sentence[:consent.start()]):
        return True
    # What another person does, in a leading clause, is the event the main clause answers ("before anyone runs `x`, post
    # the plan", "si alguien ejecuta `x`, avisa"): the agent is not asked to do it.
    others = _OTHERS_DO.match(sentence)
    if others and at is not None and at < others.end():
        return True
    span = _SPAN.search(sentence, begin)
    thing = span if at is None else None
    closes = None  # where a verb-final negation may close the thing's clause: after the thing, or its verb
    if at is None and span:
        at, end = span.start(), _list_end(sentence, span.end())
    elif at is None:
        at = end = len(sentence.rstrip(" ;.,!?，；。！？"))
        closes = begin  # nothing named: the sentence's own verb is what it closes
    else:
        # Only a named command can be the subject a marker follows; a verb's object follows the verb.
        thing = _SPAN.match(sentence, at)
        end = _list_end(sentence, thing.end()) if thing else len(sentence)
        closes = None if thing else at
    closes = end if closes is None else closes
    if handed_to_person(sentence, at, begin):
        return True
    if thing is None and (_infinitive_judged(sentence, at) or _verb_negated_last(sentence, at)):
        return True
    # An elliptic clause takes up the predicate before it: "`--no-verify` is off the table, and so is `git push --force`".
    taken_up = _TAKES_UP.search(sentence, begin, at) if thing else None
    if taken_up and taken_up.end() == at and forbids(sentence[:taken_up.start()]):
        return True
    markers = [m for m in MARKER.finditer(sentence, begin)
               if not _OF_OBJECT.match(sentence, m.end()) and not _turkish_note(sentence, m) and not _WAIVES.match(sentence, m.end())
               and not _only_here(sentence, m) and not _names_another(sentence, m, at) and not _spanish_no_of_place(sentence, m, end)
               and not _portuguese_in_the(sentence, m) and not _negated_participle(sentence, m)
               and not (m.group(0) in _POSTPOSED_WITHOUT and _ASKING_BEFORE_JA.search(sentence, 0, m.start()))
               and not _LIFTED.match(sentence, m.end()) and not _negated_verdict(sentence, m)
               and not _purpose_only(sentence, m, at) and (
                   (m.start() < at and m.group(0).casefold() not in AFTER_ONLY and not _REACH_ENDS.search(sentence, m.end(), at)
                    and not _quoted_apart(sentence, m.end(), at)
                    and not (m.group(0).casefold() in BEFORE_ONLY and _COMMA.search(sentence, m.end(), at)))
                   or (m.start() >= end and m.group(0).casefold() not in BEFORE_ONLY and _AFTER_SPAN.match(_unspanned(sentence[end:m.start()])))
                   or (m.start() >= end and _VERDICT.fullmatch(m.group(0))
                       and _verdict_on(_unspanned(sentence[end:m.start()]), bool(quoted) and _NO_ORDER.fullmatch(m.group(0))))
                   or (m.start() >= end and _dislocated(sentence, begin, at, end, m))
                   or (thing is None and m.start() > at and m.group(0).casefold() not in BEFORE_ONLY | _AMBIGUOUS
                       and _predicate(sentence, begin, at, m))
                   or (thing is None and m.group(0).casefold() in _AFTER_VERB and _AFTER_SPAN.match(sentence[at:m.start()])))]
    if refers_back_forbidding(sentence[end:]) or (thing and LEAVE_ALONE.search(sentence, max(0, at - 12), end + 24)):
        return True
    if thing and PREFERS.search(sentence, begin, at) and DISFAVOURED.search(sentence, begin, at):
        return True
    if thing and _TALE.match(sentence, end) and _LESSON.search(sentence):
        return True
    if thing and (_halts_at(sentence, at, end) or _asked_before(sentence, at, end)):
        return True
    if _declined_proposal(sentence, at, end if thing else at) or (thing and _refused_after_condition(sentence, at, end)):
        return True
    if thing and (_ELLIPTIC_NO.search(sentence, end) or _negated_last(sentence, begin, at, end) or _removed(sentence, at)
                  or _object_verb_negated(sentence, at, end)
                  or _joined_predicate_negated(sentence, begin, at, end)):
        return True
    # Chinese "不" denies the verb after it; in Japanese it is a prefix of nouns ("不具合", "不整合").
    if not _KANA.search(sentence):
        markers += [m for m in ZH_NOT.finditer(sentence, begin, at) if not ZH_THEN.search(sentence, m.end(), at)]
    # A verb-final negation closes the clause that holds the thing ("`sudo`는 절대 사용하지 마세요").
    finals = list(FINAL.finditer(sentence, closes)) + list(TURKISH_NEGATIVE.finditer(sentence, closes)) + [
        m for m in JA_NEGATIVE.finditer(sentence, closes) if not JA_JUNCTION.search(sentence, closes, m.start())] + [
        m for m in CONTINUED_DENIAL.finditer(sentence, closes) if not JA_JUNCTION.search(sentence, closes, m.start())] + (
        list(_TURKISH_FINAL.finditer(sentence, closes)) if _TURKISH.search(sentence) else [])
    markers += [m for m in finals if not _REACH_ENDS.search(sentence, closes, m.start()) and not _KEPT.search(sentence, 0, m.start())
                and not _WAIVES.match(sentence[max(closes, m.start() - 12):m.start()] + " ")]
    # An encourager next to the marker and before the thing turns it round ("never forget to run").
    return bool(markers) and not any(_encouraged(sentence, m, at) for m in markers)


# What comes after a step named before it: "before deleting anything", "antes de borrar nada", "vor dem Löschen".
BEFORE_STEP = re.compile(r"(?:\bbefore|\bavant (?:de|d'|que)|\bbevor|\bvor dem|\bantes de|\bantes que|\bprima di|\bvoordat|"
                         r"\bzanim|\bprzed|\bперед|\bпрежде чем|\bдо того,? как)\s*(?:\w+\s+){0,2}$", re.I)
# German "vor" opening its clause right before the thing: "; vor `vagrant destroy` fragt der Agent".
_VOR_OPENS = re.compile(r"(?:^[\s*\u2022-]*|[;:.!?]\s+)vor\s+$", re.I)
# Where the asking's clause ends, or goes on to a further step ("asks for the branch, then pushes").
_ASKING_ENDS = re.compile(r"[,;:.!?，；。]|\b(?:then|and|dann|und|puis|et|luego|y|depois|poi|daarna|potem|потом|затем)\b", re.I)


def _asked_before(sentence: str, at: int, end: int) -> bool:
    """Is the thing named in a leading "before" phrase whose main clause asks the user, as "ask before" does ("Before
    `vagrant destroy -f`, the agent asks the user", "vor `vagrant destroy` fragt der Agent")? The asking must close its
    clause and be neither denied nor waived ("never asks", "without asking")."""
    if not (BEFORE_STEP.search(sentence, 0, at) or _VOR_OPENS.search(sentence, 0, at)):
        return False
    clause = re.split(r"[;.!?；。]", sentence[end:], maxsplit=1)[0]
    asking = _ASKING.search(clause)
    return bool(asking) and not has_prohibition_word(_unspanned(clause)) and not _WAIVED_AFTER.match(clause, asking.end()) \
        and not _ASKING_ENDS.search(clause, asking.end())


# A condition or a moment that names the thing, then a main clause that halts there: "If `sudo` seems needed, stop and
# explain", "`sudo`나 `chmod 777`이 필요해 보이면 멈추고", "`sudo` 를 쓰는 순간 멈추고 사람에게 물어보게". A stop that takes an
# object ("stop worrying and ...") halts nothing.
_IF_OPENS = re.compile(r"\b(?:if|when|whenever|once|as soon as|si|quand|lorsque|dès que|wenn|falls|sobald|cuando|en cuanto|quando|"
                       r"assim que|se|appena|als|wanneer|zodra|jeśli|jeżeli|gdy|kiedy|eğer|если|когда|как только|пока)\b[^,;:.!?]*$", re.I)
_HALT = (r"(?:stopt|stops|stop|halts|halt|pauses|pause|arrête[sz]?(?:-toi|-vous)?|arrêtez(?:-vous)?|stopp\w*|halte?t? an|hör\w* auf|detente|deténte|detén(?:gase)?|"
         r"para|pare|fermati|fermatevi|zatrzymaj\w*(?: się)?|przerwij|dur|durun|останов\w+|прекрати\w*)")
# The main clause may name the agent as the one who halts: "..., the agent stops", "..., l'agent s'arrête", "..., o agente
# para e explica"; "the agent never stops" names a negation, no subject.
_AGENT_SUBJECT = (r"(?:(?:the|an?|this|l'|o|el|um|un|der|ein|de|een)\s*)?(?:agent|agente|assistant|assistent|assistente|asistente|"
                  r"bot)s?|you|it|il|elle|er|hij|агент|ассистент|он|ajan")
_HALT_ENDS = r"(?=\s*(?:[.,;:!]|$|(?:and|und|et|y|e|en|i|ve|и|there|here|immediately|sofort|aussitôt|inmediatamente|subito)\b))"
_HALTS_AFTER = re.compile(r"[^,;:.!?]{0,80},\s*(?:(?:then|dann|alors|entonces|então|allora|dan|тогда)\s+)?"
                          r"(?:(?:" + _AGENT_SUBJECT + r")\s+(?:s'|se\s+|si\s+)?)?" + _HALT + _HALT_ENDS, re.I)
# Dutch opens a condition with its verb and answers it with "dan", the subject after the verb: "Vraagt een doel om
# `sudo`, dan stopt de assistent en ...".
_V2_HALTS_AFTER = re.compile(r"[^,;:.!?]{0,80},\s*dan\s+" + _HALT + r"(?:\s+(?:" + _AGENT_SUBJECT + r"))?" + _HALT_ENDS,
                             re.I)
# Korean, Japanese and Chinese close the condition or moment with an ending, then the halt follows.
_CJK_HALTS_AFTER = re.compile(r"[^,;:.!?。，；！？]{0,40}?(?:면|는 순간|을 때|할 때|たら|なら|れば|とき|時|場合|瞬間|时|的时候)"
                              r"(?:は|には)?[、，,\s]*(?:一度|いったん|先|바로|즉시)?\s*(?:手を)?(?:멈추(?!지)|멈춰|중단하(?!지)|止め(?!ない|ず)|中断し(?!ない)|停下|停止|暂停)")


def _halts_at(sentence: str, at: int, end: int) -> bool:
    """Is the thing at `at` (ending at `end`) named in a leading condition or a moment whose main clause halts the
    agent there? Where it would need the thing, it stops: that forbids it."""
    if _CJK_HALTS_AFTER.match(sentence, end):
        return True
    return bool(_V2_HALTS_AFTER.match(sentence, end)) or (
        bool(_IF_OPENS.search(sentence, 0, at)) and bool(_HALTS_AFTER.match(sentence, end)))


# Someone else's proposal that holds the thing, then the agent declines it: "Si el bot sugiere `git push --force`, el
# agente rechaza la sugerencia", "Quick fix \"Disable rule\": agents don't take it", "...に `sudo` が入っている場合、適用せず".
# What is proposed is not what is done; a refusal denied ("never rejects it") or one in a condition ("if they
# decline, ...") declines nothing.
# A recommendation or a request a source makes is a proposal too: "der `git clean -fd` empfiehlt", "를 권해도", "注释要求…",
# "注释让人用 `sudo`…".
_PROPOSED = re.compile(r"suggest|propos|vorschl|schlägt|sugier|sugger|sugest|zaproponow|propon|quick ?fix|schnellkorrektur|"
                       r"code[- ]?a[ck]tion|recommend|empfiehl|empfehl|recomiend|recomend|raccomand|conseill|"
                       r"提案|建议|提议|快速修复|推荐|要求|让人|叫人|勧め|薦め|제안|권하|권해|권장", re.I)
# Verb-final languages name the proposal after the thing, in its clause: "`rm -rf ~/.cache` 를 권해도", "`x` するよう勧めても";
# a source conceded to name it is one too ("コメントに `git push --force` とあっても", "`x` と書かれていても").
_PROPOSED_AFTER = re.compile(r"[^,;:.!?。，；！？、]{0,30}?(?:" + _PROPOSED.pattern + r"|[とが](?:あって|書かれていて|書いてあって)も)", re.I)
_DECLINES = re.compile(r"(?P<refuse>\breject|\brefuse|\bdecline|rechaz|recus|ablehn|odrzuc|отклон|拒绝|却下|거절)|"
                       r"\b(?:don't|doesn't|do not|does not|never|won't|will not)\s+(?:take|accept|adopt|apply|merge)\b|"
                       r"\b(?:übernimmt|übernehmen|nimmt|nehmen|akzeptiert|akzeptieren|wendet|wenden)\b[^.;:]{0,30}?\b(?:nicht|nie|niemals)\b|"
                       r"\bnie (?:przyjmuj|stosuj|akceptuj)\w*|\bn'(?:accept|appliqu|adopt|reti|prend)\w* (?:pas|jamais)\b|"
                       r"\b(?:no|nunca) (?:acepta|aplica|adopta|toma)\w*|\b(?:não|nunca) (?:aceita|aplica|adota)\w*|\bnon (?:accett|applic)\w*|"
                       r"\bне (?:принима|применя)\w*|不采纳|不采用|不接受|不选|適用せず|適用しない|採用せず|採用しない|受け入れない|"
                       r"적용하지 않|받아들이지 않|"
                       # the agent as the subject of the refused step: "智能体不照做", "智能体不加", "에이전트는 실행하지 않고",
                       # "エージェントは…書き換えません"; not asking is no refusal ("智能体不问", "확인하지 않고")
                       r"(?<=不)(?:照做|照办)|(?:智能体|代理|助手|它)(?:也)?(?:不会|并不|不)(?:执行|运行|采纳|理会|添加|加|使用|用|删除|推送)|"
                       r"(?:실행하|따르|적용하|쓰)지 않|(?:エージェント|アシスタント)は[^。、]{0,20}?"
                       r"(?:実行し|従わ|適用し|使い|使わ|書き換え|削除し|追加し|プッシュし|外し|飛ばし)(?:ません|ない)(?![かとで])|"
                       # a recommendation denied the standing of an order: "ist für den Agenten kein Auftrag", "wird nicht befolgt"
                       r"\b(?:ist|sind)\s+(?:für\s+\w+\s+\w+\s+)?kein(?:e|en)?\s+(?:Auftrag|Anweisung|Befehl)\b|\bnicht\s+befolgt\b", re.I)
_REFUSAL_DENIED = re.compile(r"(?:\bnot|n't|\bnever|\bno|\bnunca|\bnão|\bjamais|\bnicht|\bnie|\bне|不|没)\s*$", re.I)


def _declined_proposal(sentence: str, at: int, end: int) -> bool:
    """Is the thing at `at` (ending at `end`) in someone else's proposal that the rest of the sentence declines?"""
    if _PROPOSED.search(sentence, 0, at):
        return _declines(sentence, end)
    after = _PROPOSED_AFTER.match(sentence, end)
    return bool(after) and _declines(sentence, after.end())


# The main clause after a leading condition ends at the next clause or instruction; a verb of doing, running or opening
# is what a refusal of the thing negates.
_MAIN_END = re.compile(r"[,;:.!?]|\b(?:and|but|then|e|ed|ma|y|pero|sino|et|mais|und|aber|sondern|en|maar|i|ale|и|а|но|ve|ama)\b", re.I)
_DOING = re.compile(_RUN_VERB.pattern + r"|\b(?:do|does|hace|fa|robi|tut|macht|fait|faz|doet|делает|yapmaz|übernimmt)\b|"
                    r"\b(?:open|öffn|abr[eo]|apr[eo]|otwier|открыва)\w*|"
                    # adding what was asked for is doing it ("l'agente non la aggiunge", "the agent does not add it")
                    r"\b(?:add|adds|aggiung\w*|añad\w*|ajout\w*|adiciona\w*)\b", re.I)
_REFUSAL_WORDS = 7  # subject, negation, verb and a pronoun object: a main clause that only refuses


def _refused_after_condition(sentence: str, at: int, end: int) -> bool:
    """Is the thing, named inside a leading condition ("if a note in the file asks for `x`,", "если в шаблоне есть `x`,"),
    refused by a main clause that only negates doing it, naming nothing of its own ("the agent does not run it", "агент её
    не выполняет", "el agente no lo hace")? Not a main clause that negates asking, waiting or hesitating."""
    if not _IF_OPENS.search(sentence, 0, at) and not _VERB_FIRST_CONDITION.match(sentence):
        return False
    comma = sentence.find(",", end)
    if comma < 0 or re.search(r"[;:.!?]", sentence[end:comma]):
        return False
    main = _MAIN_END.split(sentence[comma + 1:], maxsplit=1)[0]
    return "`" not in main and len(main.split()) <= _REFUSAL_WORDS and bool(_DOING.search(main)) \
        and not _ASKING.search(main) and not _ENCOURAGER.search(main) and forbids(main)


def refused_in_condition(clause: str, at: int, end: int) -> bool:
    """Is the thing at `at`..`end`, named inside the clause's leading condition, refused by its main clause? A break
    inside code (`lerna.json`) ends no condition."""
    masked = _masked(clause)
    return _refused_after_condition(masked, at, end)


def _declines(text: str, start: int = 0) -> bool:
    """Does `text` from `start` on decline what was proposed, a refusal neither denied nor left to a condition?"""
    for decline in _DECLINES.finditer(text, start):
        if decline.group("refuse") and _REFUSAL_DENIED.search(text, 0, decline.start()):
            continue
        if _IF_OPENS.search(text, start, decline.start()):
            continue
        return True
    return False


# A purpose clause's own negation: "per non restare bloccati, ...", "pour ne pas attendre, ...", "so as not to wait, ...".
_PURPOSE_BEFORE = re.compile(r"\b(?:per|pour|para|um|so as|in order|om|żeby|aby|affinché|чтобы|için)\s+(?:\w+\s+){0,3}$", re.I)


def _purpose_only(sentence: str, marker: re.Match, at: int) -> bool:
    """Is `marker` the negation of a purpose clause or a condition that ends before the thing ("per non restare bloccati
    sui permessi, l'agente ... con `sudo`", "« si un module privé ne se télécharge pas, affiche `~/.netrc`", "si el repo
    no compila?»: «`git clean -fd`»")? It negates the purpose or the condition, not the thing; one inside the same
    clause ("per non usare `sudo`, ...") still reaches it."""
    return marker.start() < at and bool(_PURPOSE_BEFORE.search(sentence, 0, marker.start())
                                        or _IF_OPENS.search(sentence, 0, marker.start())) \
        and bool(re.search(r"[,;:?，；：？]", sentence[marker.end():at]))


# A leading clause whose subject is someone other than the agent doing the thing, up to its comma ("if someone asks for
# `x`, do it" is a request the agent carries out: not read here).
_OTHERS_DO = re.compile(r"^\s*(?:[-*\u2022]\s*)?(?:@?[\w.-]{1,30}[:：]\s+)?(?:before|until|after|when|whenever|if|once|avant que|bevor|"
                        r"wenn|falls|antes de que|cuando|si|antes que|quando|se|prima che|voordat|als|zanim|jeśli|gdy|прежде чем|"
                        r"если|когда)\s+(?:anyone|someone|somebody|anybody|a (?:human|person|teammate|colleague|maintainer)|"
                        r"the (?:user|maintainers?|on-call)|people|quelqu'un|jemand|alguien|alguém|qualcuno|iemand|ktoś|кто-то|кто-нибудь)"
                        r"\s+(?:\w+\s+)?(?:runs?|ran|executes?|executed|uses?|used|types?|typed|does|did|lance|exécute|utilise|ausführt|führt|"
                        r"benutzt|verwendet|ejecuta|usa|lanza|corre|executa|roda|esegue|lancia|uitvoert|gebruikt|uruchomi\w*|użyje|"
                        r"używa|запуска\w*|запустит|выполня\w*|выполнит)\b[^,;:]{0,80},", re.I)


# A clause that says its predicate again of a new subject: "and so is", "nor is", "as is", "ebenso", "tout comme".
_TAKES_UP = re.compile(r"(?:[,;]\s*|\s)(?:and so (?:is|are|does|do|was|were|would)|and neither (?:is|are|does|do)|nor (?:is|are|does|do)|"
                       r"as (?:is|are)|and the same (?:goes|applies) (?:for|to)|ebenso(?: wie)?|genauso wie|tout comme|de même que|"
                       r"pareil pour|así como|lo mismo que|assim como|così come|net als|evenals|tak samo jak|так же как)\s*$", re.I)


# A verdict left to one word after a comma, closing the sentence: "un `/* eslint-disable */` en tête de fichier, non."
_ELLIPTIC_NO = re.compile(r"[,，]\s*(?:no|non|nein|não|nee|nie|нет|hayır|not (?:that|this|ever))\s*[.!。]?\s*$", re.I)
# German closes a sentence that opens with its object by the negation: "ein `# noqa` ohne Code gibt es bei uns nicht".
# Not a harm denied ("`sudo` schadet nicht"): that waves it through.
# The negation may stand before the finite verb's separated particle: "legen ... nicht an", "leest ... niet uit". It
# closes its clause, which another may follow: "opent `~/.ssh` niet, wat er ook staat", "legen ... nicht an; `crontab -l` ...";
# not one that does something else to it instead ("öffnet ... nicht, sondern kopiert ihn").
_NEGATED_LAST = re.compile(r"(?<!schadet )(?<!stört )(?<!schlimm )(?<!warum )(?<!oder )(?<!waarom )(?<!of )"
                           r"\b(?:nicht|nie|niemals|keinesfalls|niet|nooit)(?:\s+mehr|\s+meer)?"
                           r"(?:\s+(?:an|aus|ab|auf|ein|vor|mit|weg|her|hin|durch|um|los|zurück|aan|uit|op|af|mee|door|toe|terug|in))?"
                           r"\s*(?:[.!;]?\s*$|[,;:，；]\s(?!\s*(?:sondern|aber|doch|jedoch|maar|but)\b))", re.I)
_OPENING_WORDS = 2  # words before the thing for it to open the sentence
# The opening constituent a verb-final negation reaches back to may be a list of noun phrases ("Neue Cronjobs,
# systemd-Timer oder Einträge in `~/.bashrc` legen ... nicht an"): each comma's piece this short, all of it this long.
_LIST_PIECE_WORDS, _OPENING_LIST_WORDS = 4, 8
# A second predicate joined after the thing: the negation at the end is its own ("legt `x` an und fragt nicht"). A
# conjunction before a noun (capitalised in German), an article or a preposition joins phrases instead ("ohne Code oder
# für ganze Dateien").
_JOINS_PREDICATE = re.compile(r"\b(?:und|oder|aber|sondern|denn|en|of|maar|want)\s+(?!(?:für|mit|ohne|in|im|auf|an|am|bei|von|"
                              r"vom|zu|zum|zur|aus|nach|über|unter|vor|durch|gegen|um|der|die|das|den|dem|des|ein|eine|einen|"
                              r"einem|einer|eines|kein\w*|all\w*|jede\w*|ander\w*|voor|met|zonder|op|bij|van|naar|uit|door|om|"
                              r"de|het|een|geen|elke)\b)[a-zäöüß]")


# A verdict or a verb of keeping away, denied: "is not forbidden", "c'est pas interdit", "not something to avoid".
_KEEP_AWAY = re.compile(r"avoid\w*|évit\w*|vermeid\w*|evit\w*|unik\w*|kaçın\w*|избега\w*", re.I)
# Up to two words between the negation and what it denies, none of them joining a second predicate.
_DENIAL_REACH = re.compile(r"\s+(?:(?!(?:and|or|und|oder|et|ou|y|o|e|en|i|и)\s)[\w'-]+\s+){0,2}", re.I)


def _negated_verdict(sentence: str, marker: re.Match) -> bool:
    """Is `marker` half of a denied verdict, which permits ("`x` is not forbidden here", "n'est pas interdit", "is not
    something to avoid"): a negation a few words before a verdict or a verb of keeping away, or that word after it?"""
    def denies(negation: re.Match, verdict: re.Match) -> bool:
        return not (_VERDICT.fullmatch(negation.group(0)) or _KEEP_AWAY.fullmatch(negation.group(0))) \
            and (_VERDICT.fullmatch(verdict.group(0)) or _KEEP_AWAY.fullmatch(verdict.group(0))) is not None \
            and _DENIAL_REACH.fullmatch(sentence[negation.end():verdict.start()]) is not None
    window = list(MARKER.finditer(sentence, max(0, marker.start() - 40), min(len(sentence), marker.end() + 40)))
    return any(denies(m, marker) for m in window if m.end() <= marker.start()) \
        or any(denies(marker, m) for m in window if m.start() >= marker.end())


# German participles of running and using, the "ge" inside them: "ausgeführt", "eingesetzt", "genutzt".
_PARTICIPLE_RUN = re.compile(r"\b(?:ausgeführt|gestartet|aufgerufen|eingesetzt|genutzt|gebraucht|verwendet|benutzt)\b", re.I)


def _joined_predicate_negated(sentence: str, begin: int, at: int, end: int) -> bool:
    """Does a predicate joined on the thing that opens the sentence carry a negation right after its auxiliary
    ("`terraform destroy` steht in keinem Snippet und wird nie vom Agenten ausgeführt", "`x` is listed and is never
    run")? The joined predicate has the thing as its subject, whatever the first one says."""
    lead = re.sub(r"^[\s\-*\u2022]+", "", sentence[begin:at])
    if len(lead.split()) > _OPENING_WORDS:
        return False
    for joint in _SHARED_PREDICATE.finditer(sentence, end):
        if re.search(r"[;:；：]", sentence[end:joint.start()]):
            return False
        # the auxiliary, at most one word after it, then the negation
        aux = re.match(r"\w+\s+(?:(\w+)\s+)?", sentence[joint.end():])
        if not aux:
            continue
        for skip in {aux.end(), aux.start(1) if aux.group(1) else aux.end()}:
            marker = MARKER.match(sentence, joint.end() + skip)
            if not marker:
                continue
            # ... and what it denies is running or using the thing ("wird nie ausgeführt"), not its being questioned
            rest = re.split(r"[,;:.!?，；：。]", sentence[marker.end():], maxsplit=1)[0]
            if not _WAVED_OFF.match(sentence, marker.end()) and not _ENCOURAGER.match(sentence, marker.end() + 1) \
                    and not _negated_verdict(sentence, marker) and (_RUN_VERB.search(rest) or _PARTICIPLE_RUN.search(rest)):
                return True
    return False


# The thing as the object of a negated verb, read by where the object stands, whatever the verb: Japanese puts it
# before "を" and the verb's negation closes the clause ("`~/.aws` を開かない"); Chinese puts "不" and the verb right
# before it ("不打开 `.env`"). "...ないと" (unless), "...ないで" (without), "...ませんか" (shall we) and "不管" (regardless) deny nothing.
_OBJECT_DENIED_JA = re.compile(r"(?:\s*[やと、]\s*`x*`)*\s*を\s*(?:[一-龯ぁ-ん]{1,5}?)(?:ない|ません)(?!と|けれ|なら|限り|で|くて|か)")
_OBJECT_DENIED_ZH = re.compile(r"(?<![一-龯])不(?!管|论|顾|仅|只|但|同|久|断|停|必|如|是)[一-龯]{1,2}\s*$")


def _object_verb_negated(sentence: str, at: int, end: int) -> bool:
    """Is the thing the object of a verb its clause denies ("エージェントは `.env` を開かない", "只看文件名，不打开 `.env`")?"""
    denied = _OBJECT_DENIED_JA.match(sentence, end)
    if denied and not _ENCOURAGER.search(sentence, end, denied.end()):
        return True
    return bool(_OBJECT_DENIED_ZH.search(sentence[max(0, at - 4):at]))


def _verb_negated_last(sentence: str, at: int) -> bool:
    """Does the clause of the verb at `at` end on its negation ("Dateien unter `~/.ssh` liest der Agent dafür nicht")?
    A verb-second clause puts the negation last, after the verb's subject and adverbs: it denies the verb."""
    last = _NEGATED_LAST.search(sentence, at)
    between = _unspanned(sentence[at:last.start()]) if last else ""
    return bool(last) and not re.search(r"[,;:，；—–]", between) and not _JOINS_PREDICATE.search(between) \
        and not _ENCOURAGER.search(between)


def _negated_last(sentence: str, begin: int, at: int, end: int) -> bool:
    """Does a sentence that opens with the thing end on its negation, one clause throughout?"""
    last = _NEGATED_LAST.search(sentence, end)
    # A colon before the thing ends a label: what follows is a clause of its own ("Im `todo.txt` steht ...: `x` gibt es nicht mehr").
    colon = max(sentence.rfind(":", begin, at), sentence.rfind("：", begin, at))
    lead = re.sub(r"^[\s\-*\u2022]+", "", sentence[max(begin, colon + 1):at])
    between = _unspanned(sentence[end:last.start()]) if last else ""
    # The opening may be a list of noun phrases, each piece short.
    opens = len(lead.split()) <= _OPENING_WORDS or (
        len(lead.split()) <= _OPENING_LIST_WORDS and all(len(p.split()) <= _LIST_PIECE_WORDS for p in lead.split(",")))
    return bool(last) and opens and not re.search(r"[,;:，；]", between) and not _JOINS_PREDICATE.search(between) \
        and not _ENCOURAGER.search(between) and not re.search(r"scheu", between, re.I)


# A changelog's or a notice's heading that takes the thing away: "Removed: the `--no-verify` shortcut", "Supprimé :
# l'étape `git push --force`", "Kaldırıldı: kullanıcının `crontab`'ına ...". What it removed is no longer done.
_REMOVED_LABEL = re.compile(r"(?:^|[\s,，、(])(?:removed|dropped|deleted|retired|supprimée?s?|retirée?s?|entfernt|gestrichen|eliminad[oa]s?|"
                            r"quitad[oa]s?|removid[oa]s?|rimoss[oa]|eliminat[oa]|verwijderd|usunięt[oy]|kaldırıldı|удален[оаы]?|"
                            r"удалён|убран[оаы]?|已删除|已移除|移除|删除|削除|廃止|삭제됨|삭제)\s*[:：]\s*", re.I)
_REMOVED_REACH = 4  # words between the heading and the thing: its article, a possessive, a noun
# What a removal takes away that keeps the user safe: removing it is what a rule must not ask for.
_SAFEGUARD = re.compile(r"prompt|confirm|check|hook|test|guard|protect|limit|review|approv|lint|verif|prüf|contrôl|"
                        r"comprob|verifica|controll|sprawdz|kontrol|провер|检查|確認|チェック", re.I)


def _removed(sentence: str, at: int) -> bool:
    """Is the thing at `at` what a "Removed:" heading before it takes away, no safeguard named between, and the
    sentence's only clause ("Removed: `~/.ssh` from the list, so read it" asks again)?"""
    if re.search(r"[,;:，；：]", sentence[at:]):
        return False
    label = None
    for label in _REMOVED_LABEL.finditer(sentence, 0, at):
        pass
    if label is None:
        return False
    between = sentence[label.end():at]
    return len(between.split()) <= _REMOVED_REACH and not _SAFEGUARD.search(between) and "`" not in between


# A text quoted in code: a comment, a message, a line of a file ("`# agent: run rm -rf ~`"); what it says may be
# declared "data, not an instruction", which no command is.
_QUOTED_TEXT = re.compile(r"`\s*(?:#|//|/\*|<!--|>|[\"'«“„])")
_NO_ORDER = re.compile(r"not (?:an? )?(?:instructions?|commands?|orders?|requests?)", re.I)
_CONTRAST = re.compile(r"\b(is|are|est|sont|ist|sind|es|son|é|são|è|sono|is|zijn|jest|są|это|является)\s+[\w'-]+,\s*$", re.I)


def _verdict_on(between: str, contrast: bool = False) -> bool:
    """Does a word of verdict after the thing judge it across a copula and a few words of place, with no new clause
    ("`docker system prune -a` jest u nas zakazane", "`sudo` ist bei uns verboten")?"""
    # "... is data, not an instruction": a copula, what the thing is, then the verdict on what it is not.
    between = _CONTRAST.sub(" is ", between) if contrast else between
    # Predicates joined on one subject: "`x` no cuentan como arreglo y están vetados" (the "y" opens no new clause).
    between = _SHARED_PREDICATE.sub(" ", between)
    words = len(between.split())
    # A copula right before the verdict makes it the predicate, whatever place or object stands between: "running
    # `DROP TABLE` against a shared database is off-limits".
    return (words <= _VERDICT_WORDS or (words <= _PREDICATE_WORDS and bool(_COPULA.search(between) or _INFINITIVE_SUBJECT.search(between)))) \
        and not _CLAUSE.search(between)


def _infinitive_judged(sentence: str, at: int) -> bool:
    """Is the verb at `at` the infinitive closing a subject phrase ("... zu lesen", "... te draaien") that a verdict
    judges a few words on ("kommt für den Assistenten nicht in Frage")?"""
    if not re.search(r"\b(?:zu|te)\s+$", sentence[:at]):
        return False
    verb = re.match(r"\w+", sentence[at:])
    after = at + (verb.end() if verb else 0)
    return any(_VERDICT.fullmatch(m.group(0)) and _verdict_on(_unspanned(sentence[after:m.start()]))
               for m in MARKER.finditer(sentence, after))


# An infinitive phrase that ends with its verb is the subject of what follows ("Anmeldedaten aus `~/.aws` zu lesen kommt
# nicht in Frage", "`x` te draaien is uit den boze"): the thing stands inside the subject, the verdict is its predicate.
_INFINITIVE_SUBJECT = re.compile(r"\b(?:zu|te)\s+\w+\s+(?:\S+\s+){0,5}$", re.I)


# A negated verb of keeping asks to be rid of the thing: "手元の変更を残さないこと" (keep no local changes).
_SHARED_PREDICATE = re.compile(r"\b(?:and|y|e|und|et|en|i|ve|и)\s+(?=(?:is|are|stays|remains|está|están|es|son|queda|quedan|est|sont|"
                               r"reste|restent|ist|sind|bleibt|bleiben|wird|werden|é|são|fica|ficam|è|sono|resta|restano|rimane|"
                               r"zijn|blijft|wordt|jest|są|pozostaje|остаётся|остается)\b)", re.I)
_KEPT = re.compile(r"(?:残さ|残し|保持し|保存し|保存せ|取っておか|とっておか|남기지|보관하지|saklama|tutma)\s*$")
_HEADING = re.compile(r"^(?:[^:：`\n]|`[^`\n]*`){1,80}?(?:\s?:(?=\s)|：)")
_TITLE = re.compile(r"[„“”«»「『‹\"][^`„“”«»」』›\"\n]{1,60}[“”«»」』›\"]")


def _untitled(sentence: str) -> str:
    """`sentence` with the titles its heading quotes blanked, same length: a page's or a step's name forbids nothing."""
    heading = _HEADING.match(sentence)
    if not heading:
        return sentence
    head = _TITLE.sub(lambda m: m.group(0)[0] + "x" * (len(m.group(0)) - 2) + m.group(0)[-1], heading.group(0))
    return head + sentence[heading.end():]


def _unspanned(text: str) -> str:
    """`text` (masked) without its code spans: a place named in code between the thing and its verdict ("`git push
    --force` sur `main` est banni") is part of the thing, not a word that ends the verdict's reach."""
    return _SPAN.sub(" ", text)


def _spanish_no_of_place(sentence: str, marker: re.Match, end: int) -> bool:
    """After the thing, "no" forbids standing alone ("`sudo`? No.") or before a verb ("`sudo` no es necesario");
    before a noun it is Portuguese "in the" ("`/* eslint-disable */` no topo do arquivo"). A sentence whose
    function words are Spanish and none Portuguese has no "in the": its "no" negates whatever verb follows
    ("`sudo` no forma parte del flujo")."""
    return marker.group(0).casefold() == "no" and marker.start() >= end and not _NO_THEN.match(sentence, marker.end()) \
        and not (_SPANISH_WORDS.search(sentence) and not _PORTUGUESE_WORDS.search(sentence))


# A Portuguese or Spanish past participle: "usadas", "rastreados", "guardado" (the Italian ones read as imperatives too:
# "non usate").
_PARTICIPLE = re.compile(r"\s+[^\W\d_]+(?:ad|id)(?:os|as|o|a)\b", re.I)
_NOUN_BEFORE = re.compile(r"(?<![\w'-])[^\W\d_]{3,}\s+$")


def _negated_participle(sentence: str, marker: re.Match) -> bool:
    """Is `marker` a Portuguese or Spanish denial of a participle that follows a noun ("variáveis não usadas",
    "archivos no rastreados")? It says what the thing is not, an attribute of the noun, and forbids no act;
    after a copula or an auxiliary ("não é usado", "no se usa") it is a verb's denial."""
    if marker.group(0).casefold() not in ("não", "no") or not _PARTICIPLE.match(sentence, marker.end()):
        return False
    before = _NOUN_BEFORE.search(sentence, 0, marker.start())
    return bool(before) and not _COPULA.search(sentence, 0, marker.start()) and not re.search(
        r"\b(?:se|lo|la|los|las|le|les|o|a|os|as|ha|han|tem|têm|foi|fue|sido|estado)\s+$",
        sentence[:marker.start()], re.I)


def _portuguese_in_the(sentence: str, marker: re.Match) -> bool:
    """Is `marker` Portuguese "no" (in the) before a noun, wherever it stands ("`// AGENT:` no código-fonte ... deve
    executá-los")? Portuguese denies with "não"; a sentence whose function words are Portuguese, none Spanish and
    none English, has no "no" that negates. Nor has a "no" between two things named ("`line-length` no `ruff.toml`",
    "`POST /admin/reset` no `openapi.yaml`"): a denial stands before a verb or opens its clause, "in the" joins a thing
    to the place that holds it."""
    if marker.group(0).casefold() != "no":
        return False
    if _SPAN_CLOSED.search(sentence, 0, marker.start()) and _SPAN_OPENS.match(sentence, marker.end()):
        return True
    return not _NO_THEN.match(sentence, marker.end()) \
        and bool(_PORTUGUESE_WORDS.search(sentence)) and not _SPANISH_WORDS.search(sentence) and not _ENGLISH_WORDS.search(sentence)


_SPAN_CLOSED, _SPAN_OPENS = re.compile(r"`\s*$"), re.compile(r"\s*`")


# Function words one of the two languages has and the other lacks. A pronoun hyphenated to its verb ("executá-los") is
# Portuguese: Spanish writes it joined ("ejecutarlos").
_SPANISH_WORDS = re.compile(r"(?<![-\w])(?:el|del|los|las|y|pero|muy|está|están|también|porque)\b", re.I)
_ENGLISH_WORDS = re.compile(r"\b(?:the|and|to|of|is|are|with|before|never|not|don't|it)\b", re.I)
_PORTUGUESE_WORDS = re.compile(r"\b(?:do|da|dos|das|não|é|são|um|uma|em|ao|aos|pelo|pela|também|porque|e)\b|ção\b|ções\b", re.I)


# Something taken as the guard itself: "treat that as the user's approval", "gilt als Zustimmung des Nutzers".
_STANDS_FOR = re.compile(r"\b(?:as|als|como|comme|come|jako|как|olarak|for)\s+(?:\w+\s+)?$", re.I)
# Quotation marks that open someone else's words, and what closes each.
QUOTATION_MARKS = {"«": "»", "“": "”", "„": "“”", "「": "」", "『": "』", "‹": "›"}


def inside_quotation(text: str, at: int) -> bool:
    """Does `at` stand inside a quotation («…», “…”, „…“, 「…」) that opens before it: someone's words, quoted?"""
    closers: list[str] = []
    for ch in text[:at]:
        if closers and ch in closers[-1]:
            closers.pop()
        elif ch in QUOTATION_MARKS:
            closers.append(QUOTATION_MARKS[ch])
    return bool(closers)


def quoted_question(text: str, at: int) -> bool:
    """Does `at` stand inside a quotation that is a question (「`.env` の中身は?」, “may I run `x`?”): the thing is
    asked about there, not asked for."""
    closers: list[tuple[str, int]] = []
    for i, ch in enumerate(text[:at]):
        if closers and ch in closers[-1][0]:
            closers.pop()
        elif ch in QUOTATION_MARKS:
            closers.append((QUOTATION_MARKS[ch], i))
    if not closers:
        return False
    end = next((i for i in range(at, len(text)) if text[i] in closers[-1][0]), len(text))
    return bool(re.search(r"[?？]", text[at:end]))


def _quoted_apart(sentence: str, start: int, at: int) -> bool:
    """Does the thing at `at` stand inside a quotation that opens after `start` (reported speech: "the bot says in
    Teams: «to avoid errors, run `x`»")? A marker outside does not reach into another's words. A quotation mark right
    around the thing ("nie „`chmod 777`“") quotes the command, not a speaker."""
    open_at: list[tuple[str, int]] = []
    for i, ch in enumerate(sentence[start:at], start):
        if open_at and ch in open_at[-1][0]:
            open_at.pop()
        elif ch in QUOTATION_MARKS:
            open_at.append((QUOTATION_MARKS[ch], i))
    return bool(open_at) and bool(re.search(r"\w", sentence[open_at[-1][1]:at].replace("`", "")))


# "X ..., c'est hors de question": the thing put first, then a pronoun that takes it up as the subject of the verdict.
_RESUMPTIVE = re.compile(r"[,，]\s*(?:c'est|c’est|ce serait|that's|that is|this is|das ist|das wäre|dat is|eso es|esto es|isso é|"
                         r"isto é|questo è|to jest|это|bu)\s+(?:\w+\s+)?$", re.I)


def _dislocated(sentence: str, begin: int, at: int, end: int, marker: re.Match) -> bool:
    """Is the marker the verdict of a pronoun that takes up the thing opening the sentence ("`pytest --deselect`
    pour faire passer la CI, c'est hors de question")?"""
    lead = re.sub(r"^[\s\-*\u2022]+", "", sentence[begin:at])
    between = _unspanned(sentence[end:marker.start()])
    return len(lead.split()) <= _OPENING_WORDS and not re.search(r"[;:；：]", between) and bool(_RESUMPTIVE.search(between))


def _turkish_note(sentence: str, marker: re.Match) -> bool:
    """Is `marker` the Turkish noun "not" (a note) opening a label ("dosyasındaki not: ..."), which negates nothing?
    An English "Not allowed:" header keeps its word after "not"."""
    return marker.group(0).casefold() == "not" and bool(_TURKISH.search(sentence)) and (
        bool(_LABEL.match(sentence, marker.end())) or not _ENGLISH_AFTER_NOT.match(sentence, marker.end()))


# In a Turkish sentence "not" is the noun ("Not defteri", a notebook) unless English words carry on after it.
_ENGLISH_AFTER_NOT = re.compile(r"\s+(?:allowed|permitted|an?|the|to|be|in|on|for|ok|okay|needed|used|run|ever)\b", re.I)


_LABEL = re.compile(r"\s*[:：]")

# A code span right after "no" is its own object ("no `~/.zshrc`"), not a no to the span before it.
_NO_THEN = re.compile(r"\s*(?:$|[^\w\s`]|(?:es|está|están|son|era|fue|se|lo|la|los|las|le|les|me|te|nos|hace|hay|debe|debes|deben|"
                      r"puede|puedes|pueden|uses|usar|ejecutes|ejecutar|corras|toques|sirve|funciona|conviene|tiene|tienes|hagas|"
                      r"need|needed|longer|way|more)\b)", re.I)


def _only_here(sentence: str, marker: re.Match) -> bool:
    """Is `marker` a "nowhere else": a scope that asks for the thing where the sentence says?"""
    return marker.group(0).casefold() in NOWHERE and bool(
        ELSEWHERE.match(sentence, marker.end()) or ELSE_BEFORE.search(sentence, 0, marker.start()))


# "Instead of `a`, run `b`", "Statt `a` gleich `b`": the turning-away governs its own object, a list at most.
_ONLY_OBJECT = {"instead of", "rather than", "preferred over", "preferred to", "in preference to", "而不是", "而非"} | set(INSTEAD_OF)
_LIST_OF_SPANS = re.compile(r"\s*(?:`x*`\s*(?:,|、|/|\bor\b|\band\b|\bou\b|\boder\b|\bo\b|\by\b|\be\b|\bof\b|\blub\b|\bczy\b|\bveya\b|"
                            r"\bили\b|或|和)?\s*)*", re.I)


def _names_another(sentence: str, marker: re.Match, at: int) -> bool:
    """Does a turning-away marker before the thing have its own object, another code span, in between?"""
    if marker.group(0).casefold() not in _ONLY_OBJECT or marker.start() >= at:
        return False
    between = sentence[marker.end():at]
    return "`" in between and not _LIST_OF_SPANS.fullmatch(between)


def _list_end(sentence: str, end: int) -> int:
    """Where the list a thing opens ends: "`rm -rf ~` or `sudo rm -rf /`" is one thing to a verdict after it."""
    more = _LIST_MORE.match(sentence, end)
    return more.end() if more else end


def _encouraged(sentence: str, marker: re.Match, at: int) -> bool:
    """Does an encourager next to `marker` turn it round ("never forget to", "... is not a problem")?"""
    if marker.start() > at:  # a marker in the predicate: what follows it ("is not a problem"), or a verb of forgetting
        # before it ("`sudo` vergessen wir nicht")
        return bool(_WAVED_OFF.match(sentence, marker.end()) or _FORGET.search(sentence, at, marker.start()))
    start = marker.end() if marker.group(0).casefold() in BEFORE_ONLY else max(0, marker.start() - _ENCOURAGER_REACH)
    # Nor from across a clause's end: "When a hook fails, never set ..." (the failing is the condition's).
    start = max([start] + [sentence.rfind(stop, start, marker.start()) + 1 for stop in ",;:，；："])
    return bool(_ENCOURAGER.search(sentence, start, max(marker.end(), min(at, marker.end() + _ENCOURAGER_REACH))))
