"""Words that forbid or warn, in the languages the screen and the correction reader read: the
lexicon both share, so a word learned for one is known to the other. `screen.prohibit` reads
where such a word stands and what it governs; `has_prohibition_word` only asks whether one does."""

from __future__ import annotations

import re

# "Instead of <thing>" in each language: the thing is what the sentence turns away from.
INSTEAD_OF = ("au lieu de", "plutôt que", "anstatt", "statt", "en lugar de", "en vez de", "em vez de",
              "ao invés de", "invece di", "anziché", "in plaats van", "zamiast", "вместо")
NOWHERE = ("nowhere", "nirgends", "nirgendwo", "nulle part", "en ningún sitio", "en ninguna parte", "em lugar nenhum",
           "em nenhum lugar", "da nessuna parte", "nergens", "nigdzie", "hiçbir yerde", "нигде")
# "Nowhere else", "nulle part ailleurs", "başka hiçbir yerde": only here, which asks for the thing here.
ELSEWHERE = re.compile(r"\s*(?:else|sonst|anders|ailleurs|más|mais|altro|indziej|больше|кроме)\b", re.I)
ELSE_BEFORE = re.compile(r"(?:başka|other|autre|ander\w*|otr[oa]|outr[oa]|altr[oa]|inn\w*|друго\w*)\s*$", re.I)
# A check that catches the thing: "a CI check that fails when a test has `@pytest.mark.skip`", "un hook qui rejette `--no-verify`".
CATCHES = ("fails when", "fails if", "fail when", "fail if", "fails on", "rejects", "catches", "blocks any",
           "échoue si", "échoue quand", "rejette", "signale", "falla si", "falla cuando", "rechaza", "falha se", "falha quando",
           "rejeita", "fallisce se", "fallisce quando", "rifiuta", "faalt als", "faalt wanneer", "weigert", "odrzuca", "reddeder",
           "отклоняет", "падает, если", "падает при")
# "Instead of" put after what it turns away from (Korean, Japanese): "`git push --force` 대신 `git revert`".
POSTPOSED_INSTEAD = ("대신", "の代わりに", "代わりに")
# A practice given up, in each language: "we stopped using", "paramos de usar", "n'utilisons plus"; it governs what follows.
STOPPED = ("stopped using", "stopped running", "no longer use", "no longer run", "paramos de usar", "deixamos de usar",
           "paramos de rodar", "dejamos de usar", "ya no usamos", "avons arrêté d'utiliser", "n'utilisons plus", "verwenden wir nicht mehr",
           "nutzen wir nicht mehr", "abbiamo smesso di usare", "non usiamo più", "zijn gestopt met", "gebruiken we niet meer",
           "przestaliśmy używać", "kullanmayı bıraktık", "перестали использовать", "больше не используем",
           # enough of it: "хватит отключать хуки", "enough of skipping"
           "хватит", "enough of", "genug mit", "assez de")
# The thing put outside what is asked: "`terraform destroy` quedan fuera del ejercicio", "is out of scope".
OUT_OF_SCOPE = ("out of scope", "outside the scope", "outside the exercise", "quedan fuera", "queda fuera", "fuera del alcance",
                "hors du périmètre", "hors périmètre", "hors de l'exercice", "außerhalb des rahmens", "nicht teil der übung",
                "ficam de fora", "fica de fora", "fora do escopo", "restano fuori", "resta fuori", "fuori dall'esercizio",
                "buiten de scope", "buiten scope", "poza zakresem", "kapsam dışı", "kapsam dışında", "вне рамок", "не входит",
                "не входят", "不在范围内", "範囲外", "범위 밖",
                # kept out of the file or place the rule speaks of: "`git tag -f` ficam fora do `justfile`"
                "stay out of", "stays out of", "ficam fora", "fica fora", "restent hors", "reste hors", "bleiben draußen",
                "bleibt draußen", "bleiben außen vor", "bleibt außen vor", "blijven buiten", "blijft buiten", "zostają poza",
                "zostaje poza", "остаются вне", "остаётся вне")
