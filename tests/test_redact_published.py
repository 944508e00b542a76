"""Values published or withheld by design kept, and credentials found by what names them from
further away (capture/non_secrets.py, capture/token_shapes.py, capture/secret_patterns.py): each
mechanism with a value drawn here, one it must keep and one of the same shape it must catch."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json

from skillopt_sleep.capture.redact import redact
from skillopt_sleep.capture.token_checks import _BASE58_DIGITS, libp2p_peer_id
from tests.drawn import B62, Drawn, HEX

_DRAWN = Drawn(404)
_RNG, _draw, _uuid = _DRAWN.rng, _DRAWN.chars, _DRAWN.uuid
_B64 = B62 + "+/"
_B58 = "".join(sorted(_BASE58_DIGITS, key=_BASE58_DIGITS.get))



def _hex(n: int) -> str:
    while True:  # letters and digits both, as a key's hex has
        value = _draw(n, HEX)
        if not value.isdigit() and not value.isalpha():
            return value


def _base58(data: bytes) -> str:
    number = int.from_bytes(data, "big")
    out = ""
    while number:
        number, digit = divmod(number, 58)
        out = _B58[digit] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def _peer_id() -> str:
    return _base58(bytes.fromhex("0024080112") + bytes([0x20]) + bytes(_RNG.randrange(256) for _ in range(32)))


# Kept: public by structure.

def test_a_libp2p_peer_id_is_a_public_key_by_its_decoded_structure():
    peer = _peer_id()
    assert peer.startswith("12D3KooW") and libp2p_peer_id(peer)
    assert not libp2p_peer_id("12D3" + _draw(len(peer) - 4, _B58[9:]))  # same length, another structure
    line = f"  - /dns4/node.example.net/tcp/4001/p2p/{peer}"
    assert redact(line) == line


def test_an_ssdeep_hash_keeps_its_text_when_its_block_size_is_three_times_a_power_of_two():
    body = f"{_draw(60, _B64)}:{_draw(30, _B64)}"
    assert redact(f"file,ssdeep\nsample.bin,3072:{body}") == f"file,ssdeep\nsample.bin,3072:{body}"
    assert redact(f"file,ssdeep\nsample.bin,3000:{body}") != f"file,ssdeep\nsample.bin,3000:{body}"


def test_base64_of_webassembly_or_of_lines_of_text_is_a_file_not_a_key():
    wasm = base64.b64encode(b"\0asm\x01\0\0\0" + bytes(_RNG.randrange(256) for _ in range(40))).decode()
    assert redact(f'const wasm = atob("{wasm}");') == f'const wasm = atob("{wasm}");'
    table = base64.b64encode(b"id,name,qty\n1,widget,4\n2,gadget,9\n3,sprocket,12").decode()
    assert redact(f'fixture = base64.b64decode("{table}")') == f'fixture = base64.b64decode("{table}")'
    keyed = base64.b64encode(f"id,key\n1,{_draw(32)}\n".encode()).decode()  # a key in the lines: still a key
    assert redact(f'fixture = base64.b64decode("{keyed}")') != f'fixture = base64.b64decode("{keyed}")'


def test_values_published_or_sent_in_the_clear_by_design_keep_their_text():
    token = _draw(43, B62 + "-_")
    for line in (f'  value = "google-site-verification={token}"',
                 f'certbot: set _acme-challenge.example.com TXT "{token}" and waiting',
                 f"Content-Type: multipart/form-data; boundary=----WebKitFormBoundary{_draw(16)}",
                 f"Sec-WebSocket-Key: {_draw(22, _B64)}==",
                 f'{{"credentialId": "{token}", "transports": ["internal"]}}'):
        assert redact(line) == line
    assert redact(f'{{"credential": "{token}"}}') != f'{{"credential": "{token}"}}'


def test_a_dkim_body_hash_cut_across_two_log_lines_is_kept_a_secret_cut_so_is_not():
    head, rest = _draw(24, _B64), _draw(19, _B64) + "="
    public = f"[mx] 10:12:01 DKIM-Signature: v=1; a=rsa-sha256; d=example.com; bh={head}\n[mx] 10:12:01 {rest} ok"
    assert redact(public) == public
    first, second = _hex(21), _hex(43)
    out = redact(f"[mx] 10:12:01 using client_secret {first}\n[mx] 10:12:01 {second} ok")
    assert first not in out and second not in out  # both pieces of the named hex


def test_the_rest_of_a_redacted_value_on_the_next_log_line_is_redacted_too():
    rest = _hex(160)
    out = redact(f"app | 09:41:07 using api_token {_hex(88)}\napp | 09:41:07 {rest} ok")
    assert rest not in out and out.endswith(" ok")
    plain = f"app | 09:41:07 request done\napp | 09:41:07 {rest} ok"
    assert redact(plain) == plain  # hex no name calls a key


def test_a_note_where_a_value_is_withheld_and_a_path_to_a_secret_file_are_kept():
    for line in ("      ~ password = (sensitive value)",
                 "LoadCredential=db_password:/etc/creds/db_password",
                 "Environment=PASSWORD_FILE=/run/secrets/db_password"):
        assert redact(line) == line
    assert redact("password = (s3nsit1ve)") != "password = (s3nsit1ve)"


def test_a_key_in_one_case_after_its_name_is_redacted():
    key = "".join(_RNG.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") if i % 3 else _RNG.choice("23456789") for i in range(16))
    assert key not in redact(f"alphavantage.api.key={key}")
    assert redact("build.api.key.format=UPPERCASEWORDS") == "build.api.key.format=UPPERCASEWORDS"


def test_a_personal_access_token_named_by_its_abbreviation():
    token = _hex(40)
    assert token not in redact(f'PS C:\\src> $env:GANDI_PAT = "{token}"')
    kept = f'file_path = "/srv/{token[:12]}/pattern"'
    assert redact(kept) == kept


def test_a_value_alone_in_a_commands_output_is_named_by_the_command():
    token = _hex(32)
    out = redact(f"$ gitee auth print\n  account: ops@example.com\n  {token}\n")
    assert token not in out
    listing = f"$ git annex lookupkey data/train.csv\nSHA256E-s497537617--{_hex(64)}.csv"
    assert redact(listing) == listing  # `key` alone names a lookup's key; a digest follows it
    unnamed = f"$ vastai show instances\n  {token}\n"
    assert redact(unnamed) == unnamed


def test_an_ed25519_keypair_as_a_byte_array_is_redacted_a_table_of_small_counts_is_not():
    keypair = [_RNG.randrange(256) for _ in range(64)]
    text = "$ cat ~/.config/solana/id.json\n[" + ",".join(map(str, keypair)) + "]"
    assert "[REDACTED:private-key]" in redact(text)
    counts = "[" + ",".join(str(_RNG.randrange(4)) for _ in range(64)) + "]"
    assert redact(counts) == counts


def test_short_hex_is_a_key_after_a_strong_name_or_an_auth_header_only():
    token = _hex(14)
    assert token not in redact(f'headers = {{b"x-ipinfo-auth": b"{token}"}}')
    assert token not in redact(f"API_TOKEN={token}")
    for kept in (f"cache key {token}", f"token_id={token}", f"commit {token}"):
        assert redact(kept) == kept


def test_a_file_path_after_a_credential_name_is_where_it_is_read_from():
    for path in ("./secrets/db-password.txt", "~/.ssh/id_ed25519.pub", "/run/secrets/api_token.json", "../keys/deploy-2.pem"):
        assert redact(f"--from-file=password={path}") == f"--from-file=password={path}"
        assert redact(f"signingkey = {path}") == f"signingkey = {path}"
    secret = _draw(20, B62)
    assert secret not in redact(f"password={secret}")
    assert "9vQ/x" not in redact("password=/9vQ/xK2mP7rL4tZ8")  # a slash inside, no file's name at its end


def test_worded_armour_in_comments_is_decided_by_its_label():
    body = "\n".join("# " + _draw(64, _B64) for _ in range(2))
    signed = f"Write-Host 'ok'\n# SIG # Begin signature block\n{body}\n# SIG # End signature block"
    assert redact(signed) == signed
    key = _draw(40, B62)
    assert key not in redact(f"# Begin api key\n# {key}\n# End api key")


def test_email_authentication_signatures_are_public_and_pass_as_a_verdict_names_nothing():
    short = _draw(8, B62)
    results = f"Authentication-Results: mx.example.org;\n dkim=pass header.i=@example.net header.b={short};\n spf=pass"
    assert redact(results) == results
    seal = f"ARC-Seal: i=1; a=rsa-sha256; cv=none; d=example.net; s=arc;\n\tb={_draw(86, _B64)}"
    assert redact(seal) == seal
    secret = _draw(20, B62)
    assert secret not in redact(f"X-Vendor-Auth: mode=token;\n\tvalue={secret}")
    assert secret not in redact(f"db pass {secret}")


def test_a_uuid_is_a_credential_only_where_a_strong_name_hands_it_over():
    uuid = _uuid()
    for kept in (f"fix token refresh (linear {uuid})", f"the token rotation ran as job {uuid}"):
        assert redact(kept) == kept
    for named in (f"VENDOR_SERVER_TOKEN={uuid}", f'{{\\"vendor_access_key\\": \\"{uuid}\\"}}',
                  f"- name: VENDOR_TOKEN\n  value: \"{uuid}\"", f"the token is {uuid}"):
        assert uuid not in redact(named)


def test_a_uuid_joined_to_words_is_an_id_unless_a_name_calls_it_a_key():
    uuid = _uuid()
    line = f"shop   orders  3   62708377   consumer-shop-1-{uuid}"
    assert redact(line) == line
    assert uuid not in redact(f"GET /notify?vendor_sdk_key=vnd_server_{uuid}&channel=ops")


def test_a_link_to_a_heading_is_no_value():
    text = "See [the token FAQ](#why-does-my-token-expire-after-1h) and <a href=\"#token-lifetime-2h\">lifetimes</a>."
    assert redact(text) == text
    secret = _draw(20, B62)
    assert secret not in redact(f"token: #{secret}")


def test_a_property_list_value_is_named_by_the_key_element_above_it():
    key, other = _hex(40), _hex(40)
    plist = (f"<dict>\n  <key>VendorKey</key>\n  <string>{key}</string>\n"
             f"  <key>DeviceName</key>\n  <string>{other}</string>\n</dict>")
    out = redact(plist)
    assert key not in out and other in out


def test_a_url_password_holding_a_slash_goes_before_a_host_and_a_path_at_sign_stays():
    secret = _draw(12, B62) + "/" + _draw(12, B62) + "+" + _draw(6, B62)
    assert secret not in redact(f"vendor+https://deploy:{secret}@api.example.org/v1")
    for kept in ("https://registry.npmjs.org:443/@babel/core", "see https://host:8080/users/@me.example.com"):
        assert redact(kept) == kept


def test_a_webhook_url_is_its_credential():
    key = _draw(32, "abcdefghijklmnopqrstuvwxyz0123456789")
    assert key not in redact(f'{{"lastHook": "https://hook.eu2.vendor.example/{key}"}}')
    assert key not in redact(f"POST https://api.vendor.example/webhooks/12345/{key}")
    kept = "see https://docs.example.com/guides/webhooks/configuring-retries-and-timeouts"
    assert redact(kept) == kept


def test_a_random_flag_value_in_a_command_that_names_its_user_is_the_password():
    secret = "Q" + _draw(10, B62) + "7k" + _draw(5, B62)
    assert secret not in redact(f"dbcli -n db.example.net:30015 -u SYSTEM -p {secret} \"SELECT 1\"")
    assert secret not in redact(f"-- restored with: qsql -h db.example.net -U dbadmin -w {secret} -f dump.sql")
    for kept in ('psql -U admin -d myDatabase1 -c "select 1"', "docker exec -u root -w /app web ls"):
        assert redact(kept) == kept


def test_a_value_under_a_comment_citing_a_standards_test_vector_is_published():
    key = _hex(64)
    for comment in ("# RFC 8032, section 7.1, TEST 1", "// test vectors from the reference implementation"):
        text = f'{comment}\nSECRET_KEY = "{key}"\nsecret: {key}'
        assert redact(text) == text
    assert key not in redact(f'# TOTP per RFC 6238\nTOTP_SECRET = "{key}"')  # a standard cited, no test named
    assert key not in redact(f'SECRET_KEY = "{key}"')


def test_upper_case_hex_after_0x_is_judged_as_hex():
    blob = "0x" + _hex(32).upper()
    line = f'    "cdat"<timedate>={blob}'
    assert redact(line) == line
    assert blob not in redact(f"PRIVATE_KEY={blob}")


def test_a_named_value_longer_than_the_window_after_its_name_goes_whole():
    value = _draw(40, _B64) + "%3A" + _draw(140, B62)
    out = redact(f"notes above\nGET /v2/items?access_token={value} HTTP/1.1\nmore below")
    assert value[-40:] not in out and "HTTP/1.1" in out


def test_a_name_ending_its_line_hands_its_value_to_the_next_only_when_it_closes_the_line():
    key = _hex(40)
    assert key not in redact(f"<key>VendorKey</key>\n<string>{key}</string>")
    assert key not in redact(f"  vendor_api_key:\n    {key}")


def test_dns_records_and_a_lookups_answer_are_published_and_a_key_after_the_prompt_is_not():
    signature = base64.b64encode(_RNG.randbytes(64)).decode()
    record = f"shop.example. 3600 IN RRSIG A 13 2 3600 20261220000000 20261206000000 25207 shop.example. {signature}"
    assert redact(record) == record
    ech = base64.b64encode(_RNG.randbytes(60)).decode()
    answer = f'$ dig +short HTTPS shop.example\n1 . alpn="h3,h2" ech={ech}'
    assert redact(answer) == answer
    key = _draw(40, _B64)
    for text in (f"$ vault read -field=value kv/shop\n1 . value={key}", f"Rotated at 3600 IN prod: {key}"):
        assert key not in redact(text)


def test_an_http_message_signature_is_kept_and_a_key_labelled_in_the_same_header_is_not():
    signature = base64.b64encode(_RNG.randbytes(64)).decode()
    header = f'Signature-Input: sig1=("@method");keyid="shop"\nSignature: sig1=:{signature}:'
    assert redact(header) == header
    key = _draw(40)
    assert key not in redact(f"Signature: token={key}")
    assert signature not in redact(f"https://shop.blob.core.windows.net/c/b?sv=2022-11-02&sig={signature}")


def test_a_uuid_after_a_pods_generated_name_is_an_id_and_after_a_vendors_mark_a_key():
    safe = "bcdfghjklmnpqrstvwxz2456789"  # the alphabet Kubernetes draws a generated name's suffix from
    holder = f"shop-controller-{_draw(9, safe)}_{_uuid()}"
    text = f"spec:\n  holderIdentity: {holder}\n  leaseDurationSeconds: 15"
    assert redact(text) == text
    key = f"sk-lf-{_uuid()}"
    assert key not in redact(f"spec:\n  holderIdentity: {key}\n")
    # A vowel: no generated suffix; a digit: no name of words either, whatever the draw.
    mixed = f"shop-controller-{_draw(9, 'aeiou' + safe)}a4_{_uuid()}"
    assert mixed not in redact(f"spec:\n  holderIdentity: {mixed}\n")


def test_a_nix_caches_public_key_is_kept_and_its_secret_key_and_a_bare_body_are_not():
    public = base64.b64encode(_RNG.randbytes(32)).decode()
    said = f"Add builds.example.org-1:{public} to your nix.conf and rebuild."
    assert redact(said) == said
    secret = base64.b64encode(_RNG.randbytes(64)).decode()  # seed and public half
    assert secret not in redact(f"$ cat /etc/nix/cache.sec\nbuilds.example.org-1:{secret}")
    assert public not in redact(f'x = "{public}"')  # no Nix label: nothing says whose half it is


def test_a_jwt_signed_with_the_example_secret_jwt_io_prints_is_documentation_and_one_signed_otherwise_is_not():
    def encoded(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).decode().rstrip("=")

    head = encoded(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    claims = encoded(json.dumps({"sub": _draw(10, "0123456789"), "name": "Ada", "iat": 1516239022}).encode())

    def signed(secret: bytes) -> str:
        return f"{head}.{claims}." + encoded(hmac.new(secret, f"{head}.{claims}".encode(), hashlib.sha256).digest())

    example, real = signed(b"your-256-bit-secret"), signed(_draw(32).encode())
    for text in (f'SAMPLE = "{example}"', f'curl -H "Authorization: Bearer {example}" https://api.example.com/me'):
        assert redact(text) == text, text
    for text in (f'SAMPLE = "{real}"', f'curl -H "Authorization: Bearer {real}" https://api.example.com/me'):
        assert real not in redact(text), text


def test_a_nix_caches_signature_beside_the_store_path_it_signs_is_published_and_its_secret_key_is_not():
    body = base64.b64encode(_RNG.randbytes(64)).decode()  # a signature and a secret key: 64 bytes both
    path = f"/nix/store/{_draw(32, 'abcdfghijklmnpqrsvwxyz0123456789')}-hello-2.12.1"
    for kept in (f"StorePath: {path}\nURL: nar/{_draw(52, 'abcdfghijklmnpqrsvwxyz0123456789')}.nar.xz\nSig: cache.example.org-1:{body}",
                 f"$ nix path-info --sigs {path}\n{path}  cache.example.org-1:{body}",
                 f'{{"{path}": {{"signatures": ["cache.example.org-1:{body}"]}}}}'):
        assert redact(kept) == kept, kept
    for text in (f"$ cat /etc/nix/cache.sec\ncache.example.org-1:{body}",
                 f"$ nix store sign --key-file key.sec {path}\nNIX_SECRET_KEY=cache.example.org-1:{body}",
                 f"{path} secret-key cache.example.org-1:{body}"):
        assert body not in redact(text), text
