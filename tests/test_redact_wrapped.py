"""Values a log cut across two lines (capture/wrapped.py, capture/token_shapes.py): the pieces
joined and judged whole, so the rest of a key on the next line goes with it and the rest of a
digest keeps its text. And keys in upper case (a base32 seed, a key in groups), judged by the
letters a random draw gives, which upper-case hex and words do not."""

from __future__ import annotations

import base64
import hashlib

from skillopt_sleep.capture.redact import redact
from skillopt_sleep.capture.wrapped import continuation, cut_before
from tests.drawn import Drawn

_DRAWN = Drawn(131)
_draw = _DRAWN.chars
_BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"



def test_the_pieces_are_found_where_the_next_line_repeats_the_prefix():
    text = "[app] 10:02:11 value=abcdef123456\n[app] 10:02:11 7890xyz (retry)"
    end = text.index("\n")
    start, stop = continuation(text, end)
    assert text[start:stop] == "7890xyz"
    assert text[slice(*cut_before(text, start))] == "value=abcdef123456"
    assert continuation("value=abcdef123456\nother line 7890xyz", len("value=abcdef123456")) is None


def test_an_upper_case_seed_cut_in_two_is_removed_whole():
    seed = "SU" + _draw(56, _BASE32)
    first, rest = seed[:29], seed[29:]
    out = redact(f"[nats] 10:02:11 auth failed for seed={first}\n[nats] 10:02:11 {rest} (will retry)")
    assert first not in out and rest not in out


def test_the_rest_of_a_key_on_the_next_line_goes_with_its_first_piece():
    key = "vend_" + _draw(34, _LOWER) + _draw(24, _LOWER)
    first, rest = key[:39], key[39:]
    out = redact(f"[exporter] 08:01:33 headers {{'x-team': '{first}\n[exporter] 08:01:33 {rest}'}} -> 200")
    assert first not in out and rest not in out


def test_the_rest_of_a_digest_on_the_next_line_keeps_its_text():
    digest = "sha384-" + base64.b64encode(hashlib.sha384(b"bundle").digest()).decode()
    text = f"[fetch] 10:03:40 integrity {digest[:40]}\n[fetch] 10:03:40 {digest[40:]} verified"
    assert redact(text) == text


def test_lines_without_a_shared_prefix_are_not_joined():
    text = "sha256 of the bundle follows\nthen: A7HzKst2VCwHEu2QOxgSfR0BAN6gHel6bqT9"
    assert "A7HzKst2VCwHEu2QOxgSfR0BAN6gHel6bqT9" not in redact(text)


