"""Credentials of vendors no rule lists, found by what they are, and public strings of the same
shapes kept by what they are (capture/token_checks.py, token_shapes.py, non_secrets.py): each
mechanism with a value it must catch and a look-alike it must keep."""

from __future__ import annotations

import base64
import json
import os

import pytest

from skillopt_sleep.capture.non_secrets import harmless, placeholder
from skillopt_sleep.capture.redact import redact
from skillopt_sleep.capture.token_checks import public_der, ssh_public_blob
from tests.screen_corpora import DEVELOPMENT, load
from tests.drawn import B62, Drawn, HEX

_DRAWN = Drawn(83)
_RNG, _draw = _DRAWN.rng, _DRAWN.chars
_BASE32 = "abcdefghijklmnopqrstuvwxyz234567"



def _gone(text: str, value: str) -> bool:
    out = redact(text)
    return value not in out and "[REDACTED:" in out


def _der(*parts: bytes) -> bytes:
    body = b"".join(parts)
    return b"\x30\x82" + len(body).to_bytes(2, "big") + body


_RSA_ALGORITHM = bytes.fromhex("300d06092a864886f70d0101010500")


# --- DER and SSH structure: public without their armour ------------------------------------------

def test_a_certificate_or_public_key_in_der_is_public_and_a_private_key_is_not():
    certificate = _der(b"\x30\x82\x02\x00" + bytes.fromhex("a003020102") + os.urandom(80))
    spki = _der(_RSA_ALGORITHM + b"\x03\x82\x01\x0f\x00" + os.urandom(120))
    pkcs8 = _der(bytes.fromhex("020100") + _RSA_ALGORITHM + b"\x04\x82\x04\xa0" + os.urandom(120))
    encrypted = _der(b"\x30\x40\x06\x09" + bytes.fromhex("2a864886f70d01050d") + os.urandom(140))
    assert public_der(base64.b64encode(certificate).decode()) and public_der(base64.b64encode(spki).decode())
    assert not public_der(base64.b64encode(pkcs8).decode()) and not public_der(base64.b64encode(encrypted).decode())
    record = f'k1._domainkey.example.com. IN TXT "v=DKIM1; k=rsa; p={base64.b64encode(spki).decode()}"'
    assert redact(record) == record
    assert _gone(f"payload = b'{base64.b64encode(pkcs8).decode()}'", base64.b64encode(pkcs8).decode()[8:40])


def test_an_ssh_public_key_or_certificate_blob_is_public_by_its_type_name():
    name = b"ssh-ed25519-cert-v01@openssh.com"
    blob = base64.b64encode(len(name).to_bytes(4, "big") + name + os.urandom(120)).decode()
    assert ssh_public_blob(blob) and harmless(blob)
    assert not ssh_public_blob(base64.b64encode(b"\x00\x00\x00\x20" + os.urandom(120)).decode())
    line = f"{name.decode()} {blob} ci@build"
    assert redact(line) == line


def test_base64_of_a_pem_certificate_is_public_and_of_a_private_key_is_not():
    body = "\n".join(_draw(64, B62 + "+/") for _ in range(4))
    certificate = base64.b64encode(f"-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----\n".encode()).decode()
    key = base64.b64encode(f"-----BEGIN RSA PRIVATE KEY-----\n{body}\n-----END RSA PRIVATE KEY-----\n".encode()).decode()
    kept = f"    certificate-authority-data: {certificate}"
    assert redact(kept) == kept
    assert _gone(f"    client-key-data: {key}", key)


# --- structure that says key ----------------------------------------------------------------------

def test_base64_settings_that_hold_a_key_are_a_credential_and_plain_settings_are_data():
    settings = {"api_address": "https://app.example.ai", "api_key": _draw(36)}
    token = base64.b64encode(json.dumps(settings).encode()).decode().rstrip("=")
    assert _gone(f"Use {token} for the staging run.", token)
    cursor = base64.b64encode(json.dumps({"page": 3, "sort": "created_at desc"}).encode()).decode()
    assert redact(f"next: {cursor}") == f"next: {cursor}"


@pytest.mark.parametrize("make", [lambda: _draw(24, HEX) + ":" + _draw(64, HEX),
                                  lambda: "st." + _draw(24, HEX) + "." + _draw(32, HEX) + "." + _draw(32, HEX)])