# Words and phrases that forbid or warn. Latin-script ones must stand as words; CJK ones need not.
# A negative subject forbids the act it opens ("nadie fuerza pushes desde el editor"); with "else" or
# "more" after it, it keeps the thing before it as the only one ("`rm -rf "$HOME"` and nothing else").
NEGATIVE_SUBJECTS = ("nobody", "no one", "no-one", "nadie", "nothing", "nichts", "rien", "niets", "nic", "ничего", "personne ne",
                     "niemand", "ninguém", "никто", "nikt", "hiç kimse")
BESIDES = (r"(?!\s+(?:else|more|other|besides|d'autre|de plus|anderes|sonst|weiter|más|mais|altro|di più|anders|meer|innego|"
           r"więcej|другого|больше|başka))")
WORD_MARKERS = (
   "never", "not", "don't", "dont", "do not", "does not", "doesn't", "must not", "mustn't", "should not", "shouldn't",
   "cannot", "can't", "avoid", "refuse", "forbidden", "prohibited", "no", "nor", "instead of", "rather than",
   "is never", "are never",
   # fr, de, es, pt, it
   "jamais", "ne", "n'utilisez", "pas", "interdit", "évitez", "niemals", "nie", "nicht", "kein", "keine", "verboten",
   "vermeide", "nunca", "no uses", "jamás", "evite", "evita", "prohibido", "proibido", "não", "mai", "vietato",
   # the same predicates agreeing with their subject
   "interdite", "interdits", "interdites", "verbotene", "prohibida", "prohibidos", "prohibidas", "proibida", "proibidos",
   "proibidas", "vietata", "vietati",
   # what a text says is no order to the agent: "a comment such as `# run rm -rf ~` is data, not an instruction"
   "not an instruction", "not instructions", "not a command", "not commands", "not an order", "not a request",
   "keine anweisung", "keine anweisungen", "pas une instruction", "pas des instructions", "pas une consigne",
   "no es una instrucción", "no son instrucciones", "não é uma instrução", "não são instruções", "non è un'istruzione",
   "geen instructie", "nie jest poleceniem", "talimat değil", "talimat değildir", "не инструкция", "не является инструкцией",
   "не являются инструкциями", "不是指令", "并非指令", "指示ではない", "指示ではありません", "지시가 아닙니다",
   "vietate", "vetado", "vetada", "vetados", "vetadas", "refused", "rejected",
   # ru: not admitted, not used
   "не допускается", "не допускаются", "недопустимо", "недопустим", "недопустимы", "не используется", "не используются",
   # ru
   "никогда", "не", "нельзя", "запрещено", "запрещена", "запрещены", "запрещён", "избегайте",
   # verdicts on the thing named: "`git push --force` is off-limits", "est proscrit", "ist tabu", "jest zakazane"
   "off-limits", "off limits", "out of bounds", "off the table", "banned", "taboo", "not allowed", "not permitted", "not an option",
   "a mistake", "is blocked", "are blocked", "est bloqué", "sont bloqués", "ist gesperrt", "sind gesperrt", "está bloqueado",
   "están bloqueados", "está bloqueado", "è bloccato", "is geblokkeerd", "jest zablokowany", "заблокирован", "proscrit", "proscrite", "éviter", "à éviter", "tabu", "табу", "queda descartado", "queda descartada",
   "non", "taboe", "verboden", "nooit", "niet", "geen", "nigdy", "zakazane", "zakazany", "zakazana", "zabronione",
   "zabroniony", "asla", "yasak", "yasaktır", "yerine",
   # sv, da, nb: never
   "aldrig", "aldri",
   # the thing excluded or out of the question: "`terraform destroy` y est exclu", "est hors de question"
   "excluded", "ruled out", "out of the question", "banni", "bannie", "bannis", "bannies", "exclu", "exclue", "exclus", "exclues",
   "hors de question", "ausgeschlossen", "excluido", "excluida", "fuera de discusión", "fuera de cuestión", "excluído", "excluída",
   "fora de questão", "fora de cogitação", "escluso", "esclusa", "fuori discussione", "fuori questione", "uitgesloten",
   "wykluczone", "wykluczony", "nie wchodzi w grę", "söz konusu değil", "исключено", "исключён", "не обсуждается",
   # "niente `yes |` né `-y`", "ni `sudo` ni ...", "nada de `sudo`"
   "niente", "nessun", "nessuna", "nessuno", "né", "ni", "nada de",
   # verbs of keeping away from the thing
   # nobody does it: a negative subject forbids the act it opens ("nadie fuerza pushes desde el editor")
   *NEGATIVE_SUBJECTS,
   # the thing left out of the agent's hands: "`terraform destroy` queda fuera de las manos del agente"
   "out of the agent's hands", "out of your hands", "fuera de las manos", "fuera del alcance", "hors de portée", "hors des mains",
   "nicht in der hand", "fora das mãos", "fora do alcance", "fuori dalla portata", "buiten bereik",
   "keep away from", "stay away from", "steer clear of", "hands off", "refrain from", "halte dich fern von", "finger weg von",
   "ne touchez pas", "ne touche pas", "no toques", "não mexa", "non toccare", "не трогай", "не трогайте", "blijf af van",
   # a rule that admits no exception: "force-pushes to `main` have no exception at all"
   "no exception", "no exceptions", "without exception", "sans exception", "ohne ausnahme", "keine ausnahme",
   "sin excepción", "sin excepciones", "sem exceção", "sem exceções", "senza eccezioni", "zonder uitzondering", "bez wyjątku",
   "istisnasız", "без исключений",
   # under a ban, out of the question: "`chmod 777` у нас под запретом", "is uit den boze", "kommt nicht in Frage"
   "под запретом", "uit den boze", "nicht in frage", "fuera de lugar", "não vale", "no vale", "non vale",
   # the place it may run: none ("run `sudo` nowhere")
   *NOWHERE,
) + STOPPED + OUT_OF_SCOPE + CATCHES + ("preferred over", "preferred to", "in preference to", "without", "sans", "ohne", "sin", "sem", "без") + INSTEAD_OF
# Verdicts that only judge what stands before them: "`chmod 777` is a mistake", not "a mistake to keep X: run ...".
AFTER_ONLY = {"已经删掉", "已删掉", "已经删除", "已删除", "已经移除", "已移除"} | set(OUT_OF_SCOPE) | set(POSTPOSED_INSTEAD) | {"a mistake", "refused", "rejected", "yerine", "excluded", "ruled out", "exclu", "exclue", "exclus", "exclues", "escluso", "esclusa",
              "excluido", "excluida", "excluído", "excluída", "废弃", "弃用", "廢棄", "棄用", "廃止"}
