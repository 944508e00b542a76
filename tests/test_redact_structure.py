"""Credentials found by their structure where no name helps, and look-alikes kept by theirs
(capture/token_shapes.py, capture/non_secrets.py, capture/token_checks.py): each mechanism with a
value it must catch and one of the same shape it must keep."""

from __future__ import annotations

import base64
import random

import pytest

from skillopt_sleep.capture.non_secrets import cue_before, placeholder, strongly_named
from skillopt_sleep.capture.redact import redact
from skillopt_sleep.capture.token_checks import WIF_VERSION, annotated_key, base58check_version, bech32_prefix
from tests.corpora.secrets.fresh_kit import base58check as _base58check, bech32 as _bech32
from tests.drawn import Drawn, HEX

_DRAWN = Drawn(61)
_RNG, _draw, _uuid = _DRAWN.rng, _DRAWN.chars, _DRAWN.uuid


def _gone(text: str, value: str) -> bool:
    out = redact(text)
    return value not in out and "[REDACTED:" in out


# --- found by structure --------------------------------------------------------------------------

def _cut_key() -> str:
    """A url-safe key whose `-` and `_` leave no chunk of 16 letters and digits."""
    return "-".join(_draw(10) + "_" + _draw(3) for _ in range(3)) + _draw(4)


@pytest.mark.parametrize("place", ["Use {} for the staging run.", "$ sync --with {} --yes", "value = b'{}'",
                                   "新しい値は {} です。"])
def test_a_url_safe_key_cut_into_short_chunks_is_redacted_whole(place):
    key = "zq-live-" + _cut_key()
    assert _gone(place.format(key), key)
    assert not any(part in redact(place.format(key)) for part in key.split("-")[2:] if len(part) > 6)


def test_identifiers_joined_by_single_separators_keep_their_text():
    for text in ("test_redactor_keeps_ordinary_identifiers_unchanged_when_long", "checkpoint-epoch-0042-step-12000-final",
                 "fix/issue-4312-handle-empty-config-in-loader-v3", "api-7d9f8b6c5d-x2x4z   1/1   Running",
                 "Fix-Bug-In-V2-API-For-S3-Upload-Q4-2024", "feature/PROJ-1234-Add-OAuth2-Support-For-SSO"):
        assert redact(text) == text


def test_a_prefix_ending_in_a_dot_marks_a_hex_key():
    key = "zqsn." + _draw(64, HEX)
    assert _gone(f"Der neue Zugang lautet {key}, bitte eintragen.", key)
    for text in (f"sha256.{_draw(64, HEX)}", "dist/main.8f3e2a1b.js", f"{_draw(64, HEX)}  app.tar.gz"):
        assert redact(text) == text


def test_a_wif_private_key_is_found_by_its_checksum_and_version():
    wif = _base58check(bytes([WIF_VERSION]) + _RNG.randbytes(32) + b"\x01")
    assert base58check_version(wif) == WIF_VERSION
    assert _gone(f"restored wallet from {wif} ok", wif)


def test_a_bitcoin_address_is_kept_by_its_checksum_and_a_corrupted_one_is_not_an_address():
    address = _base58check(b"\x00" + _RNG.randbytes(20))
    assert base58check_version(address) == 0
    assert redact(f"Deposit address: {address}") == f"Deposit address: {address}"
    corrupted = address[:-1] + ("2" if address[-1] != "2" else "3")
    assert base58check_version(corrupted) is None


def test_a_uuid_is_a_credential_only_where_a_strong_name_calls_it_one():
    token = _uuid()
    assert _gone(f"export POSTMARK_SERVER_TOKEN={token}", token)
    assert _gone(f'{{"content": "{{\\"api_key\\": \\"{token}\\"}}"}}', token)
    for text in (f"idempotency_key: {token}", f"request_id={token}", f"Session {token} ended", f"cache key {token}"):
        assert redact(text) == text
    assert strongly_named("SERVER_TOKEN=x", len("SERVER_TOKEN="))
    assert not strongly_named("idempotency key: x", len("idempotency key: "))