def test_hex_parts_joined_as_an_id_and_its_secret_are_redacted(make):
    value = make()
    assert _gone(f"Nieuwe waarde: {value} — zet hem in de pipeline.", value)


def test_a_digest_with_its_algorithm_and_a_traceparent_keep_their_hex():
    for line in (f"digest: sha256:{_draw(64, HEX)}", f"traceparent: 00-{_draw(32, HEX)}-{_draw(16, HEX)}-01"):
        assert redact(line) == line


def test_a_lower_case_key_after_a_prefix_is_redacted_and_a_filler_or_a_word_is_kept():
    """The test is statistical (few digits, few vowels): a draw rich in vowels or poor in digits
    passes, about one in ten."""
    keys = ["zq_sbox_" + _draw(26, _BASE32) for _ in range(40)]
    caught = sum(_gone(f"$client = New-Object Upstream.Client('{key}')", key) for key in keys)
    assert caught >= 34
    for kept in ("the task-abcdefghijklmnopqrstuvwxyz0123 finished", "see docs_internationalization2024plans ok"):
        assert redact(kept) == kept


def test_a_key_after_an_api_version_in_a_url_path_is_redacted_and_an_id_or_a_word_is_kept():
    key = _draw(32)
    assert _gone(f"RPC_URL=https://rpc.example.net/v2/{key}", key)
    for kept in ("https://api.github.com/repos/acme/web/v2/branches", f"https://example.com/api/v1/items/{_draw(40, HEX)}"):
        assert redact(kept) == kept


def test_a_key_in_groups_of_four_after_its_name_is_redacted_and_a_hex_dump_is_kept():
    value = " ".join(_draw(4) for _ in range(6))
    while not any(c.isdigit() for c in value):
        value = " ".join(_draw(4) for _ in range(6))
    assert _gone(f"the application password {value} is shown once", value)
    dump = "00000010: " + " ".join(_draw(4, HEX) for _ in range(8)) + "  key.bin"
    assert redact(dump) == dump


def test_a_quoted_user_password_with_spaces_is_redacted():
    assert _gone('$ curl -u "ci:tEtC R2kh anBQ gKdi" https://blog.example.com', "tEtC R2kh anBQ gKdi")


def test_an_access_key_id_beside_its_secret_goes_with_it():
    ident, secret = _draw(20, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), _draw(40)
    assert _gone(f"User name,Access key ID,Secret access key\nci,{ident},{secret}", ident)
    assert _gone(f"$ mc alias set s3 https://s3.example.com {ident} {secret}", ident)
    assert _gone(f"[s3]\naccess_key_id = {ident}\nsecret_access_key = {secret}", ident)
    build = f"BUILD {ident} finished"  # alone, an upper-case id is an id
    assert redact(build) == build


# --- look-alikes kept -----------------------------------------------------------------------------

def test_a_type_tag_before_hex_is_an_id_not_a_random_key():
    line = f'{{"sid": "SM{_draw(32, HEX)}", "messaging_service_sid": "MG{_draw(32, HEX)}"}}'
    assert redact(line) == line


def test_a_label_with_a_digest_under_a_plain_key_is_kept_and_under_a_secret_name_is_not():
    value = f"node-cache-Linux-x64-npm-{_draw(64, HEX)}"
    assert redact(f"Cache restored from key: {value}") == f"Cache restored from key: {value}"
    assert _gone(f"API_TOKEN: {value}", value)


def test_a_build_id_and_a_git_binary_patch_keep_their_text():
    buildid = "$ go tool buildid ./bin/server\n" + "/".join(_draw(20, B62 + "-_") for _ in range(4))
    assert redact(buildid) == buildid
    base85 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"
    patch = ("diff --git a/logo.png b/logo.png\nGIT binary patch\nliteral 7671\n"
             + "\n".join("z" + _draw(52, base85) for _ in range(6)) + "\n\nliteral 0\nHcmV?d00001\n")
    assert redact(patch) == patch


@pytest.mark.parametrize("value", ["replace-with-a-long-random-string", "generate-one-with-openssl-rand", "change-me",
                                   "your-key-goes-here"])
