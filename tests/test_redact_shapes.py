"""Secrets found by their shape (capture/token_shapes.py, capture/non_secrets.py): a credential of
no known vendor, in every context a transcript has, is redacted whole; strings that are random by
design but grant nothing keep every character; a redacted line keeps its label for replay."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from skillopt_sleep.capture.non_secrets import CUE_WORDS
from skillopt_sleep.capture.redact import Redactor, redact
from skillopt_sleep.capture.secret_patterns import RULES
from skillopt_sleep.capture.token_checks import CHECKSUM_CHARS, base62, crc32_checksummed, jwt_header
from skillopt_sleep.capture.token_shapes import bare_secret, named_secret
from tests.drawn import Drawn

_DRAWN = Drawn(50)
_RNG, _draw = _DRAWN.rng, _DRAWN.chars


# Made-up vendors: no rule of secret_patterns knows these prefixes.
TOKEN = "zq_live_" + _draw(40)
SHORT = "qv_pat_" + _draw(16)
B64KEY = base64.b64encode(bytes(_RNG.randrange(256) for _ in range(32))).decode()
HEX = _draw(64, "0123456789abcdef")
PASSWORD = "k~zQ+" + _draw(7) + "#4" + _draw(5)

CONTEXTS = {
    "tool output alone": f"$ cat ~/.config/acme/credentials\n{TOKEN}",
    "prose": f"I rotated it this morning; the new one is {TOKEN}. Can you update CI?",
    "prose, other language": f"给你：{TOKEN}（90 天后过期）",
    "cli flag": f"$ acme deploy --token {TOKEN} --region eu",
    "cli flag with =": f"$ acme login --api-key={SHORT}",
    "diff line": f"-  key: ${{{{ secrets.ACME }}}}\n+  key: {TOKEN}",
    "escaped json": json.dumps({"input": json.dumps({"content": json.dumps({"acme": TOKEN})})}),
    "bytes literal": f"client = Acme(b'{TOKEN}')",
    "csv value column": f"service,value,owner\nacme,{TOKEN},platform",
    "url query": f"GET /v2/items?access_token={TOKEN}&page=2 HTTP/1.1",
    "header": f"X-Acme: {TOKEN}",
    "yaml": f"acme:\n  credentials: {B64KEY}",
    "log": f"[worker-3] INFO  Using Acme key {TOKEN} for acme.example.com",
    "env": f"export ACME_SIGNING={HEX}",
    "ini": f"[acme]\npass = {PASSWORD}",
    "json password": json.dumps({"pass": PASSWORD}),
    "prose password": f"Troquei a password hoje, a nova é {PASSWORD}. Pode atualizar?",
    "csv named column": f"name,privateKey,created\nprod,0x{HEX},2026-02-11",
}


@pytest.mark.parametrize("context", sorted(CONTEXTS))
def test_a_credential_of_no_known_vendor_is_redacted_in_every_context(context):
    text = CONTEXTS[context]
    out = redact(text)
    for secret in (TOKEN, SHORT, B64KEY, HEX, PASSWORD):
        assert secret not in out, (context, out)
        if secret in text:
            # The whole secret goes: no piece of its random part longer than 8 characters is left.
            assert not any(secret[i:i + 9] in out for i in range(len(secret) - 8)), (context, out)


REPORTED = [  # (line, value)
    ("credential: aws_session_token = {}", "IQoJb3JpZ2luX2Vj" + _draw(180) + "=="),
    ("AWS_SECRET_ACCESS_KEY={}", _draw(40)),
    ('my_aws_key = "{}"', _draw(40)),
    ("$ aws configure set aws_secret_access_key {}", _draw(20) + "/" + _draw(19)),
]


@pytest.mark.parametrize("line, value", REPORTED)
def test_the_reported_aws_lines_lose_their_value(line, value):
    assert value not in redact(line.format(value))


@pytest.mark.parametrize("line, label", [
    ("credential: aws_session_token = IQoJb3JpZ2luX2Vj" + _draw(120), "credential: aws_session_token = "),
    (f"API_TOKEN={TOKEN}", "API_TOKEN="),
    (f"$ acme deploy --token {TOKEN}", "$ acme deploy --token "),
    (f'{{"pass": "{PASSWORD}"}}', '{"pass": "'),
])
def test_a_redacted_line_keeps_its_label_for_replay(line, label):
    out = redact(line)
    assert out.startswith(label) and "[REDACTED:" in out[len(label):]


ORDINARY = {
    "git object id": "$ git rev-parse HEAD\n" + _draw(40, "0123456789abcdef"),
    "git commit line": "commit " + _draw(40, "0123456789abcdef") + "\nAuthor: Dana <dana@acme.example>",
    "uuid": "RequestId: 3e07d2c3-5482-447c-b31d-82e9e8ae72ea Duration: 41.22 ms",
    "npm integrity": "  integrity sha512-" + base64.b64encode(bytes(range(64))).decode(),
    "go.sum": "github.com/acme/lib v1.8.1 h1:" + B64KEY,
    "png data uri": '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEU' + _draw(200) + '">',
    "docker digest": "FROM node:20@sha256:" + _draw(64, "0123456789abcdef"),
    "ssh public key": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _draw(43) + " dana@laptop",
    "wireguard peer": "[Peer]\nPublicKey = " + B64KEY + "\nAllowedIPs = 10.8.0.2/32",
    "certificate": "-----BEGIN CERTIFICATE-----\n" + "\n".join(_draw(64) for _ in range(4)) + "\n-----END CERTIFICATE-----",
    "certificate in escaped json": json.dumps({"ca": "-----BEGIN CERTIFICATE-----\n" + _draw(64) + "\n" + _draw(64)}),
    "tokenizer": "const tokenizer = encoding_for_model('gpt-4o');\nconst maxTokens = 4096;",
    "token_url": '{"token_url": "https://auth.acme.example/oauth/token", "token_type": "Bearer"}',
    "secret_name": "SECRET_NAME=prod/shop/db-credentials\nKMS_KEY_ALIAS=alias/shop-prod",
    "max_tokens": "max_tokens=700, temperature=0.2",
    "hex colours": ".btn { color: #bda378; background: #0fb; border-color: #55adf398; }",
    "semver": "Pin pydantic>=2.6,<3 and keep urllib3==2.2.1 until 2.2.2 ships.",
    "npm packages": "added 3 packages: secret-handshake@1.1.21, token-types@6.0.0, js-tokens@9.0.0",
    "stripe object ids": '{"id": "ch_3qHVv4d8SWCzOtjn9Na8B9Baq", "customer": "cus_JEA82ykfHbJCQB"}',
    "base64 json fixture": 'FIXTURE = base64.b64decode("' + base64.b64encode(b'{"name": "gadget", "qty": 3}').decode() + '")',
    "pagination cursor": '{"nextPageToken": "' + base64.b64encode(b'{"after": 1234, "k": "orders"}').decode() + '"}',
    "request id header": "x-amz-id-2: " + _draw(64),
    "pgp fingerprint": "gpg: using EDDSA key " + _draw(40, "0123456789ABCDEF"),
    "path with hash": "  dist/assets/index-l9FF6LND.js   143.21 kB",
    "ipfs cid": "added QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG file.txt",
    "github node ids": '{"node_id": "MDQ6VXNlcjU4MzIzMQ==", "id": "PR_kwDOAbCdEf5Oa1b2c3Xy"}',
    "jwk": '{"kty": "RSA", "n": "' + _draw(120) + '", "e": "AQAB"}',
}


@pytest.mark.parametrize("family", sorted(ORDINARY))
def test_known_non_secrets_keep_their_text(family):
    assert redact(ORDINARY[family]) == ORDINARY[family]


def test_shape_tests_can_fail():
    # A bare random token is a key; the same letters as a word, a path or an object id are not.
    assert bare_secret(TOKEN)
    assert not bare_secret("abcdefghijklmnopqrstuvwxyz0123")
    assert not bare_secret("ch_3qHVv4d8SWCzOtjn9Na8B9Baq")
    # After a credential's name a password may be short and plain; a name or a version may not.
    assert named_secret(PASSWORD)
    assert not named_secret("KeyStore.getInstance")
    assert not named_secret("keyring-25.2.1")


def test_shape_redactions_are_counted():
    redactor = Redactor()
    redactor.text(f"the new one is {TOKEN}")
    assert redactor.counts["token"] == 1


def _checksummed(body: str) -> str:
    return "xyz_" + body + base62(zlib.crc32(body.encode()), CHECKSUM_CHARS)


def test_a_token_whose_checksum_holds_is_redacted_however_plain():
    body = _draw(30, "abcdefghijklmnopqrstuvwxyz")  # one case: the shape test alone would pass it
    token = _checksummed(body)
    assert crc32_checksummed(token)
    assert not crc32_checksummed(token[:-1] + ("A" if token[-1] != "A" else "B"))
    assert token not in redact(f"look: {token}")


def test_a_jwt_is_known_by_its_header_whatever_its_claims():
    header = base64.urlsafe_b64encode(json.dumps({"alg": "HS256"}).encode()).decode().rstrip("=")
    token = f"{header}.abcdefghijkl.sig_part_123"
    assert jwt_header(token) and not jwt_header("abcdefghijkl.abcdefghijkl.abcdefghijkl")
    assert token not in redact(f"tok {token}")


def test_rules_read_only_near_names_are_triggered_by_names_the_redactor_locates():
    # A near_cues rule is scanned only on the lines of the names found in the trigger pass: a
    # trigger that is not one of those names would leave its matches unscanned.
    for rule in RULES:
        if rule.near_cues:
            assert rule.triggers and all(trigger in CUE_WORDS for trigger in rule.triggers), rule.kind


def test_a_name_anchored_rule_finds_its_value_on_the_next_line_and_far_into_a_long_text():
    filler = "\n".join(f"line {i} of ordinary tool output" for i in range(300))
    assert PASSWORD not in redact(f"{filler}\npassword:\n  {PASSWORD}\n{filler}")
    assert "[REDACTED:secret]" in redact(f"{filler}\nDB_PASSWORD=correct-horse-9\n{filler}")


def test_a_short_string_seen_again_is_counted_again():
    redactor = Redactor()
    line = f"API_TOKEN={TOKEN}"
    assert redactor.text(line) == redactor.text(line) != line
    assert sum(redactor.counts.values()) == 2


def test_a_lower_case_key_with_separators_is_found_alone_in_a_url_and_in_output():
    from skillopt_sleep.capture.redact import redact
    for text, key in (("https://api.example.com/v2/items?access=b_y5sl2n-h9z8_om8b5negihcq8ht-zmewc-2o3-eg-egy&page=2",
                       "b_y5sl2n-h9z8_om8b5negihcq8ht-zmewc-2o3-eg-egy"),
                      ("$ cat .secrets/current\nb_9tnp-i-7fxt3qt_o9k2zhq5deuv2ifp6paqv6m0a2z5w\n",
                       "b_9tnp-i-7fxt3qt_o9k2zhq5deuv2ifp6paqv6m0a2z5w")):
        assert key not in redact(text)


@pytest.mark.parametrize("text", [
    "/nix/store/0c7f1a5q9xw3b8k2m4n6p8r0s2t4v6y8-python3-3.12.4/bin/python",
    "release-notes-for-version-2024-11-30-and-the-migration-guide",
    "tokenizer = AutoTokenizer.from_pretrained(model_id)",
    "api_key_header_name = 'X-Api-Key'",
    "refresh_token_url: https://auth.example.com/oauth/token",
])
def test_slugs_store_paths_and_names_about_a_secret_keep_their_text(text):
    from skillopt_sleep.capture.redact import redact
    assert redact(text) == text


def test_a_lower_case_base36_key_with_a_long_run_of_letters_goes_and_base32_of_that_shape_stays():
    consonants = "bcdfghjklmnpqrstvwxz"

    def drawn(digits: str) -> str:
        alternating = "".join(_draw(2, consonants) + _draw(1, digits) for _ in range(10))
        return alternating + _draw(12, consonants) + "0" + _draw(3, consonants) + "1" + _draw(2, consonants) + _draw(1, digits)

    key = drawn("0123456789")
    assert redact(f'{{"text": "vendor: {key}"}}') == '{"text": "vendor: [REDACTED:token]"}'
    base32 = drawn("234567").replace("0", "2").replace("1", "3")  # base32 has neither `0` nor `1`
    assert redact(f"added {base32} site/index.html") == f"added {base32} site/index.html"
    address = "bc1q" + base32[4:].replace("3", "0", 1)  # bech32: its one `1` ends the prefix
    assert redact(f"send to {address} today") == f"send to {address} today"


def test_a_random_value_of_a_camel_case_name_ending_in_id_is_an_id_and_stays():
    folder = "fld_7c1e94ab02d35f6e8a9b4c0d2e1f7a36"
    assert redact(f'{{"parentId": "{folder}"}}') == f'{{"parentId": "{folder}"}}'
    assert redact(f'{{"parentKey": "{folder}"}}') == '{"parentKey": "[REDACTED:token]"}'
    version = "Qm3vT8kLp2Zr9XwYb4Nc7Hd1Fj6Gs0-A"
    url = "https://bucket.s3.amazonaws.com/orders.csv?versionId="
    assert redact(url + version) == url + version
    signed = "https://bucket.s3.amazonaws.com/orders.csv?X-Amz-Signature="
    assert redact(signed + version) == signed + "[REDACTED:token]"
    assert redact(f"secret_id: {version}") == "secret_id: [REDACTED:secret]"  # snake case: Vault's AppRole credential


def test_a_lower_case_base36_key_among_a_sentences_words_goes_and_base32_of_that_shape_stays():
    key = "k7p2xq9mzr4tv8wn1bjd5hcs3fgl"
    assert redact(f"Vremenska prognoza radi, sada koristi {key} od petka.") == \
        "Vremenska prognoza radi, sada koristi [REDACTED:token] od petka."
    base32 = key.replace("9", "3").replace("8", "6").replace("1", "2")  # RFC 4648's digits are 2 to 7
    assert redact(f"Vremenska prognoza radi, sada koristi {base32} od petka.") == \
        f"Vremenska prognoza radi, sada koristi {base32} od petka."
    assert redact(f"Cache entry stored. ({key})") == f"Cache entry stored. ({key})"  # a log's id, not a sentence's word
    ulid = "01hq3k9mzr4tv8wn2bjd5hcs3f"  # a ULID: a time, then Crockford's base32
    assert redact(f"The import job is {ulid} and it finished fine.") == f"The import job is {ulid} and it finished fine."


def test_md5_long_hex_a_sentence_lends_after_its_clauses_colon_goes_and_a_digest_label_or_log_line_of_that_shape_stays():
    hex_key = _draw(32, "0123456789abcdef")
    assert redact(f"Ich lasse dir den Wert für die Testumgebung der Bank hier: {hex_key}\nMorgen kommt er in den Tresor.") == \
        "Ich lasse dir den Wert für die Testumgebung der Bank hier: [REDACTED:token]\nMorgen kommt er in den Tresor."
    assert redact(f"Deixo aqui o valor para o ambiente de testes: {hex_key}.") == \
        "Deixo aqui o valor para o ambiente de testes: [REDACTED:token]."
    for kept in (f"The md5 of the backup we restored yesterday: {hex_key}",  # a digest's name
                 f"I fetched backup.tar.gz and its sum is: {hex_key}",  # a file's name in the clause
                 f"BuildId: {hex_key}",  # a label, no sentence
                 f"Dec 16 02:17:44 billing-2 deploy[88]: {hex_key} ok",  # a log's line
                 f"Here is the value we saw for the test bank: {hex_key} in the old export",  # the sentence goes on
                 f"Here is the commit we shipped last week: {_draw(40, '0123456789abcdef')}"):  # a git object id
        assert redact(kept) == kept, kept


def test_a_padded_key_before_a_sentences_stop_is_the_key_and_a_name_with_an_empty_setting_stays():
    key = "Tq7vK2mX_9pLr4Zw-8sNd3Hf6Yb1Jc0gEuQaVxWo5iM="
    assert redact(f"Pakai kunci ini: {key}. Yang lama sudah dicabut.") == \
        "Pakai kunci ini: [REDACTED:token]. Yang lama sudah dicabut."
    assert redact(f"Use this one: {key}, the old one is revoked.") == "Use this one: [REDACTED:token], the old one is revoked."
    setting = "enable_remote_cache_for_all_builds="  # the same run: a name, its value left empty
    assert redact(f"End the line with {setting}.") == f"End the line with {setting}."


def test_hex_parts_joined_by_a_dot_after_a_credentials_name_are_a_key_and_stay_without_one():
    token = "5d1e07a3.9c4b2f81e06a7d35b4c9f2e18a06d7c3b5e"
    assert redact(f"    http-request set-header X-Vendor-Api-Token {token}") == \
        "    http-request set-header X-Vendor-Api-Token [REDACTED:token]"
    assert redact(f"my token is {token}") == "my token is [REDACTED:token]"
    assert redact(f"    http-request set-header X-Request-Id {token}") == f"    http-request set-header X-Request-Id {token}"
    assert redact(f"see {token} in the log") == f"see {token} in the log"


def test_a_drawn_segment_after_a_channels_t_is_its_token_and_a_topics_slug_there_stays():
    token = "0b7e4d29c51a83f6e2d09c74b1a5f38e6d20c9b7"
    assert redact(f"channels:\n  - https://conda.vendor.example.net/t/{token}/acme") == \
        "channels:\n  - https://conda.vendor.example.net/t/[REDACTED:token]/acme"
    topic = "https://forum.example.org/t/how-to-rotate-the-api-token-safely/12345"
    assert redact(topic) == topic
    assert redact(f"https://forum.example.org/t/{token[:20]}/12") == f"https://forum.example.org/t/{token[:20]}/12"
    assert redact("channels:\n  - https://conda.vendor.example.net/t/725735083526/acme") == \
        "channels:\n  - https://conda.vendor.example.net/t/[REDACTED:token]/acme"  # drawn digits
    assert redact("https://forum.example.org/t/1733580000123/12") == "https://forum.example.org/t/1733580000123/12"  # a time
    assert redact("https://forum.example.org/t/100000000042") == "https://forum.example.org/t/100000000042"  # few digits drawn from
    assert redact("channels:\n  - https://conda.vendor.example.net/t/Kq7vRt2LmXw9PzNb/acme") == \
        "channels:\n  - https://conda.vendor.example.net/t/[REDACTED:token]/acme"  # case and digits drawn, sixteen long
    for titled in ("https://forum.example.org/t/MigratingToPython312Guide/12",  # a title's words run together
                   "https://forum.example.org/t/UpgradeTo2024/12"):
        assert redact(titled) == titled


def test_a_lower_case_draw_or_a_url_encoded_one_after_a_channels_t_is_its_token_and_an_encoded_title_stays():
    for token in ("k7wq0zvx3hbnd9rtm2pfc8lgys4j", "%2Bk7WqZp2LmX9vRt4NbQ8sYd3HfJ6cG%2Bw%2B1uE5aT0yKoPi"):
        assert redact(f"channels:\n  - https://conda.vendor.example.net/t/{token}/acme") == \
            "channels:\n  - https://conda.vendor.example.net/t/[REDACTED:token]/acme", token
    for kept in ("https://forum.example.org/t/q3report2024final/881", "https://forum.example.org/t/kubernetes1node2cluster3setup/4",
                 "https://forum.example.org/t/%E4%BD%A0%E5%A5%BD%E4%B8%96%E7%95%8C/123",
                 "https://forum.example.org/t/upgrade%20to%20version%202024/123",
                 "https://s3.example.org/bucket/key/reports%2F2024%2Fq3-summary.pdf"):  # a path, encoded, after `/key/`
        assert redact(kept) == kept, kept


def test_a_key_in_four_groups_of_three_after_its_name_goes_and_grouped_words_or_numbers_stay():
    assert redact("vendors.acme.acmeApiKey=K4W-7RZ-2QP-X9M") == "vendors.acme.acmeApiKey=[REDACTED:token]"
    assert redact("apiKey=A1B-C2D-E3F") == "apiKey=A1B-C2D-E3F"  # three groups of three: short of a key
    assert redact("api_key = 555-123-456-789") == "api_key = 555-123-456-789"
    assert redact("key: ISO-IEC-ANS-ISO") == "key: ISO-IEC-ANS-ISO"


def test_md5_long_hex_lent_after_a_clauses_colon_goes_where_a_dash_closes_its_clause_and_a_digest_or_an_id_there_stays():
    value = "5b2f90c1d7e84a36f0b9c2d4e6a81f37"
    for text in (f"Jano, na skúšku ti nechávam ten náš: {value} — zajtra ho zmením, nikam ho neukladaj.",
                 f"Siân, dyma'r gwerth a gawsom gan y cyflenwr: {value} – peidiwch â'i rannu."):
        assert redact(text) == text.replace(value, "[REDACTED:token]"), text
    for kept in (f"The MD5 of the downloaded archive is: {value} — matches upstream.", f"BuildId: {value} — linked",
                 f"2026-01-02 10:00:01 deploy[88]: {value} — done",
                 f"The trace id for the failing request: {value} — see the dashboard."):
        assert redact(kept) == kept, kept