def test_a_kubernetes_env_entry_is_named_by_the_line_above():
    password = "Tr0ub4dor.3x" + _draw(4)
    entry = f"env:\n  - name: DB_PASSWORD\n    value: \"{password}\""
    assert _gone(entry, password)
    token = _uuid()
    assert _gone(f"env:\n  - name: SERVICE_TOKEN\n    value: {token}", token)
    plain = "env:\n  - name: LOG_LEVEL\n    value: \"debug-2\"\n  - name: REGION\n    value: eu-west-1"
    assert redact(plain) == plain


def test_the_line_above_decides_by_its_last_strong_word():
    public = base64.b64encode(_RNG.randbytes(32)).decode()
    assert redact(f"$ wg pubkey < private.key\n{public}") == f"$ wg pubkey < private.key\n{public}"
    secret_key = "RWRTY0Iy" + base64.b64encode(_RNG.randbytes(150)).decode()
    assert _gone(f"untrusted comment: minisign encrypted secret key\n{secret_key}", secret_key)
    assert cue_before("untrusted comment: minisign public key 0A1B\nRWQx", 44) == "harmless"


def test_a_signify_public_key_is_kept_whatever_language_its_comment_is_in():
    # The comment's words are the user's (Latvian here): the key's shape under `untrusted comment:`
    # says it is public, 42 bytes; a secret key under the same words is far longer and goes.
    own = random.Random(5642)  # its own draws, so the module's seeded ones stay as they were
    public = base64.b64encode(b"Ed" + own.randbytes(40)).decode()
    text = f"untrusted comment: ostas programmatūras publiskā atslēga\n{public}"
    assert redact(text) == text
    secret = "RWRTY0Iy" + base64.b64encode(own.randbytes(150)).decode()
    assert _gone(f"untrusted comment: ostas programmatūras atslēga\n{secret}", secret)
    # The same 56 characters under a line that names a key are judged as any other value.
    assert _gone(f"untrusted: vendor api key\n{public}", public)


@pytest.mark.parametrize("key", [
    "xaat-" + _uuid(),  # Axiom API tokens
    "checkout:production." + _draw(64, HEX),  # Unleash tokens
    "*:development." + _draw(64, HEX),
])
def test_prefixed_formats_whose_random_part_is_a_uuid_or_hex(key):
    assert _gone(f"o valor novo é {key}, troca no cofre", key)


def test_a_base64_key_in_a_path_is_found_across_its_slashes():
    key = _draw(17) + "/" + _draw(10) + "/" + _draw(11)
    assert _gone(f"Read /home/dev/.config/{key}/token.txt", key)



def test_bech32_says_by_its_checksum_and_prefix_which_is_a_private_key():
    assert bech32_prefix("a12uel5l") == "a" and bech32_prefix("a12uel5m") is None  # BIP-173's shortest string
    nsec, npub = _bech32("nsec", _RNG.randbytes(32)), _bech32("npub", _RNG.randbytes(32))
    assert _gone(f"把 {nsec} 填到流水线里", nsec)
    assert redact(f"follow me: {npub}") == f"follow me: {npub}"
    address = _bech32("bc", _RNG.randbytes(20))
    assert redact(f"Sent 0.01 BTC to {address}") == f"Sent 0.01 BTC to {address}"


def test_an_annotated_microsoft_key_is_found_by_its_signature():
    pat = _draw(52) + "JQQJ99" + "BLAC" + "A" * 13 + "S" + "AZDO" + _draw(4)
    assert annotated_key(pat) and not annotated_key(_draw(84))
    assert _gone(f"2026-12-01 DEBUG upstream: using {pat} for the bulk endpoint", pat)


def test_a_base64_key_cut_short_by_plus_and_slash_is_redacted_whole():
    key = "K005" + _draw(6) + "/" + _draw(5) + "+" + _draw(9) + "//+"
    assert _gone(f"$ b2 account authorize 0056e19764489fc7c271d014a {key}", key)


def test_a_certificate_whose_begin_line_was_cut_off_is_known_by_its_end_line():
    lines = [base64.b64encode(_RNG.randbytes(48)).decode() for _ in range(4)]
    tail = "\n".join(lines) + "\n-----END CERTIFICATE-----\n$ echo done"
    assert redact(tail) == tail
    private = "\n".join(lines) + "\n-----END RSA PRIVATE KEY-----"
    assert all(line not in redact(private) for line in lines)


