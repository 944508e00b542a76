"""Strings that look random but grant nothing, and the words around a run that say which it is.

`token_shapes` asks two things here: is this run a shape known to be harmless (a digest, a public
key, an image, a reference to a secret stored elsewhere), and do the words just before it name a
credential (`password`, `api key`, a CSV column `secret`) or something harmless (`sha256`,
`PublicKey`, `requestId`, `nextPageToken`)? Redacting a harmless string costs a replay its text;
the lists below are the families transcripts are full of.
"""

from __future__ import annotations

import base64
import binascii
import re

from skillopt_sleep.capture import armour, ciphertext
from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.store_refs import store_reference
from skillopt_sleep.capture.text_lines import lines_above
from skillopt_sleep.capture.word_runs import WORDS as _WORDS, identifier
from skillopt_sleep.capture.token_checks import (SECRET_BECH32_PREFIXES, bech32_prefix, example_jwt, extended_public_key, libp2p_peer_id,
                                                 legal_entity_identifier, mangled_symbol, nix_public_key, nix_sha256, public_address, public_der,
                                                 ssh_public_blob, vat_number)

_UUID = lazy(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
# Digest prefixes (lockfiles, SRI, go.sum, Docker, pip RECORD, certificate pins), and hex key ids printed in upper
# case (PGP fingerprints and long key ids).
# A backend's variant letter may follow the algorithm (git-annex's `SHA256E-s<size>--<hash>`).
_DIGEST = lazy(r"(?:sha\d{0,3}|md5|h1|blake2[bs]?|xxh\d*|crc32)(?:[a-z](?=-s\d))?[-:=/]", re.I)
_FINGERPRINT = lazy(r"[0-9A-F]{16}|[0-9A-F]{40}")
# A digest under a label ending in its algorithm's name (`release_sha512:<hex>`, `image.sha256=<hex>`):
# a checksum named for what it checks, kept where the hex is exactly that algorithm's length.
_LABELLED_DIGEST = lazy(r"([A-Za-z][\w.\-]*?)[_.\-](md5|sha1|sha224|sha256|sha384|sha512)[:=]([0-9a-fA-F]+)", re.I)
_DIGEST_HEX_CHARS = {"md5": 32, "sha1": 40, "sha224": 56, "sha256": 64, "sha384": 96, "sha512": 128}
# Content ids and API object ids that look random: IPFS CIDv0 (base58 multihash), GitHub's node
# ids (`PR_kwDO...`, `R_kgDO...`), an Alpine package's checksum in its index (`C:Q1...=`: `Q1`, then
# the SHA1 of the package's control data in base64), a Microsoft Teams chat's or channel's id
# (`19:...@thread.v2`, as Microsoft Graph names a chat).
_OBJECT_IDS = lazy(r"(?:.*/)?Qm[1-9A-HJ-NP-Za-km-z]{44}(?:/.*)?|[A-Z]{1,5}_k[wg]DO[A-Za-z0-9_\-]+|(?:C:)?Q1[A-Za-z0-9+/]{27}=|"
                   r"19:[A-Za-z0-9_\-]+@(?:thread\.(?:v2|tacv2|skype)|unq\.gbl\.spaces)")
_SSH_BODY = ("AAAAB3Nza", "AAAAC3Nza", "AAAAE2VjZHNh", "AAAAGnNr", "AAAAInNr")
_KEY_TYPES = ("ssh-", "ecdsa-sha2-", "sk-ssh-", "sk-ecdsa-")  # algorithm names before a public key
_IMAGE_BODY = ("iVBORw0KGgo", "/9j/", "R0lGOD", "UklGR", "PHN2Zy", "Qk0")
# Base64 of files by their magic bytes: gzip, zip, PDF, WOFF and WOFF2 fonts, WebAssembly (`\0asm`).
_FILE_BODY = ("H4sI", "UEsDB", "JVBERi0", "d09GMg", "d09GRg", "AGFzbQ")
# A context-triggered piecewise hash (ssdeep): `<block size>:<hash>:<hash of double the block>`,
# the block size three times a power of two. A digest of a file, public as hashes are.
_SSDEEP = lazy(r"(\d{1,9}):[A-Za-z0-9+/]{1,64}:[A-Za-z0-9+/]{1,64}")
_PLACEHOLDER = lazy(r"\.\.\.|…|x{8}|X{8}|\*{4}|•{4}|EXAMPLE|YOUR_|your[_\-]|REPLACE|PLACEHOLDER|CHANGE_?ME|<[A-Za-z_\- ]+>|"
                    # an instruction written where the value goes (`replace-with-a-long-random-string`)
                    r"(?i:replace[_\-](?:me|with|this)|change[_\-]?me|generate[_\-](?:one|a|it|with)|[_\-]goes[_\-]here)")
# A public address: Ethereum's 20 bytes in hex after 0x (a private key is 32).
_ADDRESS = lazy(r"0x[0-9a-fA-F]{40}")
_REFERENCE = ("$", "<", "%", "{{", "os.environ", "os.getenv", "process.env", "secrets.", "env.", "arn:", "vault:",
              "REDACTED")
_B64 = lazy(r"[A-Za-z0-9+/_\-]{16,}={0,2}")
# Words that make decoded text a credential's container (a key file, a JSON of settings holding a key).
_INSIDE_A_SECRET = ("private", "secret", "password", "token", "-----begin", "api_key", "apikey", "api-key", "access_key",
                    "credential")
# base64 of a PEM certificate or public key (kubeconfig's `certificate-authority-data`): public.
_PUBLIC_PEM_BASE64 = ("LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t", "LS0tLS1CRUdJTiBQVUJMSUMgS0VZLS0tLS",
                      "LS0tLS1CRUdJTiBYNTA5IENSTC0tLS0t")

# The words a listing's cursor is named by, before its token (`nextPageToken`, `continuation_token`,
# `syncToken`, `$skiptoken`, OAI-PMH's `resumptionToken`): an opaque place in a list, not a credential.
CURSOR_WORDS = r"next|page|continuation|resum(?:e|ption)|sync|delta|skip"

# The words before a run, lower-cased: the last one found decides. Harmless names come first in
# the alternation and swallow the rest of their identifier, so `nextPageToken` or
# `public_key` is read as one harmless name, not as "token" or "key".
# A hash's key (`PAYBYLINK_HASH_KEY`, `hashKey`) is the secret an HMAC is keyed with, not a digest:
# "key" names it (a DynamoDB `hash_key` holds an attribute's name, a word, which no key's shape fits).
# So is a hash code given as a variable's own word (OnePay's merchant `HASH_CODE`), where Java's
# `hashCode` stays a digest's name.
_HARMLESS = (r"publi(?:c(?: key)?|shable)[a-z0-9_\-]*|pubkey|(?<![a-z])pub(?![a-z])|peer[a-z_]*|fingerprint|"
             r"(?<![a-z])sha(?:1|224|256|384|512)?(?![a-z])|md5|[a-z_]*hash(?:e[sd]|ing|sum|code|map|value)?(?![a-z])(?![_\-.]?key(?![a-z]))(?![_\-]code(?![a-z]))[a-z_]*|digest|checksum|integrity|"
             # an id's or a label's name (`run_id`, `consumer_tag`); after a dot only where a value is
             # assigned to it or the line ends (`user.id = `, `devices[0].id`), else it is a host's
             # domain (`repo.example.id", "ci"`)
             r"(?<![a-z])h1:|etag|[a-z_\-]*request[a-z_\-]*|(?<![a-z.])id(?![a-z])|(?<=\.)id(?=[\"'\]]*[ \t]*(?:=|:(?!\d)|\n|$))|(?!access_id)[a-z]+_(?:id|tag)(?![a-z])|cursor|"
             r"(?<![a-z])(?:" + CURSOR_WORDS + r")(?:[_\-]?(?:page|sync|delta|token|cursor|marker|link))+(?![a-z])|"
             r"(?<![a-z])(?:next|page|continuation)(?![a-z])|commit|(?<![a-z])cid(?![a-z])|ipfs|trace|minisign|kty|jwk|"
             r"ssh-(?:rsa|ed25519|dss)|ecdsa-sha2|data:|certificate|nonce|uuid|guid|ulid|recipient|build[ _\-]?id|"
             # a JWK's or JWS header's public members, and where a wallet receives
             r"(?<![a-z])(?:kid|x5[ctu][a-z0-9#]*)(?![a-z])|(?<![a-z])(?:address|addr|wallet)(?![a-z])|"
             # the id of a credential (`credentialId`, WebAuthn's public handle), not the credential
             r"(?:credential|token|key)ids?(?![a-z])|"
             # published or sent in the clear by design: a DNS TXT record and a site-verification
             # value, a MIME boundary, a WebSocket handshake's nonce, a DKIM signature (checked by a public key)
             r"(?<![a-z])txt(?![a-z])|[a-z\-]*verification|(?<![a-z])boundary|sec-websocket-(?:key|accept)|dkim-signature|"
             # IAB's TCF consent string, handed to every vendor of an ad request (`tcString`, `gdpr_consent=`, `euconsent-v2`)
             r"(?<![a-z])(?:tc[_\-]?string|gdpr[_\-]consent|euconsent(?:-v2)?)(?![a-z])|"
             # Hypothesis's `@reproduce_failure(version, blob)`: the blob is the failing example, serialised
             r"(?<![a-z])reproduce_failure(?![a-z])|"
             # the view-tracking id Unsplash's API adds to every photo's URL (`?ixid=...`), kept on every hotlink
             r"(?<![a-z])ixid(?![a-z])|"
             r"arc-seal|arc-message-signature|"
             # an HTTP message signature (RFC 9421: `Signature: sig1=:...:`), checked by the sender's key
             r"(?<![a-z\-])signature:[ \t]*(?!secret|token|pass|key|auth)[a-z][a-z0-9_\-]*=|"
             # which version of a stored secret (`secret version <uuid>`): the id of a version, right before it
             r"(?<![a-z])versions?[\"' \t:=]*$|"
             # what a job, a volume or a durable consumer is called, right before it (`Job 'raysubmit_...'
             # submitted`, `durable <id>`): the name a system gave one of its things, not a credential
             r"(?<![a-z])(?:job|volume|durable)[\"' \t]*$|"
             # the commit a build or a package was made from (npm's and sbt-buildinfo's `gitHead`, `gitSha`)
             r"(?<![a-z])git[_\-]?(?:head|sha\d*|rev(?:ision)?)(?![a-z])|"
             # a Vault token's accessor: it looks the token up or revokes it, and never logs in nor yields the token
             r"[a-z_\-]*accessor(?![a-z])|"
             # which kind of authentication, not its credential (`authMechanism=MONGODB-X509`, `auth_type`)
             r"auth(?:entication)?[_\-]?(?:mechanism|method|type|scheme|mode)s?(?![a-z])|"
             # an ad click's id
             r"(?<![a-z])[a-z]{1,4}clid(?![a-z])")
# Password in other languages as a name written in ASCII spells it, its marks dropped (`SURAT_KARGO_SIFRE`,
# `DB_HASLO`, `jelszo`): an environment variable's name takes no ş, ł or ó.
_ASCII_PASSWORD_WORDS = ("sifre", "haslo", "losenord", "jelszo", "contrasena")
# Key, password and secret in more of Europe's languages: Finnish, Czech, Slovak (with its marks, and
# as a JSON key or a variable spells it in ASCII, `kluc`), Polish, Dutch, Swedish, Danish and Norwegian,
# Turkish, Hungarian, Italian, Greek, Romanian and Welsh (`meraki-avain`, `tajný kód`, `hasło`, `la mia chiave`,
# `κλειδί`, `cheia de acces`, `cyfrinair`). Greek's stems stand for every case of the word (κλειδί, κλειδιού);
# κωδικός, "code", names a password or a key on its own (a login's `Κωδικός` field),
# as key does. Romanian's key is spelled in each of its forms, not by its stem, which German's
# `entscheiden` and `Bescheid` hold; parola is password in Romanian and Turkish alike.
_KEY_WORDS_ELSEWHERE = ("avain", "klíč", "kľúč", "kluc", "klucz", "sleutel", "nyckel", "nøgle", "nøkkel", "anahtar", "kulcs", "chiave",
                        "κλειδ", "κωδικ", "cheia", "cheie", "cheii", "cheile")
_PASSWORD_WORDS_SPELLED = ("salasana", "heslo", "hasło", "wachtwoord", "lösenord", "adgangskode", "passord", "şifre", "jelszó",
                           "cyfrinair")
_PASSWORD_WORDS_ELSEWHERE = (*_PASSWORD_WORDS_SPELLED, "συνθηματικ", "parola", "parolă", "parolei", *_ASCII_PASSWORD_WORDS)
# The words that mean password and nothing else, which code and configs write in a name: parola is
# also Italian's "word", and Greek's is a stem.
PASSWORD_WORDS_ALONE = (*_PASSWORD_WORDS_SPELLED, *_ASCII_PASSWORD_WORDS)
_SECRET_WORDS_ELSEWHERE = ("salainen", "tajný", "tajná", "tajné", "geheim", "gizli", "segreto", "μυστικ")
_NAMED_ELSEWHERE = "|".join(_KEY_WORDS_ELSEWHERE + _PASSWORD_WORDS_ELSEWHERE + _SECRET_WORDS_ELSEWHERE)
# An access key's id is half of its key pair, though its name ends in `id` (no harmless name starts
# at "access", so this one is read whole); an access key is named as strongly as an API key. An access
# id is the key of HaCon's HAFAS APIs (the `accessId` every request authenticates with, which
# Rejseplanen, VBB and ResRobot hand out), and so is named too. `psk`
# is a network's pre-shared key (wpa_supplicant's `psk=`, `WIFI_PSK`); WPA-PSK is the mode that
# uses one and a PSK's identity is sent in the clear, so neither names a value.
_NAMED = (r"access[_\- ]?(?:key(?:[_\- ]?id)?|id(?![a-z]))|security[_\-]?code|(?<=[_\-])pat(?![a-z])|(?<=_)(?<!error_)(?<!err_)(?<!status_)(?<!reason_)(?<!event_)(?:code|kodu)(?=[\"']?[ \t]*(?::|=(?!=)))|secret[a-z0-9_]*|token[a-z0-9_]*|passw[a-z]*|passphrase|passcodes?|(?<![a-z=])pass(?![a-z])|pwd|credential[a-z]*|(?<![a-z])creds?(?![a-z])|(?<![a-z\-])psk(?![a-z_\-])|"
          r"api[_\- ]?key|keys?(?![a-z])|auth(?!or(?!i[sz]))[a-z_]*|signing|sealing|bearer|private|license|(?<![a-z])sig(?![a-z])|"
          r"dsn|mot de passe|contraseña|senha|passwort|kennwort|schlüssel|clave|chave|clé|" + _NAMED_ELSEWHERE + "|"
          r"密码|密钥|秘钥|令牌|口令|パスワード|トークン|シークレット|鍵|キー|비밀번호|토큰|пароль|токен|ключ")
# `cred` and `creds` as a name end where no letter follows; spelled with what follows them, so that
# `credit`, common in billing output, is no trigger.
CRED_ENDINGS = ("creds", "cred=", "cred:", "cred ", "cred\"", "cred'", "cred\t")
# A personal access token's abbreviation ends a name (`GANDI_PAT`, `gitlab-pat`): spelled with what
# follows it, so that `_path` and `-pattern` are no trigger.
PAT_ENDINGS = tuple(f"{joint}pat{after}" for joint in "_-" for after in ("=", ":", " ", "\"", "'", "\t"))
# A code ends a name as a credential's noun (`BITRIX24_WEBHOOK_CODE`, Turkish `ticimax_uye_kodu`),
# judged as a key's value is, so that `COUNTRY_CODE: TR` and `posta_kodu: 34710` stay. Only a name
# given its value (`_code:`, `_code =`) counts: a comparison (`exit_code == 0`), a program's name
# (`claude-code: no reply`) and `code_challenge` name nothing. An error's, a status's, a reason's or an
# event's code (`error_code: ERR_CONN_RESET_7f3a9c`) says what happened, and names nothing either.
# A security code, in any spelling of the name (`tpaySecurityCode`, `security-code`), is one to keep secret.
CODE_ENDINGS = tuple(f"_{code}{after}" for code in ("code", "kodu") for after in ("=", ":", " ", "\"", "'"))
# Substrings one of which every credential name above holds (lower case): the redactor's
# one-pass trigger search reports where they are, and only text after them is read for values.
CUE_WORDS = ("secret", "token", "pass", "pwd", "psk", "credential", "access_id", "accessid", "access-id", "access id", "securitycode", "security_code", "security-code", *CRED_ENDINGS, *PAT_ENDINGS, *CODE_ENDINGS, "key", "auth", "signing", "sealing", "bearer",
             "private", "license", "sig", "dsn", "value", "contraseña", "senha", "kennwort", "schlüssel", "clave",
             "chave", "clé", "密码", "密钥", "秘钥", "令牌", "口令", "パスワード", "トークン", "シークレット", "鍵", "キー",
             "비밀번호", "토큰", "пароль", "токен", "ключ", *_KEY_WORDS_ELSEWHERE, *_PASSWORD_WORDS_ELSEWHERE,
             *_SECRET_WORDS_ELSEWHERE)
_CUES = lazy(f"(?P<harmless>{_HARMLESS})|(?P<named>{_NAMED})")
_STRONG = lazy(r"secret|token|passw|passphrase|passcode|pwd|credential|security[_\-]?code|api[_\- ]?key|access[_\- ]?key|mot de passe|contraseña|senha|passwort|"
               r"kennwort|密码|令牌|口令|パスワード|トークン|シークレット|비밀번호|토큰|пароль|токен|" + "|".join(_PASSWORD_WORDS_ELSEWHERE))
_CSV_NAMED = lazy(f"(?:{_NAMED}|value)")
CUE_WINDOW = 120  # characters before a run that can name it (the same line only)
# What may open a line before a value alone on it: a diff's side, a prompt, a console's result (`< `), a list's bullet.
_LINE_MARKS = " \t+-$<>#*"
# A value element opened alone on its line: bare (`<value>`), or called the value by its name
# attribute (JMeter's `<stringProp name="Argument.value">` under its `Argument.name`).
_OPEN_TAG = lazy(r"[ \t]*<[A-Za-z][\w:\-]*(?:[ \t]+name=\"(?:[\w.:\-]*[.:_\-])?value\")?>")
_VALUE_KEY = lazy(r"[\"']?value[\"']?\s*[:=]\s*[\"']?$")
# A hashed known_hosts entry (`|1|salt|hash ssh-ed25519 ...`): both parts are digests of a host name.
_HASHED_HOST = lazy(r"(?:^|\n)\|1\|(?:[A-Za-z0-9+/]{27}=\|)?$")


def harmless(value: str) -> bool:
    """A run of a shape that is random by design and grants nothing."""
    if value.startswith(_SSH_BODY + _IMAGE_BODY + _FILE_BODY + _KEY_TYPES) or _DIGEST.match(value):
        return True
    if value.startswith("nonce-"):
        return True  # a Content-Security-Policy's 'nonce-...' source, sent to every client beside its 'sha256-...' ones
    if _UUID.fullmatch(value) or _FINGERPRINT.fullmatch(value) or _OBJECT_IDS.fullmatch(value) or _ADDRESS.fullmatch(value):
        return True
    if public_address(value) or public_der(value) or ssh_public_blob(value):
        return True  # a wallet address; a certificate or public key in DER or SSH's wire format, without armour
    if extended_public_key(value) or nix_sha256(value) or _ssdeep(value) or mangled_symbol(value) or nix_public_key(value):
        return True  # a watch-only wallet's key; a Nix store hash; a fuzzy hash; a function's mangled name; a Nix cache's public key
    if libp2p_peer_id(value.rpartition("/")[2]):
        return True  # a peer's id, alone or ending a multiaddr (`/dns4/<host>/tcp/4001/p2p/<id>`): its public key
    if value.startswith(_PUBLIC_PEM_BASE64) or (value.startswith("did:") and _DID.match(value)) or chess_board(value):
        return True  # a decentralized identifier names a subject (`did:key:` spells its public key); a chess position
    if ":" in value and namespaced_id(value):
        return True
    if ("=" in value or ":" in value) and labelled_digest(value):
        return True
    if legal_entity_identifier(value):
        return True  # a company's key in the public LEI register, its check digits right
    if vat_number(value) or (":" in value and labelled_vat(value)):
        return True  # a company's VAT number, public on its invoices, its check digit right (`vat_no:DE136695976`)
    prefix = bech32_prefix(value)  # `bc1...`, `npub1...`, `age1...`: addresses and public keys
    return (prefix is not None and prefix not in SECRET_BECH32_PREFIXES) or decodes_to_text(value)


# A decentralized identifier (W3C DID): `did:<method>:<id>`, an identifier made to be shared.
_DID = lazy(r"did:[a-z0-9]+:")
_CHESS_SQUARES = {**{c: 1 for c in "prnbqkPRNBQK"}, **{str(n): n for n in range(1, 9)}}


# A key in a store's namespace (`draft:<id>`, `user:<id>`) or a URI of a type and an id
# (`<app>:track:<id>`): lower-case words and colons, then an id no longer than generated ids are
# (nanoid 21, base62 ids 22, Firestore 20). A key's length is past it.
_NAMESPACED_ID = lazy(r"([a-z]{2,12}(?::[a-z]{2,12})?):[A-Za-z0-9_\-]{6,24}")


def namespaced_id(value: str) -> bool:
    found = _NAMESPACED_ID.fullmatch(value)
    return found is not None and _last_cue(found.group(1).replace(":", " "))[0] is None  # `pass:<value>` names a credential


# A VAT number under a label of words (systemd's `SetCredential=<name>:<value>`, a `label:value` pair).
_LABELLED_VAT = lazy(r"([A-Za-z][\w.\-]*):([A-Z]{2}\d{8,12})")


def labelled_vat(value: str) -> bool:
    """`<label>:<VAT number>` under a label that names no credential (`vat_key:` would be a key's)."""
    found = _LABELLED_VAT.fullmatch(value)
    return found is not None and vat_number(found.group(2)) and _last_cue(found.group(1).lower())[0] != "named"


def labelled_digest(value: str) -> bool:
    """`<label>_<algorithm>:<hex>` with the algorithm's length of hex, under a label that names no
    credential (`hmac_key_sha256:` would be a key's)."""
    found = _LABELLED_DIGEST.fullmatch(value)
    return (found is not None and len(found.group(3)) == _DIGEST_HEX_CHARS[found.group(2).lower()]
            and _last_cue(found.group(1))[0] != "named")


def chess_board(value: str) -> bool:
    """The board of a FEN record: eight ranks between `/`, each of pieces and counts of empty
    squares that add up to eight squares. Random text almost never adds up so."""
    if value.count("/") != 7:
        return False
    ranks = value.split("/")
    return all(rank and all(c in _CHESS_SQUARES for c in rank) and sum(_CHESS_SQUARES[c] for c in rank) == 8
               for rank in ranks)


def _ssdeep(value: str) -> bool:
    found = _SSDEEP.fullmatch(value)
    if not found:
        return False
    size = int(found.group(1))
    return size >= 3 and size % 3 == 0 and (size // 3) & (size // 3 - 1) == 0


def placeholder(value: str) -> bool:
    """Documentation's stand-ins (`sk-...`, `YOUR_API_KEY`, `ghp_xxxxxxxx`, `<token>`, AWS's
    `AKIAIOSFODNN7EXAMPLE`, a JWT signed with jwt.io's example secret): no random key holds these,
    and a replay needs them as written."""
    return bool(_PLACEHOLDER.search(value)) or (value.startswith("eyJ") and example_jwt(value))


# A word, a count, or the suffix Kubernetes draws for a generated name (a pod's `7d9f6qqmt`): from an
# alphabet without vowels or the digits 0, 1 and 3, so that it spells no word.
_ID_WORD = lazy(r"[a-z]{3,}|\d{1,6}|[bcdfghjklmnpqrstvwxz2456789]{5,10}")
MIN_ID_WORD = 5  # a name's word this long (`consumer`), not a vendor's mark (`sk`, `lf`)


def named_uuid(value: str) -> bool:
    """A UUID joined to words (`consumer-shop-1-<uuid>`, a client's or a pod's id): what is not the
    UUID is lower-case words and counts, one of them a real word and none a credential's name. A
    vendor's mark before a UUID (`sk-lf-<uuid>`) is short letters, so it stays a key; where a
    credential's name stands before it, the caller does not ask."""
    found = _UUID.search(value)
    if not found:
        return False
    parts = [part for part in re.split(r"[\-_.]+", value[:found.start()] + "-" + value[found.end():]) if part]
    if not parts or not all(_ID_WORD.fullmatch(part) for part in parts):
        return False
    return any(len(part) >= MIN_ID_WORD and part.isalpha() for part in parts) and not any(
        _CUES.search(part) and _CUES.search(part).lastgroup == "named" for part in parts)


def is_uuid(value: str) -> bool:
    return len(value) == 36 and bool(_UUID.fullmatch(value))


def reference(value: str) -> bool:
    """`$API_KEY`, `${{ secrets.X }}`, an ARN, a store's reference (URL-encoded in a query string
    too, or as a URL's password, read up to the `@` that ends it where the host follows in one run):
    where a secret is kept, not the secret."""
    if value.startswith(_REFERENCE) or store_reference(value):
        return True
    password, at, host = value.partition("@")
    return bool(at and host) and store_reference(password)


# An SPDX licence identifier (`BSD-3-Clause`, `Apache-2.0`, `GPL-3.0-or-later`, `CC-BY-SA-4.0`): a word
# first, then words and a licence's short version joined by `-`, as SPDX's list spells them.
_SPDX_PART = r"(?:[A-Za-z]+|\d{1,2}(?:\.\d{1,2})?)"
_LICENCE_ID = lazy(rf"[A-Za-z]+(?:-{_SPDX_PART})*-\d{{1,2}}(?:\.\d{{1,2}})?(?:-{_SPDX_PART})*\+?")


def licence_identifier(text: str, start: int, value: str) -> bool:
    """`value` is a licence's SPDX identifier under the name "license" (`pip show`'s `License:`,
    package.json's `"license"`): which licence, not a licence's key, which a name with "key" says."""
    return bool(_LICENCE_ID.fullmatch(value)) and cue_word_before(text, start) == ("named", "license")


def decodes_to_text(value: str, spaced: bool = True) -> bool:
    """Base64 of readable text (a JSON fixture, a cursor, a JWT header): data, not a key. Text
    that itself holds a random part (Elastic's `id:key`) is still a key, so it must read as words
    (with a space between, unless `spaced` is False: `04:User583231`, a GitHub node id)."""
    if not _B64.fullmatch(value) or len(value.rstrip("=")) % 4 == 1:
        return False
    padded = value.replace("-", "+").replace("_", "/") + "=" * (-len(value) % 4)
    try:
        decoded = base64.b64decode(padded, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return False
    lines = decoded.strip("\r\n").replace("\r\n", "\n").split("\n")
    if len(decoded) < 8 or not all(line.isprintable() for line in lines):
        return False
    if any(word in decoded.lower() for word in _INSIDE_A_SECRET):  # a key file, base64-encoded
        return False
    if (decoded.lstrip()[:1] in "{[" and '"' in decoded) or len(lines) > 1:
        # Grafana's keys are base64 of `{"k": <key>, "n": <name>, "id": 1}`. Several lines of
        # printable text (a CSV fixture) are a file's text: random bytes almost never decode so.
        return not _holds_a_key(decoded)
    return (" " in decoded or not spaced) and len(_WORDS.findall(decoded)) / max(1, sum(c.isalnum() for c in decoded)) < 0.3


_ALNUM_RUN = lazy(r"[A-Za-z0-9]{16,}")
MIN_KEY_SWITCHES = 0.35  # runs of one class per character: a random key's, not an identifier's


def _holds_a_key(decoded: str) -> bool:
    """A run of 16 or more letters and digits in decoded text that mixes upper case, lower case and
    digits, switching class every few characters as a random key does (ids in JSON are hex or words)."""
    for chunk in _ALNUM_RUN.findall(decoded):
        if (not chunk.isdigit() and not chunk.islower() and not chunk.isupper() and any(c.isdigit() for c in chunk)
                and len(_WORDS.findall(chunk)) / len(chunk) >= MIN_KEY_SWITCHES):
            return True
    return False


def cue_before(text: str, start: int) -> str | None:
    """"named" when the words before `start` name a credential, "harmless" when they name a
    digest, a public key, an id or a cursor, else None. Looks at the same line, then at a CSV
    header's column, then (for a run alone on its line) at the line above; and a run inside a
    public PEM block is harmless."""
    return cue_word_before(text, start)[0]


def strongly_named(text: str, start: int, auth: bool = False) -> bool:
    """The words before `start` say secret, token, password or API key, not merely "key" (an
    idempotency key, a cache key) or "auth": only such a name makes a UUID a credential. With
    `auth`, a name that ends at "auth" (`x-ipinfo-auth`, `--auth`) counts too."""
    kind, word = cue_word_before(text, start)
    if auth and kind == "named" and word == "auth":
        return True
    # A name that ends in `id` (`UserSecretsId`, `token_id`) names the id of a secret or a store.
    return kind == "named" and bool(_STRONG.search(word)) and not word.endswith("id")


# Between a credential's name and its value: the rest of the name, quotes, an assignment or a
# linking word. Other words there (`fix token refresh (linear <uuid>)`) make it a value of its own.
# A pair's `, "value": ` (`{"key": "vendor_api_key", "value": ...}`, `{"Name": ..., "Value": ...}`) hands
# the value to the name as `=` does; so does a browser console's `<` opening the line under what was
# typed (`> localStorage.getItem('shopAccessKey')`, then `< "<value>"`): the value read under the name.
_ASSIGNMENT = lazy(r"[\w\-.]*[\"'\\\])>]*\s*(?:(?:,\s*[\"']?)?(?i:value)[\"']?\s*)?(?:[:=]{1,2}|->|=>|is|was|,|(?<=\n)<[·\-]?)?\s*"
                   r"[\"'\\\[(<]*(?:string>)?")
_SUBSCRIPT = lazy(r"[\w\-.]*\[")


def assigned(text: str, start: int) -> bool:
    """The last strong credential name before `start` is the value's own: nothing but an assignment
    between them. A UUID is an id unless a name hands it over this way."""
    before = text[max(0, start - CUE_WINDOW):start]
    last = None
    for last in _STRONG.finditer(before.lower()):
        pass
    if last is None or _SUBSCRIPT.fullmatch(before, last.end()):
        return False  # `rotate_tokens[<uuid>]`: a subscript looks a token up by its id, it hands none over
    return bool(_ASSIGNMENT.fullmatch(before, last.end()))


# A sentence that hands a credential over (`here is the key you asked for: <uuid>`, `usa a minha
# chave por enquanto: <hex>`): a determiner or possessive right before the noun makes it the thing
# given (an `idempotency key` is a kind of key, not one), and a colon ending the clause, or the verb
# "is" right before the value (`cheia nouă este <uuid>`), hands the value after it. Languages that
# write the article or the possessive as the noun's ending (Romanian `cheia`, Hungarian `kulcsát`,
# Norwegian `nøkkelen`, Turkish `anahtarı`, `şifrem`) need no word before it. The clause is short and holds no other value or
# sentence break.
_CLAUSE = r"[^\n.;:=()\[\]{}\"'`<>]"
_HANDED_OVER = lazy(r"(?i)(?<![\w\-])(?:(?:the|my|your|our|this|a|mine|minha|meu|mia|mio|la|il|ma|mon|mi|tu|su|meine?n?|den|die|der)"
                    r"[ \t]+(?:key|token|password|secret|chave|chiave|clave|cl[ée]|schl[üu]ssel|passwort|senha|contrase[ñn]a)|"
                    r"cheia|cheile|parola|kulcs(?:a|át|om|omat|od|odat|unk)|jelszav(?:a|am|ad|át|amat)|nøkkelen|nøglen|nyckeln|"
                    r"passordet|lösenordet|adgangskoden|salasanani|avaimeni|"
                    r"anahtar(?:[ıi](?:m[ıi]?|m[ıi]z|n[ıi]z)?|[ıi]n)|[şs]ifre(?:si|yi|mi?|niz|n)|parola(?:s[ıi]|y[ıi]|m[ıi]?|n))"
                    rf"(?:[ \t]+{_CLAUSE}{{2,40}}:|(?:[ \t]+{_CLAUSE}{{1,40}})?[ \t]+(?:is|este|ist|est|es|è|é|er|är|jest|on))[ \t]*$")
HANDED_CHARS = 80  # how far before a value the handing clause is looked for


def handed_over(text: str, start: int) -> bool:
    """The value at `start` follows a clause that hands a credential over, on the same line."""
    return _HANDED_OVER.search(text, max(0, start - HANDED_CHARS, text.rfind("\n", 0, start) + 1), start) is not None


# A block whose label names a credential (HCL's `variable "db_password" {`) and, inside it, the
# value it is given by default: the label is the value's name, lines away from it.
_BLOCK_DEFAULT = lazy(r'"([^"\n{}]+)"[ \t]*\{[^{}]*\b(?:default|value|contents?|data)[ \t]*=[ \t]*"?$')
BLOCK_CHARS = 400  # how far a block's label reaches into the block


def block_default(text: str, start: int) -> bool:
    """The value at `start` is a block's default and the block's label names a credential: a strong
    name, or one ending in `key` that the words call a credential's (`variable "vendor_crc_key"`),
    as `key_assigned` reads a name the value is assigned to."""
    found = _BLOCK_DEFAULT.search(text, max(0, start - BLOCK_CHARS), start)
    label = found.group(1).lower() if found else ""
    if label.endswith("id"):
        return False
    return bool(_STRONG.search(label)) or (bool(_KEY_LABEL.fullmatch(label)) and name_kind(label) == "named")


_KEY_LABEL = lazy(r"[a-z][a-z0-9]*(?:[_\-.][a-z0-9]+)*[_\-.]key")


# A name that ends in `key` and `=` after it (`vendorKey=`, `vendor_crc_key = "`, `key=` in a log line):
# an assignment in code, a config or a log, not a header's or a prose's `key:`. The literal may be
# bytes or raw (`b'`, `rb"`) and the last operand of a `+` the name is given (`self.key = prefix + b'`):
# what is joined ends in it.
_KEY_ASSIGNED = lazy(r"(?<![A-Za-z0-9_\-.])(?:[A-Za-z][A-Za-z0-9]*(?:[_\-.][A-Za-z0-9]+)*(?:[_\-.](?:key|Key|KEY)|(?<=[a-z0-9])Key)|key|Key|KEY)"
                     r"[\"'\\]*[ \t]*=[ \t]*(?:[^\s=;#][^\n=;#]*?[ \t]\+[ \t]*)?(?:[bBrRuU]{1,2}(?=[\"']))?[\"'\\]*$")


def key_assigned(text: str, start: int, qualified: bool = False) -> bool:
    """The value at `start` is assigned with `=` to a name ending in `key` that the words before call
    a credential's (no site key, no public key): a UUID so assigned is a key, as vendors that issue
    UUIDs for keys hand them over. With `qualified`, a bare `key=` (a log's lookup key) does not count."""
    found = _KEY_ASSIGNED.search(text, max(0, start - CUE_WINDOW), start)
    if found is None or (qualified and _BARE_KEY.match(found.group(0))):
        return False
    return cue_before(text, start) == "named"


_BARE_KEY = lazy(r"key[^A-Za-z0-9_\-.]", re.I)


# A name that ends in a key's, a password's or a pre-shared key's word (`EMPIK_MARKETPLACE_KEY:`,
# `remotepass =`, `psk="`, a CLI's `signature-key   ` column) and the value right after it: what the
# name calls the value decides, not its shape, so a UUID so given is a credential. A column needs
# the name to open its line, as a `config list` prints it.
_PASS_NAME = r"(?:[A-Za-z][A-Za-z0-9]*(?:[_\-.][A-Za-z0-9]+)*?(?:[_\-.]?(?:pass|PASS|Pass)(?:wd|WD)?|[_\-.]?(?:psk|PSK))|psk|PSK)"
_KEY_NAME = r"[A-Za-z][A-Za-z0-9]*(?:[_\-.][A-Za-z0-9]+)*(?:[_\-.](?:key|Key|KEY)|(?<=[a-z0-9])Key)"
_NAME_GIVES = lazy(rf"(?<![A-Za-z0-9_\-.])({_PASS_NAME}|{_KEY_NAME})[\"']?(?:[ \t]*[:=][ \t]*|(?<=[A-Za-z])[ \t]{{2,}})[\"']?$")
# A directive of a server's config: a name ending in `pass` opening its line, one space and its value
# (redis.conf's `requirepass <password>`, `masterauth`'s twin `masterpass`): the name calls it a password.
_PASS_DIRECTIVE = lazy(r"[ \t]*([A-Za-z][A-Za-z0-9_\-.]*(?:pass|PASS|Pass)(?:wd|WD)?)[ \t]+")  # no `psk`: `WPA-PSK` is a mode


def pass_directive(text: str, start: int) -> bool:
    """The value at `start` is the argument of a password's directive opening its line."""
    line_start = text.rfind("\n", 0, start) + 1
    found = _PASS_DIRECTIVE.fullmatch(text, line_start, start)
    return found is not None and pass_names_password(found.group(1))


# Words that end in `pass` and name no password (a bypass, a band-pass filter, a KeePass database).
_NOT_PASS = lazy(r"(?i)(?:by|com|sur|tres|over|under|multi|first|second|one|two|high|low|band|all|kee)pass(?:wd)?$")


def pass_names_password(name: str) -> bool:
    """A name ending in `pass` (`remotepass`, `smtp_pass`) that calls its value a password."""
    return not _NOT_PASS.search(name)


def name_gives(text: str, start: int) -> bool:
    """The value at `start` comes right after a name that calls it a key, a password or a
    pre-shared key (no id, no public or site key, no cache or lookup key)."""
    line_start = text.rfind("\n", 0, start) + 1
    found = _NAME_GIVES.search(text, max(line_start, start - CUE_WINDOW), start)
    if found is None:
        return False
    name = found.group(1)
    if not re.search(r"[:=]", text[found.end(1):start]) and text[line_start:found.start()].strip(" \t-*"):
        return False  # a column: the name opens its line
    if name.lower().endswith(("key",)):
        return name_kind(name.replace("-", "_").replace(".", "_")) == "named" and name.lower() != "key"
    return pass_names_password(name)


# A comment that cites a standard's test vector (`# RFC 8032, section 7.1, TEST 1`, `// test vectors
# from ...`): the values under it are published in the standard for anyone to check against.
# Citing a standard alone is not enough (`# TOTP per RFC 6238` above a user's own seed): the comment
# says the value is the standard's test or example.
_CITES_VECTOR = lazy(r"(?i)^[ \t]*(?:#|//|--|/\*|;|\*)[^\n]*(?:\bRFC[ \-]?\d{3,5}\b[^\n]*\b(?:test|example|vector)s?\b|"
                     r"\btest[ \-]vectors?\b|known[ \-]answer tests?)")
VECTOR_LINES_UP = 3  # how far above a value the citing comment is looked for


def cites_test_vector(text: str, start: int) -> bool:
    """A comment at most VECTOR_LINES_UP lines above `start` cites a published test vector."""
    line_start = text.rfind("\n", 0, start) + 1
    return any(_CITES_VECTOR.match(text, above, end) for above, end in lines_above(text, line_start, VECTOR_LINES_UP))


# After a harmless name, its own value and then a member named `value` (`id": "reports", "value": "`):
# the name was given that value, the run after `value` is not the one it calls an id or a digest.
# A member of its own name (a JWK's `"kid": ..., "n":`) is left to the name before it.
_OWN_MEMBER_BETWEEN = lazy(r"[\w\-]*[\"']?[ \t]*[:=][ \t]*(?:\"[^\"\n]*\"|'[^'\n]*'|[\w.\-]+)[ \t]*,[ \t]*"
                           r"[\"']?value[\"']?[ \t]*[:=][ \t]*[\"']?$")


def cue_word_before(text: str, start: int) -> tuple[str | None, str]:
    """`cue_before`'s answer, with the cue word that decided it ("" where none did)."""
    if inside_public_armour(text, start) or ("|1|" in text[max(0, start - 32):start]
                                             and _HASHED_HOST.search(text, max(0, start - 64), start)):
        return "harmless", ""
    jwk, source_map, cookies, sealed, store_paths = _objects_in(text)
    if (jwk and inside_public_jwk(text, start)) or (source_map and inside_source_map(text, start)):
        return "harmless", ""
    if sealed and ciphertext.encrypted(text, start):
        return "harmless", ""
    if cookies and inside_cookie_value(text, start):
        return "named", "cookie"
    # A line ends at a newline, or at an escaped one in JSON inside a string.
    escaped = text.rfind("\\n", 0, start)
    line_start = max(text.rfind("\n", 0, start) + 1, escaped + 2 if escaped >= 0 else 0)
    if store_paths and nix_signature(text, line_start, start):
        return "harmless", ""
    if start == line_start and signify_public_key(text, line_start):
        return "harmless", ""
    if text.find(" IN ", line_start, start) >= 0 and _RESOURCE_RECORD.match(text, line_start):
        return "harmless", ""  # a DNS record (`example.org. 3600 IN RRSIG ...`): published for anyone to read
    before = text[max(line_start, start - CUE_WINDOW):start].lower()
    if "key>" in before:  # a property list's entry on one line: its `<key>` element holds the name, is none
        before = before.replace("<key>", " ").replace("</key>", " ")
    last = _last_cue(before)
    named_at = before.rfind(last[1]) if last[0] == "harmless" and last[1] else -1
    if named_at >= 0 and _OWN_MEMBER_BETWEEN.match(before, named_at + len(last[1])):
        last = (None, "")  # `"id": "reports", "value": <run>`: the id was given its own value, this one is another's
    if last[0]:
        return last
    comment = _trailing_comment(text, start)
    if comment and _last_cue(comment)[0] == "harmless":
        return "harmless", ""  # no name before it, and the line's comment calls it an id, a hash, a uuid
    if _aside_calls_harmless(text, start):
        return "harmless", ""  # no name before it, and the aside right after it calls it an address, a wallet
    if (text[start - 1:start] in _HEADER_ENDS and text[line_start:line_start + 1] in _HEADER_STARTS
            and _header_data(text, line_start, start)):
        return "harmless", ""
    if line_start < 2:
        return None, ""
    above_start = text.rfind("\n", 0, line_start - 1) + 1
    above = text[above_start:line_start - 1]
    on_line = text[line_start:start]
    if "," in above and "," in on_line:
        return _csv_column(above, on_line.count(",")), ""
    if "\t" in on_line and ("\t" in above or "(" in above):
        names = table_header(above)
        row_end = text.find("\n", start)
        if names and len(names) == text[line_start:len(text) if row_end < 0 else row_end].count("\t") + 1:
            return _csv_column(",".join(names), on_line.count("\t")), ""  # a dump's row under its columns
    if "|" in on_line and "|" in above:
        column = _markdown_column(text, line_start, on_line.count("|"))
        if column is not None:
            return column, ""  # a markdown table's row under its header's column name
    if on_line[:1] in (" ", "\t") and _FOLDED_TAGS.match(on_line) and _folded_header(text, line_start) == "harmless":
        return "harmless", ""
    if on_line[-1:] == ">" and _OPEN_TAG.fullmatch(on_line):
        on_line = ""  # a value element alone (`<string>` under `<key>Name</key>`): the line above names it
        above = above.replace("<key>", " ").replace("</key>", " ")  # a dictionary's element, not a key's name
    if _VALUE_KEY.sub("", on_line, count=1).strip(_LINE_MARKS + "\"'") or _more_on_line(text, start):
        # A row of a table: only a command above that says its output is public names it
        # (`$ wallet list --public`); a row's own first column is no credential's name. A file's
        # heading naming a credential names its first row's columns (davfs2's `secrets`: a mount point,
        # a user, the password).
        command = _command_above(text, line_start)
        return command if command[0] == "harmless" else _heading_names_a_credential(above)
    # A run alone on its line, or after a bare `value:` (a Kubernetes env entry's name is on the
    # line above): the line above names it. There a harmless word wins (`wg pubkey < private.key`
    # prints a public key) unless a strong name comes after it (`minisign encrypted secret key`).
    found: tuple[str | None, str] = (None, "")
    for cue in _CUES.finditer(above[-CUE_WINDOW:].lower()):
        if found[0] != "harmless" or cue.lastgroup == "harmless" or _STRONG.search(cue.group(0)):
            found = (cue.lastgroup, cue.group(0))
    return found if found[0] else _command_above(text, above_start)


# A Nix cache signs each store path it serves and publishes the signature with it: `Sig:` in a
# .narinfo, after the path in `nix path-info --sigs`, under "signatures" in its JSON. The body is
# 64 bytes, as the cache's secret key is, but a secret key is never written beside a store path.
_NIX_SIGNATURE = lazy(r"[A-Za-z0-9.\-]+-\d+:[A-Za-z0-9+/]{86}==")
_NIX_LABEL_BEFORE = lazy(r"[A-Za-z0-9.\-]+-\d+:$")
_NIX_SIGNED_BEFORE = lazy(r"(?:/nix/store/\S+[ \t]+|Sig:[ \t]*|\"signatures\":[ \t]*\[(?:\"[^\"\n]*\",[ \t]*)*\")$")


def nix_signature(text: str, line_start: int, start: int) -> bool:
    """The value at `start` (its label included, or its body alone) is a Nix cache's signature,
    where a store path's signatures are published."""
    label = _NIX_LABEL_BEFORE.search(text, line_start, start)
    head = label.start() if label else start
    return bool(_NIX_SIGNATURE.match(text, head) and _NIX_SIGNED_BEFORE.search(text, line_start, head))


# A signify or minisign public key file: an `untrusted comment:` line, in whatever language its
# words are, then the key alone on the next line: "RW" and 54 more base64 characters, 42 bytes (the
# algorithm "Ed", a key number and an Ed25519 public key), as both tools' documentation lays them
# out. A secret key's file has the same first line and a far longer key, so the length tells them apart.
_SIGNIFY_PUBLIC = lazy(r"RW[A-Za-z0-9+/]{54}(?![A-Za-z0-9+/=])")


def signify_public_key(text: str, line_start: int) -> bool:
    """The line at `line_start` is a signify or minisign public key under its `untrusted comment:`."""
    if line_start < 2 or not _SIGNIFY_PUBLIC.match(text, line_start):
        return False
    above_start = text.rfind("\n", 0, line_start - 1) + 1
    return text.startswith("untrusted comment:", above_start)


# A comment ending a line of code, set off by two spaces as style guides write it (`  # `, `  // `).
_COMMENT_OPENERS = ("  # ", "  // ")


def _trailing_comment(text: str, start: int) -> str:
    """The comment ending the line of `start`, lower-cased ("" where none): it says what the value is."""
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    for opener in _COMMENT_OPENERS:
        at = text.find(opener, start, end)
        if at >= 0:
            return text[at + len(opener):end].lower()
    return ""


# An aside that opens right after a value in prose (`X (view-only wallet, published)`, `X — that's
# the faucet wallet`): up to its close or the line's end, it says what the value is.
_ASIDE = lazy(r"[A-Za-z0-9+/=_\-]*[ \t]*(?:\(|—|–|[ \t]-[ \t])([^()\n]{1,80})")


def _aside_calls_harmless(text: str, start: int) -> bool:
    """The aside after the value at `start` names only harmless things (an address, a wallet, a
    public key), and no credential: a value with no name before it is then what the aside says."""
    aside = _ASIDE.match(text, start)
    if aside is None:
        return False
    kinds = {cue.lastgroup for cue in _CUES.finditer(aside.group(1).lower())}
    return kinds == {"harmless"}


_CAMEL_ID = lazy(r"[a-z]I[dD]s?(?![A-Za-z])")  # `VersionId`, `objectIDs`: a name in camel case for ids
COMMAND_LINES_UP = 3  # how far above a run alone on its line the command that printed it is looked for
PROMPTS = ("$ ", "> ", "PS ")  # a shell's prompt opens a command's line


# A resource record as DNS tools print it: owner, time to live, class, type, then the data.
_RESOURCE_RECORD = lazy(r"[\w.*\-]*\.?[ \t]+\d+[ \t]+IN[ \t]+[A-Z][A-Z0-9]*[ \t]")
# A DNS lookup prints what the domain publishes (keys, signatures, ECH configurations), secret to nobody.
_DNS_LOOKUP = lazy(r"(?:dig|kdig|drill|delv|host|nslookup|resolvectl query|doggo)(?= )")


# A comment that opens with a file's path (`# /etc/ldap.secret (root bind password)`): the heading of
# the file's content shown below it, as a command's line heads its output.
FILE_HEADING = lazy(r"[ \t]*#[ \t]*(?:~|\.{1,2})?/[\w.\-/]+")


def _heading_names_a_credential(line: str) -> tuple[str | None, str]:
    """The line heads a file whose own name names a credential (`# ~/.davfs2/secrets`,
    `# /etc/pam_radius_auth.conf`): ("named", the word), else (None, "")."""
    heading = FILE_HEADING.match(line)
    if heading is None:
        return None, ""
    found = _last_cue(heading.group(0).rpartition("/")[2].lower())
    return found if found[0] == "named" else (None, "")


def _command_above(text: str, line_start: int) -> tuple[str | None, str]:
    """A run alone on its line in a command's output (`$ vastai auth print`, a line or two of other
    output between): the command's words name what it printed, as a name before it would."""
    for above_start, end in lines_above(text, line_start, COMMAND_LINES_UP):
        line = text[above_start:end]
        if line.startswith(PROMPTS):  # a prompt opens its line, as the redactor's regions expect
            if _DNS_LOOKUP.match(line, 2):
                return "harmless", ""
            kind, word = _last_cue(line[:CUE_WINDOW].lower())
            if kind is None and _CAMEL_ID.search(line, 0, CUE_WINDOW):
                return "harmless", "id"  # the command selects ids (`--query 'Versions[].VersionId'`)
            # `key` alone in a command names a lookup's or a cache's key (`git annex lookupkey`).
            return (kind, word) if word not in ("key", "keys") else (None, "")
    return None, ""


# The last text asked about, and whether it names a JWK's key type, a source map's mappings, a
# cookie jar, ciphertext, a Nix store path: the shape pass asks about many runs of one text, and a search of the
# whole text each time would cost what the text is long, once per run.
_LAST_TEXT: tuple = (None, False, False, False, False, False)


def _objects_in(text: str) -> tuple[bool, bool, bool, bool, bool]:
    global _LAST_TEXT
    last = _LAST_TEXT
    if last[0] is not text:
        last = _LAST_TEXT = (text, '"kty"' in text, '"mappings"' in text, '"cookies"' in text,
                             ciphertext.may_hold(text), "/nix/store/" in text)
    return last[1:]


def in_cookie_jar(text: str, position: int) -> bool:
    """`inside_cookie_value`, asked only of a text that holds a cookie jar at all."""
    return _objects_in(text)[2] and inside_cookie_value(text, position)


def inside_cookie_value(text: str, position: int) -> bool:
    """Inside the `"value"` string of an object in a `"cookies"` list (a browser's cookie jar, a
    HAR entry's cookies): a cookie's value is a session's credential, whatever the cookie's name."""
    key = text.rfind('"value"', 0, position)
    if key < 0:
        return False
    opening = text.find('"', key + len('"value"'))
    if opening < 0 or opening >= position or text.find('"', opening + 1, position) >= 0:
        return False  # not inside the value's string
    jar = text.rfind('"cookies"', 0, key)
    return jar >= 0 and text.find("]", jar, key) < 0


def _more_on_line(text: str, start: int) -> bool:
    """Other columns after the run at `start` (a table's row: `default-token-x2k9p   Opaque   3`):
    the line above is then the row before, not a name."""
    stop = text.find("\n", start)
    rest = text[start:len(text) if stop < 0 else stop].split(None, 1)
    return len(rest) > 1 and not rest[1].startswith(("#", "//")) and bool(rest[1].strip(" \t\"',;"))  # a comment is no column


# A JSON Web Key's members that hold private material (RFC 7518): an RSA key's `d`, `p`, `q`,
# `dp`, `dq`, `qi`, an EC or OKP key's `d`, a symmetric key's `k`. A key without them is public.
_JWK_PRIVATE = lazy(r'"(?:d|p|q|dp|dq|qi|k)"\s*:')


def inside_public_jwk(text: str, position: int) -> bool:
    """Inside a JSON object that names its key type (`"kty"`) and holds no private member: its
    `n`, `e`, `x`, `y` are a public key."""
    begin = text.rfind("{", 0, position)
    end = text.find("}", position)
    if begin < 0 or end < 0:
        return False
    body = text[begin:end]
    return '"kty"' in body and not _JWK_PRIVATE.search(body)


def inside_source_map(text: str, position: int) -> bool:
    """Inside the `mappings` string of a source map (a JSON object with `sources`): base64 VLQ
    offsets into the sources, public as the code they map."""
    key = text.rfind('"mappings"', 0, position)
    if key < 0:
        return False
    opening = text.find('"', key + len('"mappings"'))
    if opening < 0 or opening >= position or text.find('"', opening + 1, position) >= 0:
        return False  # the run is not inside the mappings' string
    return '"sources"' in text[text.rfind("{", 0, key):position]


def name_kind(name: str) -> str | None:
    """What a whole name says of its value: "named", "harmless" or None (it names neither)."""
    return _last_cue(name.lower())[0]


def harmless_name(name: str) -> bool:
    """A whole name (`publicKeyToken`, `nextPageToken`) that reads as harmless: its last cue is."""
    return _last_cue(name.lower())[0] == "harmless"


# Names read apart from `_CUES` (each alternative there costs every position of every window). A
# site key is published in the page's HTML (the secret key is the server's): harmless. A bare `keys`
# names a store's lookup keys (a qualified one, `api keys`, stays a name), and a verb before
# `secret` makes it a resource's type (`created secret <name>`): neither names a value, but neither
# says public, so a random key after them is still one. Each is tested only at a name's end.
_SITE_KEY = lazy(r"(?:data-)?site[_\-]?key$")
# Keys that look things up, not credentials: a cache's, an idempotent request's, a table's. A
# surrogate key tags cached responses for purging (Fastly's `Surrogate-Key`, Varnish's `xkey`) or
# stands for a table's row.
_KIND_OF_KEY = lazy(r"(?:cache|idempotency|partition|sort|primary|foreign|routing|lookup|dedup\w*|surrogate)[\s._\-]{0,3}key$"
                    r"|(?<![a-z])xkey$")
_RESOURCE_VERB = lazy(r"(?<![a-z])(?:create|created|delete|deleted|update|updated|patched|describe|get)[ \t]+secrets?$")
NAME_CONTEXT = 20  # how far before a name these read
# A file of media or an archive named before its bytes (`logo.ico: <base64>`): found by its dot.
_MEDIA_FILE = lazy(r"(?<=[a-z0-9_\-])\.(?:ico|png|jpe?g|gif|webp|bmp|svg|woff2?|ttf|otf|eot|wasm|pdf|mp3|mp4|wav|ogg|zip|gz|tgz)"
                   r"(?![a-z0-9])")


def _last_cue(words: str) -> tuple[str | None, str]:
    last, at = None, 0
    for found in _CUES.finditer(words):
        last = found
    if last is not None:
        at = last.end()
        if last.lastgroup == "named":
            reading = _name_in_context(words, last)
            if reading != "named":
                return reading, last.group(0) if reading else ""
    if "." in words[at:] and _MEDIA_FILE.search(words, at):
        return "harmless", "file"
    return (last.lastgroup, last.group(0)) if last is not None else (None, "")


def _name_in_context(words: str, found: re.Match) -> str | None:
    """"named", or what the words just before a credential's name make of it: "harmless" (a site
    key) or None (a store's keys, a secret resource's name)."""
    name = found.group(0)
    if name == "keys":
        before = words[max(0, found.start() - 2):found.start()]
        qualified = before[-1:] in ("_", "-", " ") and before[:1].isalpha()
        return "named" if qualified or before[-1:].isalpha() else None
    if name not in ("key", "secret", "secrets"):
        return "named"
    window = words[max(0, found.start() - NAME_CONTEXT):found.end()]
    if name == "key":
        if _KIND_OF_KEY.search(window):
            return None  # a cache's or a table's key: what it looks up, not what it unlocks
        return "harmless" if _SITE_KEY.search(window) else "named"
    return None if _RESOURCE_VERB.search(window) else "named"


# A folded mail header's line of tags (`\tb=...`, ` dkim=pass header.b=...`): white space, then a tag.
_FOLDED_TAGS = lazy(r"[ \t]+[a-z][a-z0-9]{0,15}=")
FOLDED_LINES_UP = 8  # how far up a folded header's first line is looked for


# A message's header line (`Thread-Index: ...`, `X-Google-Smtp-Source: ...`): a name of words joined
# by `-`, a colon, the value. A line of a header block is one, or a folded line that goes on with one.
_HEADER_OPENING = lazy(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+:[ \t]*")
_HEADER_LINE = lazy(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*:[ \t]")
_HEADER_STARTS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz \t")
_HEADER_ENDS = frozenset(": \t")  # a header's value follows its colon, or opens a folded line, after white space


_BASE64_MARKS = ("+", "/", "=")
MAX_HEADER_VALUE = 400


def _header_data(text: str, line_start: int, start: int) -> bool:
    """The run at `start` is the value of a header in a block of headers (a mail's, an HTTP
    message's), opening it or on a folded line under it, the header's name names no credential
    (the caller has read the line for one), and the value is base64 of bytes (padded, or holding
    `+` or `/`): a header named for what it carries (`Thread-Index`, `X-Google-Smtp-Source`)
    carries message data, as a credential's header says what it carries (`Authorization`,
    `X-Api-Key`). A vendor's key in a header of its own name (letters and digits) is still judged
    by its shape."""
    if text[line_start:start].strip(" \t"):
        if not _HEADER_OPENING.fullmatch(text, line_start, start):
            return False
        header_start = line_start
    else:
        header_start = _folded_from(text, line_start)
        if header_start is None:
            return False
        name = text[header_start:text.find(":", header_start)].lower()
        if _CUES.search(name):
            return False
    return _base64_value(text, header_start) and _header_beside(text, header_start)


def _base64_value(text: str, header_start: int) -> bool:
    """The header's value, its folded lines with it, holds base64's padding, `+` or `/`."""
    end = text.find("\n", header_start)
    while 0 <= end < header_start + MAX_HEADER_VALUE and text.startswith((" ", "\t"), end + 1):
        end = text.find("\n", end + 1)
    value = text[text.find(":", header_start) + 1:len(text) if end < 0 else end]
    return any(mark in value for mark in _BASE64_MARKS)


def _unfolded_above(text: str, line_start: int) -> int | None:
    """Where the first line above the folded line at `line_start` that is not folded opens (RFC
    5322: a continuation line opens with white space), at most FOLDED_LINES_UP lines up, or None."""
    for above_start, _ in lines_above(text, line_start, FOLDED_LINES_UP):
        if text[above_start:above_start + 1] not in (" ", "\t"):
            return above_start
    return None


def _folded_from(text: str, line_start: int) -> int | None:
    """Where the header that the folded line at `line_start` continues opens, or None."""
    opening = _unfolded_above(text, line_start)
    return opening if opening is not None and _HEADER_OPENING.match(text, opening) else None


def _header_beside(text: str, header_start: int) -> bool:
    """Another header line right above the header at `header_start`, or right below its value
    (past its folded lines): one header alone is a name and a value as any other."""
    if header_start >= 2 and _HEADER_LINE.match(text, text.rfind("\n", 0, header_start - 1) + 1):
        return True
    at = text.find("\n", header_start)
    while at >= 0 and text.startswith((" ", "\t"), at + 1):
        at = text.find("\n", at + 1)
    return at >= 0 and _HEADER_LINE.match(text, at + 1) is not None


def _folded_header(text: str, line_start: int) -> str | None:
    """What the name of the header a folded line continues says: "harmless" for a signature or a
    seal, checked by a public key."""
    opening = _unfolded_above(text, line_start)
    if opening is None:
        return None
    end = text.find("\n", opening)
    line = text[opening:len(text) if end < 0 else end]
    name = line.split(":", 1)[0].lower() if ":" in line else ""
    found = _CUES.match(name) if name and " " not in name.strip() else None
    return found.lastgroup if found and found.end() == len(name) else None


# A SQL dump names a table's columns in parentheses (`COPY t (provider, secret) FROM stdin;`,
# `INSERT INTO t (a, b) VALUES`); a TSV file in its first line. Rows below are separated by tabs.
_SQL_COLUMNS = lazy(r"[ \t]*(?i:copy|insert[ \t]+into)[ \t]+[\w.\"]+[ \t]*\(([\w \t,\"]+)\)")
_TSV_NAME = lazy(r"[\w .\-]+")


# A markdown table's rule under its header (`| --- | :---: |`).
_TABLE_RULE = lazy(r"[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*")
TABLE_ROWS_UP = 20  # how far up a row's table rule is looked for


def table_rule_after(text: str, line_end: int) -> bool:
    """The line after the one ending at `line_end` is a markdown table's rule: that line is its header."""
    if line_end >= len(text):
        return False
    after = text.find("\n", line_end + 1)
    return _TABLE_RULE.fullmatch(text, line_end + 1, len(text) if after < 0 else after) is not None


def _markdown_column(text: str, line_start: int, column: int) -> str | None:
    """What the header of a markdown table says of the `column`-th cell of the row at `line_start`:
    the rows above it up to the table's rule, then the header's cell."""
    for above_start, end in lines_above(text, line_start, TABLE_ROWS_UP):
        line = text[above_start:end]
        if "|" not in line:
            return None
        if _TABLE_RULE.fullmatch(line):
            header = text[text.rfind("\n", 0, above_start - 1) + 1:above_start - 1] if above_start >= 2 else ""
            cells = [cell.strip().replace(",", " ") for cell in header.split("|")]
            return _csv_column(",".join(cells), column) if column < len(cells) else None
    return None


def table_header(line: str) -> list[str] | None:
    """The column names `line` gives the tab-separated rows under it, or None where it names none."""
    found = _SQL_COLUMNS.match(line)
    if found:
        return [name.strip(" \t\"") for name in found.group(1).split(",")]
    names = line.split("\t")
    return names if len(names) >= 2 and all(_TSV_NAME.fullmatch(name) for name in names) else None


def _csv_column(header: str, column: int) -> str | None:
    names = header.lower().split(",")
    if column >= len(names):
        return None
    name = names[column].strip()
    last = None
    for found in _CUES.finditer(name):
        last = found.lastgroup
    if last:
        return last
    return "named" if _CSV_NAMED.fullmatch(name) else None


def inside_public_armour(text: str, position: int) -> bool:
    """Inside `-----BEGIN CERTIFICATE-----` ... (or a public key's, a CSR's, a signature's): armour
    whose label names no credential (`armour`)."""
    return armour.inside_public(text, position)