def test_a_long_upper_case_random_run_is_a_key_and_upper_case_hex_or_a_ulid_is_not():
    key = _draw(56, _BASE32)
    assert key not in redact(f"NKEY {key}")
    fingerprint = hashlib.sha256(b"x").hexdigest().upper()
    ulid = "01HZX" + _draw(21, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    for text in (f"digest {fingerprint}", f"event {ulid} stored"):
        assert redact(text) == text


def test_an_upper_case_key_in_groups_is_removed_and_upper_case_ids_in_groups_are_kept():
    groups = [_draw(n, _BASE32) for n in (2, 6, 11, 5, 5, 5)]
    key = "-".join(groups)
    assert key not in redact(f'client = Client("{key}", timeout=30)')
    upper_uuid = "BA3DF5A1-8365-44AF-9167-EDECEA60E2A7"
    words = "RELEASE-2026-03-BUILD-PIPELINE-STAGE-DEPLOY"
    for text in (f"<ProjectGuid>{{{upper_uuid}}}</ProjectGuid>", f"tag {words} pushed"):
        assert redact(text) == text


def test_the_rest_indented_past_the_prefix_goes_with_its_first_piece():
    head, rest = _draw(10), _draw(10)
    out = redact(f"[vendor] vendor_api_key={head}\n[vendor]   {rest} (continued)")
    assert head not in out and rest not in out
    text = f"[vendor] vendor_api_key={head}\n[vendor]   "
    assert continuation(text + rest, text.index("\n")) == (len(text), len(text) + len(rest))


def test_the_rest_of_a_named_value_in_letters_that_switch_case_goes_with_it_and_a_word_does_not():
    head, rest = "VVHGaHhju6", "UuYuKeCrED"  # ten drawn characters with two repeated: 2.9 bits each
    out = redact(f"[freshdesk] freshdesk_api_key={head}\n[freshdesk]   {rest} (continued)")
    assert head not in out and rest not in out
    kept = redact(f"[freshdesk] freshdesk_api_key={head}\n[freshdesk]   Retrying (continued)")
    assert head not in kept and "Retrying (continued)" in kept


def test_the_rest_of_a_value_a_rule_removed_goes_with_it_past_an_indentation():
    rest = _draw(25, "0123456789abcdef")
    text = f"signalwire | 11:14:09 signalwire_api_token=PT{_draw(23, '0123456789abcdef')}\nsignalwire | 11:14:09   {rest}"
    assert rest not in redact(text)
    other = f"signalwire | 11:14:09 signalwire_api_token=PT{_draw(23, '0123456789abcdef')}\nother | 11:14:09   {rest}"
    assert rest in redact(other)  # another logger's line: no rest of it


def test_the_rest_of_a_wrapped_digest_holding_a_slash_keeps_its_text():
    text = ("[fetch] 10:03:40 integrity sha384-wzei4pO4vFLKeGHHlde+5n1Mqd+YUI\n"
            "[fetch] 10:03:40 1T0F2QhObVgsgYCkd2es1w/0FK88Slgjvq verified")
    assert redact(text) == text


def test_a_named_value_a_log_cut_goes_whole_though_its_first_piece_alone_is_no_key():
    head, rest = _draw(10, "0123456789abcdef"), _draw(22, "0123456789abcdef")
    out = redact(f"sync-2  | 07:41:09 vendor_api_token={head}\nsync-2  | {rest}")
    assert head not in out and rest not in out
    kept = f"sync-2  | 07:41:09 vendor_api_token=refreshed\nsync-2  | 07:41:10 done, next in 60s"
    assert redact(kept) == kept


def test_the_rest_a_wrapper_opens_with_an_ellipsis_goes_with_a_short_hex_or_a_cut_uuid_first_piece():
    prefix = "2026-12-22T07:15:48+01:00 shop-api-1 sync[2281]: "
    head, rest = _draw(13, "0123456789abcdef"), _draw(19, "0123456789abcdef")
    out = redact(f"{prefix}loaded SHOP_API_KEY={head}\n{prefix}...{rest} (line folded)")
    assert head not in out and rest not in out
    uuid_head, uuid_rest = "7cc1a391-2417-4", "8ad-ae25-019e68a5a9c9"
    out = redact(f"{prefix}loaded SHOP_API_KEY={uuid_head}\n{prefix}\u2026{uuid_rest} (line folded)")
    assert uuid_head not in out and uuid_rest not in out
    kept = f"{prefix}loaded SHOP_REGION=eu-central-1\n{prefix}...{rest} (line folded)"
    assert redact(kept) == kept


def test_a_named_value_a_log_cut_after_fewer_characters_than_a_password_alone_goes_with_its_rest():
    prefix = "2026-12-23T09:41:12+01:00 shop-api-2 sync[2281]: "
    head, rest = "D7sNA", "rQgRSN76bpV"  # five characters, then the rest of a drawn password
    for name in ("SHOP_API_WACHTWOORD", "SHOP_API_PASSWORD"):
        out = redact(f"{prefix}loaded {name}={head}\n{prefix}...{rest} (line folded)")
        assert head not in out and rest not in out, name
    kept = f"{prefix}loaded SHOP_REGION={head}\n{prefix}...{rest} (line folded)"  # no credential's name
    assert redact(kept) == kept


def test_the_rest_of_a_removed_value_goes_past_the_backslash_that_continued_its_line():
    prefix = "des 27 06:40:12 pool-web-1 vendor-hook[7731]: "
    head, rest = "ab2c90c3b357ef6715e6d20", "f8d24252b3c65fa05e900d4a2e6d2f24dcce48b48"  # drawn hex, cut after 23
    out = redact(f"{prefix}config VENDOR_API_SECRET={head}\\\n{prefix}  {rest} (line goes on)")
    assert head not in out and rest not in out
    kept = f"{prefix}config VENDOR_BUILD_ID={head}\\\n{prefix}  {rest} (line goes on)"  # an id's name: nothing removed
    assert redact(kept) == kept


def test_the_rest_of_a_value_a_container_runtime_cut_goes_from_its_f_line_under_the_p_line():
    stamp = "2026-11-03T14:22:07.553190284+01:00"
    head, rest = "shp-k2rx7dwq9zmv4tnb3c", "pqw5zjt0hnxg8kcv2r"
    out = redact(f"{stamp} stdout P sync: settings SHOP_API_TOKEN={head}\n{stamp} stdout F {rest} (from /etc/shop.env)")
    assert head not in out and rest not in out
    for kept in (f"{stamp} stdout P sync: user alice logged in from host\n{stamp} stdout F workstation12 ok",
                 f"{stamp} stdout P sync: commit 4b825dc642cb6eb9a0\n{stamp} stdout F 60e54bf8d69288 merged"):
        assert redact(kept) == kept
    # Another stream's line is no piece of the cut one.
    assert rest in redact(f"{stamp} stderr P warn: SHOP_API_TOKEN={head}\n{stamp} stdout F {rest} next")


def test_a_plain_head_a_log_cut_after_a_credentials_name_goes_with_the_rest_indented_past_the_prefix_of_the_next_line():
    prefix = "Ion 02 05:12:44 dairy-app-1 dairy-sync[3117]: "
    head, rest = "shop_kqzvbnwrt", "qw7zn0xjpk4v1tmrc5bfye28h"  # no digit in the head: no run a name reads alone
    out = redact(f"{prefix}config SHOP_API_KEY={head}\\\n{prefix}  {rest} (mae'r llinell yn parhau)")
    assert head not in out and rest not in out
    kept = f"{prefix}config SHOP_REGION={head}\\\n{prefix}  {rest} (mae'r llinell yn parhau)"  # no credential's name
    assert head in redact(kept)
    # The rest of a public digest cut the same way is the digest's, and stays.
    digest = f"{prefix}integrity sha384-oqVuAfXRKap7fdgcCY5uykM6\\\n{prefix}  R9GqQ8KuxyrxHNQlGYlkPzQho1wx4JwY8wC ok"
    assert redact(digest) == digest