def test_an_instruction_written_where_the_value_goes_is_a_placeholder(value):
    assert placeholder(value)
    assert redact(f"SESSION_SECRET={value}") == f"SESSION_SECRET={value}"


def test_a_passphrase_of_words_is_still_a_secret():
    assert not placeholder("correct-horse-battery-staple-42")
    assert _gone("SESSION_SECRET=correct-horse-battery-staple-42", "correct-horse-battery-staple-42")


# --- the development parts of the secrets corpus stay whole --------------------------------------

def test_base64_of_json_holding_a_random_key_is_a_credential_and_of_a_cursor_is_data():
    key = base64.b64encode(json.dumps({"k": _draw(32), "n": "ci", "id": 1}).encode()).decode().rstrip("=")
    assert _gone(f"b'VENDOR_KEY={key}\\n'", key)
    assert _gone(f"service,value\nvendor,{key}", key)
    cursor = base64.b64encode(json.dumps({"offset": 200, "last_id": _draw(24, HEX)}).encode()).decode()
    assert redact(f"next: {cursor}") == f"next: {cursor}"


def test_a_recovery_phrase_is_known_by_its_name_and_its_word_count():
    words = ["anchor", "orbit", "velvet", "maple", "cactus", "harbor", "ripple", "tunnel", "wagon", "glide", "ember", "quota",
             "lumber", "pistol", "saddle", "fossil", "garlic", "hollow", "jacket", "kitten", "lizard", "mirror", "napkin",
             "oyster", "parrot", "rocket", "salmon", "timber"]
    for count in (12, 24):
        phrase = " ".join(_RNG.sample(words, count))  # a wallet's words, drawn from 2048, rarely repeat
        assert _gone(f'wallet = Wallet(mnemonic="{phrase}")', phrase)
        assert _gone(f"<recoveryPhrase>{phrase}</recoveryPhrase>", phrase)
    odd = " ".join(words[:11] + ["again", "later"])  # 13 words: no phrase the standard allows
    assert redact(f"mnemonic = \"{odd}\"") == f"mnemonic = \"{odd}\""
    assert redact("The seed was planted in spring and grew all summer long in the old garden") == (
        "The seed was planted in spring and grew all summer long in the old garden")


def test_a_phrase_of_few_distinct_words_is_a_published_test_vector():
    vector = " ".join(["zoo"] * 11 + ["wrong"])
    assert redact(f'{{"mnemonic": "{vector}"}}') == f'{{"mnemonic": "{vector}"}}'
    nearly = " ".join(["maple", "orbit", "velvet"] * 4)  # three words, four times each
    assert redact(f"seed: {nearly}") == f"seed: {nearly}"


def test_an_upper_case_prefix_before_a_lower_case_key_marks_a_token():
    key = "VENDSECK_TEST-" + _draw(32, "0123456789abcdefgh") + "-X"
    assert _gone(f"here you go: {key} (expires in 90 days)", key)
    label = "node-cache-Linux-x64-npm-" + _draw(64, HEX)
    assert redact(f"Cache restored from key: {label}") == f"Cache restored from key: {label}"


def test_a_short_prefix_before_an_object_ids_length_is_an_id_and_before_a_keys_length_a_key():
    for ident in ("pi_3MtwBwLkdIwHu7ix28a3tqPa", "msg_01XFDUDYJgAACzvnptvVoYEL", "toolu_01A09q90qw90lq917835lq9"):
        assert redact(f"created {ident}") == f"created {ident}"
    key = "io_" + _draw(28)
    assert _gone(f"what I got back from the dashboard: {key} — does that look right?", key)


@pytest.mark.parametrize("part", DEVELOPMENT)
def test_every_development_part_leaks_no_secret_and_alters_no_ordinary_string(part):
    leaked, altered = [], []
    for item in load("secrets", part):
        out = redact(item["text"])
        if item["kind"] == "secret" and any(secret in out for secret in item["secrets"]):
            leaked.append(item["id"])
        if item["kind"] == "ordinary" and out != item["text"]:
            altered.append(item["id"])
    assert (leaked, altered) == ([], [])