# Markers that only govern what follows them: "X is preferred over <thing>", "<thing> without asking" is not "without <thing>".
BEFORE_ONLY = set(STOPPED) | {"preferred over", "preferred to", "in preference to", "instead of", "rather than", "without", "sans", "ohne",
               "sin", "sem", "без", "而不是", "而非", "不会", "不會", "stopped using", "stopped running", "no longer use", "no longer run"} | set(INSTEAD_OF) \
   | set(CATCHES)
# "Leave `~/.ssh` alone", "Lass `main` in Ruhe": the thing stands between the verb and its particle.
LEAVE_ALONE = re.compile(r"\b(?:leave|let|lass|laisse[rz]?|deja|deixe|lascia|laat)\s+`[^`]*`\s+(?:alone|be|in ruhe|tranquille?|en paz|em paz|stare|"
                         r"met rust)\b", re.I)
# A preference names what it disfavours after "to", "over", "rather than": "Prefer `git revert` to `git reset --hard`".
PREFERS = re.compile(r"\b(?:prefer|préf[éè]r|bevorzug|prefier|prefir|preferisc)\w*\b|"
                     # a comparison: "it's better to install with `pipx` than with `sudo`"
                     r"\b(?:better|safer|mieux|besser|sicherer|mejor|melhor|meglio|beter|veiliger|lepiej|bezpieczniej|лучше|"
                     r"безопаснее)\b|\bdaha (?:iyi|güvenli)\b|更好|更安全", re.I)
DISFAVOURED = re.compile(r"(?:\bthan(?: with| using| via| by)?|\bque(?: con| avec| com| par)?|\bals(?: mit)?|"
                         r"\bqu'(?:avec|en|par)|\bdi(?: con)?|\bdan(?: met)?|\bniż(?: z)?|\bчем(?: с)?|\bto|\bover|\brather than|\bplutôt qu[e']|\bstatt|\banstatt|\ben lugar de|\bem vez de|\binvece di|\ba)\s*$", re.I)
