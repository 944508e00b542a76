"""Values published or withheld by design kept, and credentials found by what names them from
further away (capture/non_secrets.py, capture/token_shapes.py, capture/secret_patterns.py): each
mechanism with a value drawn here, one it must keep and one of the same shape it must catch."""

from __future__ import annotations

import base64

from skillopt_sleep.capture.redact import redact
from skillopt_sleep.capture.token_checks import _BASE58_DIGITS, libp2p_peer_id
from tests.drawn import B62, Drawn, HEX

_DRAWN = Drawn(404)
_RNG, _draw = _DRAWN.rng, _DRAWN.chars
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