def test_an_alpine_index_s_q1_checksum_is_a_digest_and_the_same_shape_without_q1_or_under_a_token_is_not():
    body = _draw(27, B62) + "="  # 27 characters and `=`: the length of a SHA1 in base64
    index = f"P:musl\nV:1.2.5-r0\nC:Q1{body}\nS:383152"
    assert redact(index) == index
    assert "Q1" + body not in redact(f"token: Q1{body}")
    assert body not in redact(f"P:musl\nC:Zx{body}\nS:383152")


def test_a_tcf_consent_string_under_its_name_is_public_and_the_same_run_under_another_name_is_not():
    consent = "C" + _draw(36, B62 + "_-") + ".M" + _draw(12, B62)
    for text in (f'{{"gdprApplies": true, "tcString": "{consent}", "cmpId": 300}}',
                 f"https://ads.example.com/bid?gdpr=1&gdpr_consent={consent}", f"euconsent-v2={consent}; Path=/"):
        assert redact(text) == text, text
    assert _gone(f'{{"string": "{consent}"}}', consent)


def test_a_teams_chat_id_is_an_id_and_its_random_part_without_the_thread_domain_is_not():
    chat = "meeting_" + _draw(44, B62)
    for text in (f"meeting chat is 19:{chat}@thread.v2, notes there",
                 f"GET https://graph.microsoft.com/v1.0/chats/19:{chat}@thread.v2/messages"):
        assert redact(text) == text, text
    assert _gone(f"meeting chat is 19:{chat}, notes there", chat)


def test_hypothesis_s_reproduce_failure_blob_is_a_serialised_example_and_the_same_bytes_given_a_client_are_not():
    blob = _draw(24, B62)
    text = f"@reproduce_failure('6.122.1', b'{blob}')\ndef test_parse_roundtrip(data):\n    ..."
    assert redact(text) == text
    assert _gone(f"client = Client(b'{blob}')", blob)


def test_an_unsplash_photo_s_ixid_is_its_tracking_id_and_a_secret_in_the_same_query_is_not():
    tracking = _draw(48, B62 + "-")
    url = f"https://images.unsplash.com/photo-1563730446622-93b8066667d9?ixid={tracking}&w=1080&q=80"
    assert redact(url) == url
    assert _gone(f"https://images.example.com/photo?client_secret={tracking}&w=1080", tracking)


def test_a_password_after_the_percent_of_sambas_user_option_goes_and_a_variable_or_a_format_stays():
    password = _draw(15, _BASE32) + "7"  # lower case and digits, as a generic key's reading leaves alone
    for text in (f"net ads join -U Administrator%{password}", f"# smbclient //fs/share -U 'SHOP\\alice%{password}'",
                 f"rpcclient --user=alice%{password} 192.0.2.5", f"smbclient -L fs -Ualice%{password}"):
        assert _gone(text, password), text
    for kept in ("smbclient //fs/share -U alice%$SMB_PASSWORD", "net ads join -U Administrator%",
                 "smbclient //fs/share -U alice -A /etc/samba/creds", "ps -U root -o pid,%cpu,%mem", "date -u +%Y%m%d"):
        assert redact(kept) == kept, kept


def test_the_bind_password_after_an_ldap_clients_w_goes_and_a_prompt_a_password_file_or_a_lookup_stays():
    password = _draw(30, _BASE32.upper()) + "7Q"  # upper case and digits, as a generic key's reading leaves alone
    for text in (f"# ldapsearch -D cn=reader,dc=shop,dc=example -w {password}",
                 f"ldapwhoami -x -w '{password}' -D uid=me,ou=people,dc=shop,dc=example",
                 f"ldapmodify -D cn=admin,dc=shop -w $(echo {password}) -f change.ldif"):
        assert _gone(text, password), text
    for kept in ("ldapsearch -D cn=reader,dc=shop -y /etc/ldap.secret -b dc=shop", "ldapsearch -D cn=reader,dc=shop -W",
                 "ldapsearch -D cn=reader,dc=shop -w \"$LDAP_BIND_PW\"", "ldapsearch -D cn=reader,dc=shop -w $(pass show ldap/reader)",
                 "ldapsearch -x -b dc=shop | grep -w uid", "curl -s -w '%{http_code}' https://ldap.example.org/health"):
        assert redact(kept) == kept, kept