def test_an_onion_host_name_is_no_key():
    host = _draw(55, "abcdefghijklmnopqrstuvwxyz234567") + "d"
    assert redact(f"mirror at {host}.onion (v3)") == f"mirror at {host}.onion (v3)"


# --- kept by structure ---------------------------------------------------------------------------

KEPT = [
    "transfer to 0x" + _draw(40, "0123456789abcdefABCDEF") + " confirmed",
    f"|1|{base64.b64encode(_RNG.randbytes(20)).decode()}|{base64.b64encode(_RNG.randbytes(20)).decode()} ssh-ed25519 "
    f"AAAAC3NzaC1lZDI1NTE5AAAAI{_draw(43)}",
    '{"keys":[{"kty":"RSA","use":"sig","kid":"' + _draw(43) + '","x5c":["MIIC' + _draw(200) + '"],"x5t":"' + _draw(27) + '"}]}',
    f"binaryData:\n  bundle.tgz: H4sIAAAAAAAAA{_draw(150)}=",
    f"GET /_next/static/{_draw(21)}/_buildManifest.js 200 in 3ms",
    f"Document written: users/{_draw(20)}/orders/{_draw(20)}",
]


@pytest.mark.parametrize("text", KEPT, ids=["eth-address", "known-hosts", "jwks", "gzip", "build-id", "document-path"])
def test_random_by_design_but_public_keeps_its_text(text):
    assert redact(text) == text


PLACEHOLDERS = ["export OPENAI_API_KEY=sk-...", 'api_key = "YOUR_API_KEY_HERE"', "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
                "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "Authorization: Bearer <token>",
                "STRIPE_SECRET_KEY=sk_test_...", "password: ********", "--api-key <your-key>"]


@pytest.mark.parametrize("text", PLACEHOLDERS)
def test_documentation_placeholders_keep_their_text(text):
    assert redact(text) == text


def test_a_placeholder_is_told_from_a_key_by_what_no_random_key_holds():
    assert placeholder("sk-...") and placeholder("<your-key>") and placeholder("x" * 36)
    assert not placeholder(_draw(40)) and not placeholder("sk_live_" + _draw(24))
    real = "ghp_" + _draw(36)
    assert _gone(f"GITHUB_TOKEN={real}", real)


def test_an_extended_public_key_is_kept_by_its_version_and_a_private_one_is_not():
    body = _RNG.randbytes(74)
    public = _base58check(bytes.fromhex("0488b21e") + body)
    private = _base58check(bytes.fromhex("0488ade4") + body[:41] + b"\0" + _RNG.randbytes(32))
    assert public.startswith("xpub") and private.startswith("xprv")
    assert redact(f'WATCH_ONLY_XPUB = "{public}"') == f'WATCH_ONLY_XPUB = "{public}"'
    assert private not in redact(f'WALLET = "{private}"')


def test_a_nix_hash_is_kept_by_its_alphabet_and_a_lower_case_key_is_not():
    nix = _draw(52, "0123456789abcdfghijklmnpqrsvwxyz")
    assert redact(f"$ nix-prefetch-url https://example.org/src.tar.gz\n{nix}") == (
        f"$ nix-prefetch-url https://example.org/src.tar.gz\n{nix}")
    key = "e" + _draw(50, "abcdefghijklmnopqrstuvwxyz0123456789") + "t"
    assert key not in redact(f"token\n{key}")


def test_a_generated_id_naming_a_json_member_is_kept_and_a_key_as_its_value_is_not():
    ident = "-Nw" + _draw(17)
    assert redact(f'{{"messages": {{"{ident}": {{"text": "hi"}}}}}}') == f'{{"messages": {{"{ident}": {{"text": "hi"}}}}}}'
    key = _draw(40)
    assert key not in redact(f'{{"id": "{key}"}}'.replace('"id"', '"k"'))


def test_a_mangled_symbol_parses_to_its_last_character_and_a_random_run_does_not():
    trace = ("stack backtrace:\n   0: _ZN4shop5parse10parse_line17h2925926ce87ea491E\n"
             "   1: _ZN4core3ops8function6FnOnce9call_once17h291d8a97ac0439ceE")
    assert redact(trace) == trace
    from skillopt_sleep.capture.token_checks import mangled_symbol
    assert mangled_symbol("__ZN3foo3barE") and not mangled_symbol("_ZN4core3ops8function6FnOnce9call_once17h291d8a97ac0439cE")
    key = "_ZN" + _draw(40)
    assert _gone(f"token: {key}", key)