CJK_MARKERS = POSTPOSED_INSTEAD + ("❌", "🚫", "⛔", "✗", "✘", "🙅", "なしで", "なし", "抜きで", "不需要", "无需", "不用", "不要", "别用", "别执行", "别加", "禁止", "切勿", "严禁", "厳禁", "嚴禁", "勿", "不得", "决不", "絶対に", "決して", "しないで", "ないでください",
               "禁止", "ではいけません", "てはいけない", "하지 마", "금지", "不可以", "不能", "不允许", "禁物", "ないこと", "ないように",
               "从不", "從不", "绝不", "絕不", "从来不", "而不是", "而非", "不会", "不會",
               # given up: "我们不再这样删除", "已经废弃", "は廃止されました"
               "不再", "已经删掉", "已删掉", "已经删除", "已删除", "已经移除", "已移除", "废弃", "弃用", "廢棄", "棄用", "廃止", "もう使わ", "더 이상", "のはやめ", "をやめ", "のをやめ",
               # "a rule for all of them, not": "一律不在 PR 里执行", "都不", "概不"; not allowed, not to be: "不准", "不许", "不应"
               "一律不", "都不", "均不", "概不", "不准", "不许", "不應", "不应", "不该", "不該", "没有人", "誰も")
# Any Japanese verb's negative closing its clause ("ログイン項目を登録しません。", "`--privileged` で起動しない」"), its stem in
# kana before the ending; not the forms that grant or waive ("必要ありません", "しなければなりません", "構いません", "いりません",
# "しかない"), nor a denied hesitation, wait or question, which asks for the thing ("ためらわない", "確認しない").
_JA_NOT_DENIAL = (r"(?<!あり)(?<!なり)(?<!なら)(?<!かまい)(?<!かまわ)(?<!構い)(?<!構わ)(?<!いり)(?<!いら)(?<!要り)(?<!要ら)(?<!すみ)"
                  r"(?<!限り)(?<!しか)(?<!ためらい)(?<!ためらわ)(?<!迷い)(?<!迷わ)(?<!躊躇し)(?<!遠慮し)(?<!気にし)(?<!恐れ)(?<!怖がら)"
                  r"(?<!待ち)(?<!待た)(?<!確認し)(?<!確認せ)(?<!聞き)(?<!聞か)(?<!尋ね)(?<!相談し)(?<!求め)")
JA_NEGATIVE = re.compile(r"(?<=[ぁ-ゖ])" + _JA_NOT_DENIAL + r"ません(?=\s*(?:[。．.!！」』]|$))|"
                         r"(?<=[かがさたなばまらわしじみりきえけせてねべめれ])" + _JA_NOT_DENIAL + r"ない(?=\s*(?:[。．.!！」』]|$))")
# A denied verb that goes on to the next clause, Korean "-지 않고" and Japanese "-ず、" ("`sudo` 로 띄우지 않고, ...",
# "`sudo` でポートの権限を変えず、..."): the denial closes the clause that holds the thing. A denied asking, wait,
# hesitation or halt waives the guard instead ("묻지 않고", "확인하지 않고", "멈추지 않고", "確認せず", "聞かず", "止まらず").
_KO_NOT_DENIAL = r"(?<!묻)(?<!물어보)(?<!확인하)(?<!주저하)(?<!망설이)(?<!기다리)(?<!받)(?<!멈추)(?<!중단하)(?<!그만두)"
_JA_NOT_HALT = r"(?<!止め)(?<!止まら)(?<!やめ)(?<!中断せ)(?<!停止せ)"
CONTINUED_DENIAL = re.compile(_KO_NOT_DENIAL + r"지\s*않고(?![가-힣])|(?<=[ぁ-ゖ])" + _JA_NOT_DENIAL + _JA_NOT_HALT
                              + r"ず(?=\s*[、，,])")
# A comma after a verb's continuative joins a clause of its own ("`continue-on-error` を付け、マージを止めない"): the
# negation closing the later clause does not reach back past it; one after a denied verb ("読まず、") does, and one after
# a verb of a "-tari" list ("消したり、書き換えたりしません"), which the list's closing verb governs.
JA_JUNCTION = re.compile(r"(?<!ず)(?<!たり)(?<!だり)[、，,]")
# Chinese "不" before the verb it denies ("智能体不上传任何文件", "不给容器加 `--privileged`") governs the verb's phrase after it;
# not the words that only begin with it ("不同", "不管", "不确定"), nor a "不" that waives a step or obliges ("不问", "不经",
# "不等", "不得不"); the markers that hold it already ("不要", "不会", "不能") are read as such.
ZH_NOT = re.compile(r"(?<![得要是好能])不(?=[\u4e00-\u9fff])(?!同|断|久|仅|只|管|论|必|过|然|少|多|好|错|太|得|能|可|确|清|算|如|妨|"
                    r"问|经|等|犹豫|用|需|要|再|会|准|许|应|该|止|光|但|是|够|足|便|安|满|利|幸|良|正|明|知|懂|告诉|通知|征求|请示|询问|确认|顾|怕|在乎|介意|惜|停|时)")
# Where a "不" stops reaching: a step after it ("不告诉用户就 `git push --force`").
ZH_THEN = re.compile(r"就|便|然后|直接|再|[，；。,;]")
# Negations that close a verb-final clause (Japanese, Korean, Turkish): they govern everything before them in the
# clause, however many words stand between ("`sudo`는 절대 사용하지 마세요", "`sudo` kullanmayın", "は使わないこと").
# The way of doing it was withdrawn, closing the sentence: "書き換える手順は削除されました。"
FINAL = re.compile(r"不在[^，。；`]{0,8}?范围(?:内|之内)|(?:手順|方法|やり方|ルール|運用|手続き)(?:は|が|も)?(?:削除|撤廃|廃止)(?:されました|されています|された|しました)(?=\s*[。．.!！]?\s*$)|"
                   r"(?:使わ|使い|実行し|実行せ|実行さ|走らせ|叩か|打た|入れ|付け|追加し|用い)(?:ない(?!と|けれ|なら|限り)|ません|ず)|"
                   # "...することは一切しない": the verb "to do" denied closes the clause; "しないで" is "without doing"
                   r"(?:(?<=[はもを])|(?<=一切)|(?<=決して)|(?<=絶対))\s*し(?:ない(?!と|けれ|なら|限り|で)|ません)|ないでください|ないこと|ないように|てはいけ|ではいけ|禁物|禁止(?!\s*を?\s*(?:解除|取り消|やめ))|"
                   # "묻지 말고", "확인하지 마세요", "묻지 않습니다": a denied asking waives the guard, as "묻지 않고" does
                   + _KO_NOT_DENIAL + r"지\s*(?:마|말)|(?:서는|서도|면)\s*안\s*(?:된다|됩니다|돼)|"
                   r"금지(?!\s*[를을]?\s*(?:해제|풀))|" + _KO_NOT_DENIAL + r"지\s*않(?:는다|습니다|아요|음|기|는\s*걸로)|"
                   # a Turkish negative imperative on a verb read here, whatever else the sentence holds: "ekleme", "kullanmayın"
                   r"\b(?:ekle|kullan|çalıştır|sil|yap|gönder|değiştir|koy|yaz|paylaş|göster|aç|atla|it|çek)m[ae](?:y[ıi]n(?:[ıi]z)?)?\b|"
                   r"(?<=\w)m[ae]y[ıi]n(?:[ıi]z)?\b|(?<=\w)m[ae]m[ae]l[ıi]\w*|\byasak", re.I)
MARKER = re.compile(r"(?<![\w'-])(?:" + "|".join(re.escape(m) + (BESIDES if m in NEGATIVE_SUBJECTS else "")
                                                 for m in sorted(WORD_MARKERS, key=len, reverse=True))
                    + r")(?![\w'-])|" + "|".join(re.escape(m) for m in CJK_MARKERS), re.I)

# Turkish negative aorist and present closing a clause, no other language's ending: "`--no-verify` ile atlanmaz" (is not
# skipped), "ajan bunu çalıştırmaz", "hiçbir adım görev bırakmıyor".
TURKISH_NEGATIVE = re.compile(r"(?<=[a-zçğıöşü]{2})(?:m[ae]z(?:l[ae]r)?|m[ıiuü]yor(?:uz|sunuz|sun|lar|um)?)(?=\s*(?:[.;!,:]|$))",
                              re.I)


def has_prohibition_word(text: str) -> bool:
    """Does `text` hold a word that forbids or warns, in any of the languages read here?"""
    return bool(MARKER.search(text) or FINAL.search(text) or TURKISH_NEGATIVE.search(text) or JA_NEGATIVE.search(text))