def test_labels_and_versions_joined_keep_their_text_and_a_plain_key_with_separators_does_not():
    tags = "  cp312-cp312-manylinux_2_39_x86_64\n  cp311-abi3-musllinux_1_2_aarch64"
    assert redact(tags) == tags
    key = "q" + "-".join(_draw(6, "abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(6))  # a plain run opens with a letter
    assert _gone(f"here: {key}", key)


def test_a_uuid_assigned_to_a_name_ending_in_key_is_a_key_and_one_written_after_a_colon_or_an_id_is_not():
    token = _uuid()
    for text in (f"vendorKey={token}", f"worker[812]: client init ok key={token} pool=4", f'vendor_key = "{token}"',
                 f'"source": ["vendor_key = \\"{token}\\"\\n"]'):
        assert _gone(text, token), text
    for text in (f"Idempotency-Key: {token}", f"idempotency_key: {token}", f"site_key={token}", f"key_id={token}",
                 f"monkey={token}", f"public_key={token}"):
        assert redact(text) == text, text


def _base58(data: bytes) -> str:
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    number, out = int.from_bytes(data, "big"), ""
    while number:
        number, digit = divmod(number, 58)
        out = alphabet[digit] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def _strkey(kind: int, payload: bytes) -> str:
    from skillopt_sleep.capture.token_checks import _crc16_xmodem
    data = bytes([kind << 3]) + payload
    return base64.b32encode(data + _crc16_xmodem(data).to_bytes(2, "little")).decode().rstrip("=")


def test_chain_addresses_are_kept_by_their_checksums_and_a_stellar_seed_is_a_secret_by_its_version():
    import hashlib
    tezos = _base58check(bytes.fromhex("06a19f") + _RNG.randbytes(20))  # a `tz1` address: a hash after three version bytes
    tron = _base58check(b"\x41" + _RNG.randbytes(20))
    ripple = _base58check(b"\x00" + _RNG.randbytes(20)).translate(str.maketrans(
        "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz"))
    stellar = _strkey(6, _RNG.randbytes(32))
    key = _RNG.randbytes(32)
    algorand = base64.b32encode(key + hashlib.new("sha512_256", key).digest()[-4:]).decode().rstrip("=")
    ss58_body = b"\x00" + _RNG.randbytes(32)
    polkadot = _base58(ss58_body + hashlib.blake2b(b"SS58PRE" + ss58_body, digest_size=64).digest()[:2])
    text = "DONATION = {" + ", ".join(f'"{chain}": "{address}"' for chain, address in (
        ("tezos", tezos), ("tron", tron), ("xrp", ripple), ("stellar", stellar), ("algorand", algorand), ("dot", polkadot))) + "}"
    assert redact(text) == text
    seed = _strkey(18, _RNG.randbytes(32))
    assert _gone(f"stellar: {seed}", seed)
    corrupted = algorand[:10] + ("A" if algorand[10] != "A" else "B") + algorand[11:]
    assert _gone(f"stellar: {stellar[:-1] + ('A' if stellar[-1] != 'A' else 'B')}, algorand: {corrupted}", corrupted)
    wif = _base58check(b"\x80" + _RNG.randbytes(32))  # a private key holds 32 bytes, never an address's 20
    assert _gone(f"tezos: {wif}", wif)


def test_letters_of_one_case_and_digits_with_few_vowels_after_a_name_are_a_key_and_a_word_is_not():
    key = "sum8nlmytbx0kjqevtavetwt"  # two digits: its case never switches, its vowels are a fifth of its letters
    for text in (f"token {key}", f"oauth client secret {key}", f"otp secret {key.upper()}"):
        assert _gone(text, key if key in text else key.upper()), text
    for text in ("token refreshed successfully2day", "secret santa2024registration", "the token for environment2production"):
        assert redact(text) == text, text


def test_an_image_reference_whose_tag_holds_an_id_keeps_its_text_and_a_cut_key_does_not():
    ref = "registry.fly.io/acme:deployment-01HZ2A9C1E7B3D8A6F5E4D3C2B"
    assert redact(f"Image: {ref}") == f"Image: {ref}"
    key = _cut_key()
    assert _gone(f"Image: {key}", key)


def test_an_app_id_a_short_id_before_a_reversed_domain_is_a_name_after_a_credentials_name_and_a_key_is_not():
    app = _draw(10, "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") + ".org.example.shop"
    text = '{"webcredentials": {"apps": ["%s"]}}'
    assert redact(text % app) == text % app
    key = _draw(24)
    assert key not in redact(text % key)
    assert key not in redact(text % (key + ".org.example.shop"))  # a key's length before it: still a key


def test_four_dashed_groups_of_drawn_letters_are_an_app_password_and_four_words_are_not():
    consonants = "bcdfghjklmnpqrstvwxz"
    password = "-".join(_draw(4, consonants + "ae") for _ in range(4))
    for place in ("Ok, für bluesky habe ich jetzt {} eingetragen.", "use {} for the mail app", "`{}`"):
        assert _gone(place.format(password), password)
    for kept in ("take blue-bird-fast-lane home", "xxxx-xxxx-xxxx-xxxx", "the slug rust-lang-core-libs is taken"):
        assert redact(kept) == kept


def test_hex_of_a_length_no_digest_has_is_a_key_and_digests_dumps_and_cut_runs_are_not():
    key = _draw(72, HEX)
    for place in ("Here it is: {}\nDelete this mail once you've stored it.", "use {} for now, I'll rotate it"):
        assert _gone(place.format(key), key)
    for length in (56, 64, 96, 128):  # SHA-224, SHA-256, SHA-384, SHA-512
        digest = _draw(length, HEX)
        assert redact(f"Got {digest} for the file") == f"Got {digest} for the file"
    multihash = "1220" + _draw(64, HEX)  # a SHA-256 multihash: its code and its length, then the digest
    assert redact(f"fetched {multihash} ok") == f"fetched {multihash} ok"
    block = "\n".join("  " + _draw(80, HEX) for _ in range(3))  # an Ansible vault's ciphertext: lines of one width
    assert redact(f"vault_db: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n{block}\n").endswith(f"{block}\n")
    signature = "3045022100" + _draw(64, HEX) + "0220" + _draw(64, HEX)  # ECDSA's: one DER sequence
    assert redact(f"signature: {signature} ok") == f"signature: {signature} ok"
    dump = f"{_draw(60, HEX)}\n{_draw(30, HEX)}"  # `xxd -p` of 45 bytes: a full line and the rest
    assert redact(f"$ xxd -p blob\n{dump}\n$ ls") == f"$ xxd -p blob\n{dump}\n$ ls"
    cut = _draw(50, HEX)  # the tail of a longer value a window's start cut off
    assert redact(f"{cut}  dist/shop.tar.gz\n") == f"{cut}  dist/shop.tar.gz\n"


def test_a_number_in_hex_after_a_credentials_name_is_a_number():
    frame = "acme/shop/tokens.(*Store).Get(0x0, {0xc0004ad519, 0x9})"
    assert redact(frame) == frame
    short = _draw(16, HEX)
    assert _gone(f"x-api-token: {short}", short)


def test_a_key_in_groups_of_four_after_a_name_is_random_once_joined():
    key = "-".join(_draw(4, "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(4))
    assert _gone(f"licence key: {key}", key)
    for kept in ("key: 2026-1206-0001-0002", "key: ABCD-ABCD-ABCD-ABCD", "release key: main-next-beta-rc01"):
        assert redact(kept) == kept


def test_an_id_holding_a_zero_padded_number_is_an_id_and_a_drawn_tail_after_its_prefix_is_a_key():
    job = f"bqjob_r{_draw(16, HEX)}_0000019651dd0487_1"
    assert redact(f"Waiting on {job} ... (2s) Current status: DONE") == f"Waiting on {job} ... (2s) Current status: DONE"
    key = f"bqkey_r{_draw(16, HEX)}_{_draw(16, HEX)}_1"
    assert _gone(f"Waiting on {key} ... (2s)", key)


def test_a_short_named_value_of_three_classes_is_judged_by_what_its_length_can_hold():
    assert _gone("[auth] freshdesk_api_key=VVHGaHhju6 ok", "VVHGaHhju6")  # 2.9 bits: one letter twice, as draws do
    for kept in ("STRIPE_SECRET=<from 1Password: Shop/Stripe>", "store,s2_token\nmadrid-1,034abfe556",
                 "tickets of our TOKEN project; SECRET-4 was closed"):
        assert redact(kept) == kept


def test_a_run_that_a_host_or_file_name_goes_on_from_is_a_name():
    host = _draw(52, "abcdefghijklmnopqrstuvwxyz234567")
    assert redact(f"host = {host}.b32.i2p\nport = 80") == f"host = {host}.b32.i2p\nport = 80"
    pack = f"pack-{_draw(40, HEX)}"
    listing = f"$ ls .git/objects/pack\n{pack}.idx\n{pack}.pack"
    assert redact(listing) == listing


def test_a_cut_key_whose_long_part_is_letters_switching_case_is_a_key_and_a_path_of_names_is_not():
    key = "secret-live-ajh2Krj_p_PcT-CmyksXZKaOYZwFr-EtJq4U="
    assert _gone(f"Use {key} for the staging run, I'll rotate it tomorrow.", key)
    path = "src/components/NotificationCenter/NotificationCenterPanel.tsx"
    assert redact(f"edited {path} today") == f"edited {path} today"


def test_a_url_encoded_value_is_judged_as_what_it_encodes():
    digest = _draw(64, HEX)
    for kept in (f'purl="pkg:oci/app@sha256%3A{digest}?repository_url=ghcr.io%2Facme"',
                 f"image ledger@sha256%3A{digest} pulled"):
        assert redact(kept) == kept, kept
    key = _draw(20) + "+" + _draw(12) + "/" + _draw(9)
    encoded = key.replace("+", "%2B").replace("/", "%2F")
    assert _gone(f"the value was {encoded}%3D in the log", encoded)


def test_a_surrogate_key_header_lists_cache_tags_and_a_hex_tag_in_it_is_kept_while_a_named_hex_key_goes():
    digest = _draw(32, HEX)
    for kept in (f"HTTP/1.1 200 OK\nxkey: product-2310 category-12 {digest}\nAge: 120",  # Varnish's tags to purge by
                 f"Surrogate-Key: product-2310 {digest}"):  # Fastly's
        assert redact(kept) == kept, kept
    for text in (f"vendor_key: {digest}", f'x_key = "{digest}"'):
        assert _gone(text, digest), text


def test_a_member_named_by_a_host_alone_is_that_hosts_key_and_one_named_by_a_files_url_keeps_its_digest():
    # base36 with a long run of letters and no 0: no name but the host's makes it a key
    key = _draw(11, "bcdfghjklmnpqrstvwxz") + "6" + _draw(36, "abcdefghijklmnopqrstuvwxyz123456789")
    assert _gone(f'# ~/.gem/credentials\n---\n"https://gems.example.org": {key}', key)
    assert _gone(f'{{\n  "https://registry.example.org:8443/": "{key}",\n  "retries": 3\n}}', key)
    assert redact(f'"https://cdn.example.org/lib-1.2.tgz": "{key}"') == f'"https://cdn.example.org/lib-1.2.tgz": "{key}"'
    uuid = _uuid()
    assert redact(f'"https://registry.example.org": "{uuid}"') == f'"https://registry.example.org": "{uuid}"'


def test_hash_names_a_digest_as_a_word_of_a_name_not_as_the_start_of_a_vendors():
    uuid = "7c2a91d4-3b5e-4f60-9a1d-2e8c5b7f0a13"
    assert redact(f"variables:\n  HASHNODE_TOKEN: {uuid}") == "variables:\n  HASHNODE_TOKEN: [REDACTED:secret]"
    assert redact(f"variables:\n  HASHED_TOKEN: {uuid}") == f"variables:\n  HASHED_TOKEN: {uuid}"
    assert redact(f"commit_hash: {uuid}") == f"commit_hash: {uuid}"


def test_a_hosts_string_in_composers_token_sections_is_its_token_and_the_same_map_elsewhere_stays():
    digest = "7e2a9c40b1d58f36e0a4c92b17d5e38f"
    assert redact(f'{{"bearer": {{"php.repo.example.id": "{digest}"}}}}') == \
        '{"bearer": {"php.repo.example.id": "[REDACTED:token]"}}'
    assert redact(f'{{"gitlab-token": {{"gitlab.example.org:8443": "{digest}"}}}}') == \
        '{"gitlab-token": {"gitlab.example.org:8443": "[REDACTED:token]"}}'
    assert redact(f'{{"content-hash": {{"php.repo.example.id": "{digest}"}}}}') == \
        f'{{"content-hash": {{"php.repo.example.id": "{digest}"}}}}'
    scheme = '{"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}}'  # OpenAPI's, no host in it
    assert redact(scheme) == scheme


def test_a_keys_value_in_json_escaped_inside_a_string_goes_and_a_named_reference_there_stays():
    body = '{"body": "{\\"service\\": \\"relay\\", \\"relayApiKey\\": \\"Rq7!mTz2Kp#xW9vLb4Nc\\", \\"page\\": 1}"}'
    assert redact(body) == '{"body": "{\\"service\\": \\"relay\\", \\"relayApiKey\\": \\"[REDACTED:secret]\\", \\"page\\": 1}"}'
    names = '{"body": "{\\"secret_name\\": \\"prod/db-creds\\", \\"tokenizer\\": \\"sentencepiece\\"}"}'
    assert redact(names) == names


def test_every_key_shaped_value_of_a_gem_credentials_file_goes_whatever_its_symbol_and_a_gemrcs_settings_stay():
    hex_key, letters = _draw(32, HEX), "QhZtwLpXvRkNmaJcYdEs"  # a vendor's symbol, no credential's name
    assert redact(f"---\n:vendorpay: {hex_key}") == "---\n:vendorpay: [REDACTED:gem-credentials]"
    assert redact(f"$ cat ~/.gem/credentials\n---\n:rubygems_api_key: ''\n:shopline: {letters}\n$ gem push x.gem") == \
        "$ cat ~/.gem/credentials\n---\n:rubygems_api_key: ''\n:shopline: [REDACTED:gem-credentials]\n$ gem push x.gem"
    for kept in ("---\n:backtrace: true\n:bulk_threshold: 1000\n:update_sources: true",
                 "---\n:gem: --no-document --user-install\n:concurrent_downloads: 8",
                 "---\n:sources:\n- https://rubygems.org/\n- https://gems.example.no/",
                 "---\n:ssl_ca_cert: /etc/ssl/certs/ca-bundle-2026.crt\n:install: configurationoptions"):
        assert redact(kept) == kept, kept
    assert redact(f"build:\n  :vendorpay: {hex_key}") == f"build:\n  :vendorpay: {hex_key}"  # no document of symbols alone


def test_a_uuid_in_an_insert_row_is_a_key_under_a_key_s_column_and_an_id_under_an_id_s_or_a_cache_key_s():
    key, other = _uuid(), _uuid()
    for text in (f"INSERT INTO `koppelingen` (`leverancier`, `sleutel`) VALUES ('leaseweb', '{key}');",
                 f"INSERT INTO vendor_keys (vendor, api_key) VALUES ('it''s, here', '{key}'), ('b', '{key}');"):
        assert _gone(text, key), text
    for text in (f"INSERT INTO orders (id, customer_id, status) VALUES ('{key}', '{other}', 'paid');",
                 f"INSERT INTO vendor_keys (api_key, vendor) VALUES ('pending', '{key}');",
                 f"INSERT INTO cache (cache_key, hits) VALUES ('{key}', 3);"):
        assert redact(text) == text, text


_UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _lei(body: str) -> str:
    """`body` (18 letters and digits) with ISO 7064 MOD 97-10 check digits, as ISO 17442 writes them."""
    return body + f"{98 - int(''.join(str(int(c, 36)) for c in body + '00')) % 97:02d}"


def test_a_legal_entity_identifier_is_kept_by_its_check_digits_and_a_drawn_look_alike_goes():
    lei = _lei("9845" + _draw(14, _UPPER_DIGITS))
    assert redact(f"echo LEI_CODE={lei} >> /etc/environment") == f"echo LEI_CODE={lei} >> /etc/environment"
    assert redact(f'{{"issuer_lei": "{lei}"}}') == f'{{"issuer_lei": "{lei}"}}'
    wrong = lei[:18] + f"{int(lei[18:]) % 97 + 2:02d}"  # other check digits
    assert _gone(f"echo LEI_CODE={wrong} >> /etc/environment", wrong)


def test_a_digest_under_a_label_naming_its_algorithm_is_kept_at_that_algorithms_length():
    sha512, sha256 = _draw(128, HEX), _draw(64, HEX)
    for text in (f"[Service]\nSetCredential=release_sha512:{sha512}\nExecStart=/opt/shop/bin/sync",
                 f"--build-arg bundle.sha256={sha256}"):
        assert redact(text) == text
    # A length that is not the algorithm's, or a label naming a credential, is no such digest.
    assert _gone(f"SetCredential=release_sha512:{sha256}", sha256)
    assert _gone(f"SetCredential=signing_key_sha512:{sha512}", sha512)


def test_digit_groups_joined_by_dots_under_a_secrets_name_are_a_number_read_in_parts_and_stay():
    for kept in ("<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <id>parcel-id</id>\n"
                 "  <secret>4021.77.903.1</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>",
                 "password: 10.0.0.1", "<secret>402177903161</secret>"):
        assert redact(kept) == kept, kept
    for text in ("<secret>4021.77.903.1x</secret>", "<password>1.2.3.4.5a</password>", "<secret>Xk9q2LmP7vR4tW8z</secret>"):
        assert "[REDACTED:" in redact(text), text


def test_a_vat_number_whose_check_digit_holds_is_a_companys_public_id_and_stays_under_a_label_naming_no_key():
    for kept in ("[Service]\nSetCredential=vat_no:BG919805784\nExecStart=/opt/shop/sync --credential vat_no",
                 "[Service]\nSetCredential=vat-id:SK2373912486", "SetCredential=ust_id:DE136695976",
                 "SetCredential=nip:PL5260250274", "VAT_ID=BG919805784"):
        assert redact(kept) == kept, kept
    # A check digit off by one, or a label naming a key, and the same characters are a credential's.
    for text in ("SetCredential=vat_no:BG919805785", "SetCredential=api_key:BG919805784", "SetCredential=token:SK2373912487"):
        assert "[REDACTED:" in redact(text), text


def test_a_member_named_by_a_push_hosts_path_is_that_hosts_key_even_as_drawn_letters_and_a_files_url_keeps_its_digest():
    assert _gone("---\nhttps://rubygems.shop.example.org/private: tqvkrzxmbnwdelgh", "tqvkrzxmbnwdelgh")
    assert _gone("---\nhttps://gems.example.org/private: Xk9q2LmP7vR4tW8zQ1", "Xk9q2LmP7vR4tW8zQ1")
    for kept in ('"https://deno.land/std@0.200.0/path/mod.ts": "4b825dc642cb6eb9a060e54bf8d69288fbee4904aabbccddeeff001122334455"',
                 "https://cdn.example.org/lib/v2: sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC",
                 "https://old.example.org/docs: https://new.example.org/docs", "https://example.org/feature/flags: enabled",
                 "https://example.org/mirror/path: mirroreuwestprimary", "https://example.org/about/team: internationalization",
                 "https://cdn.example.org/lib/app.js: Xk9q2LmP7vR4tW8zQ1"):  # a file's URL: what is pinned to it
        assert redact(kept) == kept, kept


def test_mavens_master_password_goes_in_the_clear_or_in_its_braces_and_a_variable_or_another_master_element_stays():
    for value in ("{5c1ad07e93b2f4860e7d1a9c35b8f027}", "{jSMOWnoPFgsHVpMvz5VrIt5kRbzGpI8u+9EF1iFQyJQ=}", "Xk9q2LmP7vR4tW8z"):
        assert _gone(f"<!-- ~/.m2/settings-security.xml -->\n<settingsSecurity>\n  <master>{value}</master>\n</settingsSecurity>", value)
    for kept in ("<settingsSecurity>\n  <master>${env.MAVEN_MASTER}</master>\n</settingsSecurity>",
                 "<settingsSecurity>\n  <master>{{ maven_master }}</master>\n</settingsSecurity>",
                 "<settingsSecurity>\n  <relocation>/Volumes/key/settings-security.xml</relocation>\n</settingsSecurity>",
                 "<node><master>true</master></node>", "<branch><master>origin/master</master></branch>"):
        assert redact(kept) == kept, kept
