"""Where a value sits says what it is, whatever its vendor: an armour's label, a cookie jar, an
encrypted block, a URL's path after a credential's name, a continued line; and names that say a
value is public (a site key, a store's keys, a resource's name, a file's bytes, a click's id).
Each mechanism with a value it must catch and a look-alike it must keep."""

from __future__ import annotations

import base64
import json

from skillopt_sleep.capture.armour import secret_label
from skillopt_sleep.capture.non_secrets import chess_board, harmless
from skillopt_sleep.capture.redact import redact
from tests.drawn import B62, HEX, Drawn

_DRAWN = Drawn(5)
_draw = _DRAWN.chars
_B64 = B62 + "+/"


def _gone(text: str, value: str) -> bool:
    out = redact(text)
    return value not in out and "[REDACTED:" in out


def _kept(text: str) -> bool:
    return redact(text) == text


# --- armour: the label decides -------------------------------------------------------------------

def test_an_armour_label_naming_a_key_makes_its_body_a_secret_whatever_the_vendor():
    for label, body in (("ACMECLOUD API KEY", "live" + _draw(36)), ("WIDGETCO ACCESS TOKEN", "1/" + _draw(40, HEX))):
        text = f"-----BEGIN {label}-----\n{body}\n-----END {label}-----"
        assert _gone(text, body)
        assert f"-----BEGIN {label}-----" in redact(text)  # the label stays: the text still reads


def test_an_armour_label_joined_by_underscores_is_read_word_by_word():
    body = _draw(60, _B64) + "="
    text = f"Key file:\n-----BEGIN ENCODED SHOP_API_KEY-----\n{body}\n-----END ENCODED SHOP_API_KEY-----"
    assert _gone(text, body)
    assert _kept(f"-----BEGIN SHOP_PUBLIC_KEY-----\n{body}\n-----END SHOP_PUBLIC_KEY-----")


def test_public_armour_keeps_its_body_in_either_dash_style():
    body = [_draw(64, _B64), _draw(28, _B64)]
    rfc4716 = "---- BEGIN SSH2 PUBLIC KEY ----\nComment: \"ci@example.org\"\n" + "\n".join(body) + "\n---- END SSH2 PUBLIC KEY ----"
    assert _kept(rfc4716)
    cut_before_begin = "\n".join(body) + "\n=yIII\n-----END PGP PUBLIC KEY B"  # both ends of a long output cut off
    assert _kept(cut_before_begin)


def test_which_labels_name_a_credential():
    assert secret_label("OPENSSH PRIVATE KEY") and secret_label("VENDOR API KEY") and secret_label("SESSION TOKEN")
    assert not secret_label("PUBLIC KEY") and not secret_label("CERTIFICATE") and not secret_label("PGP PUBLIC KEY BLOCK")
    assert not secret_label("PGP MESSAGE") and not secret_label("EC PARAMETERS") and not secret_label("SSH2 PUBLIC KEY")


# --- cookie jars and name/value pairs ------------------------------------------------------------

def test_a_cookie_value_in_a_jar_is_a_credential_even_past_a_long_warning():
    secret = "_" + _draw(300, "0123456789ABCDEF")
    value = "_|WARNING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-in-as-you-and-steal-your-items.|" + secret
    jar = json.dumps({"cookies": [{"name": ".SITESECURITY", "domain": ".example.com", "value": value}]})
    assert _gone(jar, secret)
    # The same string outside a jar (a release's build hash list) is judged by its shape alone.
    listing = json.dumps({"headers": [], "builds": [{"name": "x", "value": value}]})
    assert redact(listing) == listing


def test_a_har_header_named_authorization_has_its_value_removed():
    basic = base64.b64encode(f"root:{_draw(18)}".encode()).decode()
    har = json.dumps({"log": {"entries": [{"request": {"headers": [{"name": "Authorization", "value": f"Basic {basic}"}]}}]}})
    assert _gone(har, basic)


# --- ciphertext made to be committed -------------------------------------------------------------

def test_sealed_and_sops_ciphertext_is_kept_but_a_plain_secret_beside_it_is_not():
    sealed = "Ag" + _draw(120, _B64) + "=="
    manifest = f"kind: SealedSecret\nspec:\n  encryptedData:\n    password: {sealed}\n"
    assert _kept(manifest)
    sops = (f"db_password: ENC[AES256_GCM,data:{_draw(24)},iv:{_draw(43, _B64)}=,tag:{_draw(22, _B64)}==,type:str]\n"
            "sops:\n  version: 3.9.0")
    assert _kept(sops)
    plain = "apiVersion: v1\nkind: Secret\nstringData:\n  password: " + _draw(24)
    assert "[REDACTED:" in redact(plain)


def test_an_app_platform_encrypted_value_is_kept_in_its_spec_and_the_same_value_unwrapped_goes():
    nonce, sealed = _draw(32), _draw(64, B62 + "-_")
    spec = "envs:\n  - key: PAYTR_MERCHANT_KEY\n    scope: RUN_TIME\n    type: SECRET\n    value: {}"
    assert _kept(spec.format(f"EV[1:{nonce}:{sealed}]"))
    assert _gone(spec.format(sealed), sealed)


# --- a URL's path after a credential's name ------------------------------------------------------

def test_a_path_segment_after_key_or_token_is_a_credential_and_an_id_after_another_word_is_not():
    key = _draw(22)
    assert _gone(f'{{"last": "https://maker.example.com/trigger/deploy_done/with/key/{key}"}}', key)
    assert _gone(f"GET https://api.example.net/token/{key}/status", key)
    assert _kept("GET https://api.example.net/users/keys/42 and https://example.net/key/rotation-policy")


# --- a value continued on the next line ----------------------------------------------------------

def test_a_named_value_continued_after_a_backslash_on_a_repeated_prefix_is_removed_whole():
    head, rest = "t-" + _draw(24, HEX) + "-b9", _draw(30, HEX)
    text = f"svc | svc_api_key {head}\\\nsvc | {rest}"
    out = redact(text)
    assert head not in out and rest not in out
    assert _kept("svc | build step one \\\nsvc | 2 files changed")


# --- names that say public -----------------------------------------------------------------------

def test_names_that_say_a_value_is_public_keep_it():
    site = "6L" + _draw(38)
    assert _kept(f'<div class="g-recaptcha" data-sitekey="{site}"></div>')
    assert _kept(f'{{"indexedDB": {{"store": {{"keys": ["draft:{_draw(11)}-{_draw(2)}_{_draw(6)}"]}}}}}}')
    assert _kept("helm: created secret sh.helm.release.v1.shop.v9 in namespace shop")
    assert _kept(f"binaryData:\n  logo.ico: {_draw(64, _B64)}")
    assert _kept(f"https://shop.example.com/?utm_source=news&fbclid={_draw(20)}-{_draw(12)}_{_draw(20)}")
    assert _kept(f'<assemblyIdentity name="Acme.Core" publicKeyToken="{_draw(16, HEX)}" culture="neutral" />')
    # A qualified name still names a credential.
    secret = _draw(12) + "7"
    assert _gone(f"api keys: {secret}", secret)
    assert _gone(f"helm: created secret shop with password {secret}", secret)


def test_a_url_password_that_is_a_variable_is_kept_and_a_literal_one_is_not():
    assert _kept("DATABASE_URL=postgres://${PGUSER}:${PGPASSWORD}@${PGHOST}:5432/${PGDATABASE}")
    password = _draw(16)
    assert _gone(f"DATABASE_URL=postgres://app:{password}@db.internal:5432/shop", password)


def test_a_url_password_url_encoded_as_a_placeholder_of_names_is_kept_and_one_around_a_literal_is_not():
    placeholders = ("%3Cpath%3Akv%2Fdata%2Fshop%2Fgit%23password%3E", "%7B%7B%20vault_hg_password%20%7D%7D",
                    "%24%7BGIT_PASSWORD%7D")
    assert all(_kept(f"url = https://me:{kept}@git.example.org/shop.git") for kept in placeholders)
    password = _draw(15) + "7"  # a digit: no name of words
    literals = (f"%24{password}", f"%3C{password}%3E", f"%7B%7B%20{password}%20%7D%7D", f"%3C{password}")
    assert all(_gone(f"url = https://me:{literal}@git.example.org/shop.git", literal) for literal in literals)


# --- shapes public by their structure ------------------------------------------------------------

def test_a_decentralized_identifier_and_a_chess_position_are_public():
    did = "did:key:z6Mk" + _draw(44)
    assert harmless(did) and _kept(f'[issuer]\ndid = "{did}"')
    board = "rnbq1rk1/pp2bppp/2p5/3p4/3Pn3/2NB1N2/PPP2PPP/R1BQ1RK1"
    assert chess_board(board) and _kept(f"Position after 12...Nxe4: {board} w - - 0 13, and white is fine.")
    assert not chess_board("rnbq1rk1/pp2bppp/2p5/3p4/3Pn3/2NB1N2/PPP2PPP/R1BQ1RK")  # seven squares on a rank
    assert not chess_board("a9Kd/" + _draw(40))


# --- a command's words name what it printed ------------------------------------------------------

def test_rows_under_a_command_that_says_public_are_kept_and_rows_under_another_are_judged():
    rows = "\n".join(f"{coin}  {_draw(34 + i)}" for i, coin in enumerate(("DOT", "TRX", "XRP")))
    assert _kept(f"$ acme accounts list --public\n{rows}")
    assert redact(f"$ acme accounts list\n{rows}").count("[REDACTED:") == 3


def test_a_value_alone_under_a_command_selecting_ids_is_kept():
    version = f"{_draw(18)}.{_draw(8)}.{_draw(3)}"
    listing = f"$ aws s3api list-object-versions --bucket docs --query 'Versions[].VersionId'\n[\n  \"{version}\"\n]"
    assert _kept(listing)
    assert "[REDACTED:" in redact(listing.replace("Versions[].VersionId", "Versions[].Body"))


def test_a_store_s_keys_and_a_secret_resource_s_name_are_no_names_but_a_random_key_after_them_still_goes():
    key = _draw(40)
    assert _gone(f'{{"keys": ["{key}"]}}', key)
    assert _gone(f"created secret {key}", key)


def test_the_next_log_line_after_a_named_value_is_not_taken_for_its_rest():
    password = _draw(14) + "9"
    out = redact(f"[app] 10:02:11 password={password}\n[app] 10:02:12 retry 3 of 5")
    assert password not in out and "10:02:12 retry 3 of 5" in out


def test_a_short_id_in_a_store_s_namespace_is_kept_but_a_named_or_longer_one_is_not():
    ident = _draw(21)
    assert harmless(f"draft:{ident}") and not harmless(f"pass:{ident}") and not harmless(f"draft:{_draw(40)}")
    assert _kept(f'{{"keys": ["draft:{ident}", "user:{_draw(20)}"]}}')
    assert _kept(f"title,uri\nTrack 1,acme:track:{_draw(22)}\nTrack 2,acme:track:{_draw(22)}")
    assert not harmless(f"acme:token:{ident}")


def test_basic_credentials_are_removed_wherever_they_are_written_and_other_base64_after_basic_is_not():
    pair = base64.b64encode(b"deploy:summer2024").decode()  # a weak password: no shape says key, the structure does
    assert _gone(f"the proxy sent Basic {pair} on every retry", pair)
    words = base64.b64encode(b"hello world, this is fine").decode()
    assert _kept(f"basic {words} decoded")


def test_make_s_conditional_and_expanded_assignments_hand_a_value_to_its_name_as_equals_does():
    key = _DRAWN.uuid()
    for operator in ("?=", ":=", "::=", "="):
        assert _gone(f"VENDOR_TOKEN {operator} {key}\n\nsync:\n\t./bin/sync --key $(VENDOR_TOKEN)", key)
    kept = f"BUILD_ID ?= {key}\nifneq ($(TOKEN),)\n\t@echo set\nendif"
    assert redact(kept) == kept  # an id's name, and a comparison: nothing handed over


def test_an_environment_variable_s_name_quoted_as_an_argument_hands_its_value_to_the_next_one():
    value = _draw(6, "abcdefghijklmnopqrstuvwxyz") + "30" + _draw(2, "abcdefghijklmnopqrstuvwxyz")
    for text in (f'buildConfigField "String", "VENDOR_SHARED_SECRET", \'"{value}"\'',
                 f'os.environ.setdefault("VENDOR_API_TOKEN", "{value}")',
                 f'Test / envVars := Map("VENDOR_PASSWORD" -> "{value}")'):
        assert _gone(text, value), text
    for kept in ('t("PASSWORD_RESET", "Reset your password")', 'os.getenv("API_TOKEN", "")',
                 f'check("vendor_token", "{value}")', f'pair("VENDOR_REGION", "{value}")'):
        assert redact(kept) == kept, kept


def test_the_literal_a_credential_s_variable_falls_back_to_is_that_credential_and_an_id_s_default_stays():
    key = _DRAWN.uuid()
    for text in (f"const apiKey = process.env.VENDOR_API_KEY ?? '{key}';",
                 f'const token = process.env["VENDOR_TOKEN"] || "{key}";',
                 f'val secret = System.getenv("VENDOR_SECRET") ?: "{key}"',
                 f'token = os.environ.get("VENDOR_TOKEN") or "{key}"', f'token = os.getenv("VENDOR_TOKEN", default="{key}")',
                 f'token = ENV.fetch("VENDOR_TOKEN") {{ "{key}" }}',
                 f'let token = env::var("VENDOR_TOKEN").unwrap_or_else(|_| "{key}".to_string());'):
        assert _gone(text, key), text
    for kept in (f"const tenant = process.env.VENDOR_TENANT_ID ?? '{key}';",
                 f'const region = process.env.VENDOR_REGION || "{key}";',
                 f"const run = process.env.CI_RUN_UUID ?? '{key}';",
                 f'let tenant = env::var("VENDOR_TENANT_ID").unwrap_or("{key}".into());'):
        assert redact(kept) == kept, kept


def test_short_lower_case_hex_handed_to_a_name_ending_in_key_is_a_key_and_an_id_or_lookup_key_is_not():
    key = _draw(16, HEX)
    for text in (f'vendor_crc_key = "{key}"',
                 f'variable "vendor_crc_key" {{\n  type    = string\n  default = "{key}"\n}}'):
        assert _gone(text, key), text
    for kept in (f'gpg_key = "{key.upper()}"',  # upper-case hex of a key's id: a public fingerprint
                 f"event=cache.miss key={key} took=3ms",  # a bare key: what a lookup was for
                 f'cache_key = "{key}"', f'variable "db_public_key" {{\n  default = "{key}"\n}}'):
        assert redact(kept) == kept, kept


def test_a_sentence_that_hands_a_key_over_makes_the_value_after_its_colon_one_in_any_language():
    uuid, short = _DRAWN.uuid(), _draw(16, HEX)
    assert _gone(f"Subject: Re: trial\n\nHere is the key you asked for: {uuid}\nLet me know if it works.", uuid)
    assert _gone(f"Oi, usa a minha chave por enquanto: {short} — depois crio uma conta para ti.", short)
    for kept in (f"Retried with the idempotency key for the charge: {uuid}",  # a kind of key, not one handed over
                 f"The key rotation ran. Next run: {uuid}", f"key: {uuid}"):
        assert redact(kept) == kept, kept


def test_a_noun_whose_ending_is_its_article_or_possessive_hands_a_key_over_after_a_colon_or_is():
    uuid = _DRAWN.uuid()
    assert _gone(f"Codurile poștale merg iar, cheia nouă este {uuid}, cea veche a expirat vineri.", uuid)
    assert _gone(f"A blocknative kulcsát ma reggel lecseréltem, az új: {uuid} — tedd be a stagingbe.", uuid)
    assert _gone(f"Sorry, my token is {uuid} until the new account exists.", uuid)
    for kept in (f"Codurile poștale merg iar, cererea nouă este {uuid}.",  # a request, not a key
                 f"The request id is {uuid}", f"A kulcs ma reggel lejárt, az új kérés: {uuid}"):
        assert redact(kept) == kept, kept


def test_a_value_alone_after_a_console_s_result_mark_is_named_by_the_line_above():
    token = _draw(40, HEX)  # a SHA-1's length: only the name above says it is a token
    assert _gone(f"> localStorage.getItem('nautobotToken')\n< '{token}'", token)
    assert _gone(f"> localStorage.getItem('apiKey')\n< \"{token}\"", token)
    for kept in (f"> localStorage.getItem('lastCommit')\n< '{token}'",  # a commit's id under its name
                 f"> sessionStorage.getItem('buildSha')\n< \"{token}\""):
        assert redact(kept) == kept, kept


def test_a_property_list_entry_on_one_line_is_named_by_its_key_s_text_not_by_the_key_element():
    key = _draw(24)
    assert _gone(f"<dict><key>RevenueCatApiKey</key><string>appl_{key}</string></dict>", key)
    short = _draw(16)
    assert _gone(f"<key>Key</key><string>{short}</string>", short)  # the name `Key`, held in the element
    for kept in ("<dict><key>SKAdNetworkIdentifier</key><string>5jdoesl83g.skadnetwork</string></dict>",
                 "<dict><key>CFBundleIdentifier</key><string>x7kq2m9dpa.shop</string></dict>"):
        assert redact(kept) == kept, kept


def test_a_property_list_string_under_a_key_naming_a_credential_is_judged_as_a_quoted_literal():
    letters = _draw(14, "abcdefghijklmnopqrstuvwxyz")  # lower-case letters alone: too plain to be judged by shape
    for text in (f"<dict>\n  <key>ApiToken</key>\n  <string>{letters}</string>\n</dict>",
                 f"<key>VendorPassword</key><string>{letters}</string>"):
        assert _gone(text, letters), text
    for kept in (f"<dict>\n  <key>BundleName</key>\n  <string>{letters}</string>\n</dict>",  # no credential's name
                 f"<key>ApiTokenId</key><string>{letters}</string>",  # the id of a token
                 "<key>ApiTokenURL</key>\n<string>https://auth.example.com/token</string>",  # where it is fetched
                 "<key>TokenType</key><string>Bearer</string>",
                 "<key>ApiToken</key><string>$(API_TOKEN)</string>"):  # a build setting's reference
        assert redact(kept) == kept, kept


def test_a_value_alone_on_its_line_four_lines_under_the_command_naming_it_is_named_as_the_reader_says():
    old, new = _draw(32, HEX), _draw(32, HEX)
    diff = f"$ diff old/api_token new/api_token\n1c1\n< {old}\n---\n> {new}"  # plain diff: the `>` side is line four
    out = redact(diff)
    assert old not in out and new not in out, out
    kept = f"$ diff old/build_sha new/build_sha\n1c1\n< {old}\n---\n> {new}"  # a digest's name: both sides stay
    assert redact(kept) == kept


def test_a_pgbouncer_auth_file_line_gives_its_drawn_password_and_names_or_versions_in_pairs_stay():
    password = "q" + _draw(6, "abcdefghij") + "39" + _draw(5, "ABCDEFGH")
    assert _gone(f'"shop_app" "{password}"\n"shop_ro" ""', password)
    assert _gone(f'"shop_app" "md5{_draw(32, HEX)}"', "md5")
    assert _kept('"name" "release-2024"\n"build" "v1.2.3-rc4"\n"user" "hunter2024"')
    assert _kept(f'say "hello" "{password}" to the new user')
    assert _kept('"AppState"\n{\n\t"appid"\t\t"730"\n\t"buildid"\t\t"14238475"\n}')


def test_an_auth_file_printed_under_the_command_that_shows_it_gives_its_password_and_other_files_stay():
    password = "Wm" + _draw(7, "abcdefghij") + "58" + _draw(6, "KLMNOPQR")
    assert _gone(f'$ sudo -u pool cat /etc/pool/users.txt\n"pool_rw" "{password}"', password)
    assert _gone(f'# less users.txt\n"a" "{password}"\n"b" "md5{_draw(32, HEX)}"', password)
    assert _kept('$ cat /etc/pool/users.txt\n"name" "release-2024"\n"build" "v1.2.3-rc4"')
    assert _kept('$ cat orders.txt\n"order" "3f2c9e1a-77b0-4c1e-9d2a-5b6c7d8e9f01"')  # a UUID in any file
    assert _kept(f'$ cat /etc/pool/users.txt | wc -l\n"a" "{password}"')  # not the file's text


def test_a_ups_monitor_line_gives_the_password_before_its_role_and_words_or_placeholders_there_stay():
    hex_key, letters = _draw(32, HEX), "Rt" + _draw(6, "abcdefgh") + "47" + _draw(6, "MNPQRSTV")
    assert _gone(f"MONITOR rack@198.51.100.9 1 watcher {hex_key} primary", hex_key)
    assert _gone(f"  MONITOR rack@nas.local:3493 2 watcher {letters} slave  # rack", letters)
    for kept in ("MONITOR rack@localhost 1 watcher changeme secondary",
                 "MONITOR rack@localhost 1 watcher ${UPS_PASSWORD} primary",
                 "MONITOR ups@host 1 user password primary|secondary",  # the manual's own template
                 f"redis-cli MONITOR | grep {hex_key}"):
        assert _kept(kept), kept


def test_a_radius_server_line_under_its_column_comment_gives_the_shared_secret_and_words_stay():
    drawn, hexed = "kq" + _draw(8, "abcdefgh") + "73" + _draw(8, "stuvwxyz"), _draw(32, HEX)
    columns = "# server[:port]\tshared_secret\ttimeout\n"
    assert _gone(f"{columns}203.0.113.4:1812\t{drawn}\t3", drawn)
    assert _gone(f"{columns}127.0.0.1 other 1\nradius.example.org {hexed}  10", hexed)
    assert _kept(f"{columns}127.0.0.1\tsecret\t1\nother-server\tother-secret\t3")  # the file's own samples
    assert _kept("# the secret lives in the vault\ncommit a1b2c3d\nbuild release-2024 3")


def test_a_password_name_gives_drawn_letters_of_one_case_below_keys_entropy_and_words_run_together_stay():
    for value in ("mkvzmqpktrzvhwem", "tqaxzvtrqmxkbezt"):  # entropy under 3.5, a draw's few vowels
        assert _gone(f"  env:\n    MAIL_APP_PASSWORD: {value}", value)
    assert _gone("DB_PASS: PLKQPZRXPNMKHGDK", "PLKQPZRXPNMKHGDK")
    for kept in ("postgrespassword", "correcthorsebatterystaple", "mysqlrootpasswd", "strengthsrhythms",
                 "developmentonly", "administratorpw"):
        assert _kept(f"  env:\n    DB_PASSWORD: {kept}"), kept
    assert _kept("  env:\n    BYPASS: mkvzmqpktrzvhwem")  # a bypass names no password


def test_a_note_of_what_was_typed_at_kinits_prompt_gives_it_and_kinits_own_messages_stay():
    typed = "qz" + _draw(8, "abcdefgh") + "61" + _draw(8, "mnpqrstv")
    assert _gone(f"[realms]\n# kinit svc-backup: {typed}", typed)
    assert _gone(f"$ kinit admin/admin@EXAMPLE.ORG: {typed}", typed)
    for kept in ('kinit: Cannot find KDC for realm "EXAMPLE.ORG" while getting initial credentials',
                 "kinit alice@EXAMPLE.ORG: Preauthentication failed", "# kinit svc-backup: see the keytab",
                 "kinit svc-backup: /etc/krb5.keytab"):
        assert _kept(kept), kept


def test_a_url_encoded_command_that_fetches_the_password_stays_and_one_given_the_key_as_written_goes():
    fetched = ("%24%28age%20-d%20-i%20~%2F.age%2Fkey.txt%20%3C%20%2Fsrv%2Fci%2Fgit.age%29",  # reads a file on its input
               "%24%28gcloud%20secrets%20versions%20access%20latest%20--secret%3Dgit%20%7C%20base64%20-d%29",  # piped on
               "%24%28%2Fusr%2Flocal%2Fbin%2Fsecrettool%20lookup%20-q%20%22Vault%3DOps%3BItem%3Dpypi%22%29")  # by its path
    for command in fetched:
        assert _kept(f"[remote \"origin\"]\n\turl = https://deploy:{command}@git.example.org/team/app.git"), command
    key = "Xk29" + _draw(14, B62) + "q7Z"
    for command in (f"%24%28echo%20{key}%20%7C%20base64%20-d%29", f"%24%28decrypt%20%22{key}%22%29",
                    f"%24%28tr%20-d%20x%20%3C%3C%3C%20{key}%29"):  # a here-string is the value written out
        assert _gone(f"url = https://deploy:{command}@git.example.org/x.git", key), command


def test_a_credentials_file_line_of_a_location_a_user_and_a_drawn_value_gives_the_value_and_look_alikes_stay():
    hex_key, letters = _draw(32, HEX), _draw(20, B62)
    assert _gone(f'# /etc/davfs2/secrets\nhttps://dav.example.lv/osta/    osta    "{hex_key}"', hex_key)
    assert _gone(f"/media/dav  anna  {letters}", letters)
    digest = _draw(64, HEX)
    for kept in ("/dev/sda1  /mnt/data  ext4  defaults  0  2", "127.0.0.1   localhost",
                 f"gitlab.example.org ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_draw(43, B62)}",
                 f"{digest}  release-1.2.tar.gz", f"*/5 * * * * /usr/local/bin/backup --target s3 {hex_key}",
                 f"/usr/local/bin/tool trace {hex_key}",  # a program and its arguments
                 f"https://github.com/acme/api  main  {_draw(40, HEX)}",  # a commit
                 "/api/v1/users  GET  listUsersHandler",  # a route's handler
                 "/home/ana/src/app  3f9a2c1  [feature/login-v2-2026]",  # `git worktree list`
                 "https://www.imdb.com/title/tt8119123/ and https://www.amazon.com/dp/B0HU7ZFK1Q"):
        assert _kept(kept), kept


def test_a_credentials_files_line_gives_its_password_by_the_files_documented_layout():
    password, hexed = _draw(8).lower() + "9" + _draw(23).lower(), _draw(32, HEX)
    assert _gone(f"uri ldaps://ldap.example.org\nbase dc=example,dc=org\nbindpw {password}\nssl on", password)
    assert _gone(f"rootpw {password}", password)
    assert _gone(f"# /etc/postfix/sasl_passwd\n[smtp.example.org]:587    ops@example.org:{hexed}", hexed)
    assert _gone(f'createUser ops SHA "{hexed}" AES\nrouser ops priv', hexed)
    assert _gone(f'createUser ops SHA-256 "{password}" AES "{hexed}"', hexed)
    assert _gone(f"# /etc/openvpn/client/ops.pass (auth-user-pass)\nops\n{hexed}", hexed)
    # The same files' ordinary lines, a variable where the value goes, and look-alikes stay.
    assert _kept("uri ldaps://ldap.example.org\nbase dc=example,dc=org\nbindpw $(secret-tool lookup service ldap)")
    assert _kept("binddn cn=ops,ou=services,dc=example,dc=org\nrouser ops priv\nrwuser admin authPriv")
    assert _kept("[INFO] org.example:shop:jar:3.8.1\n[INFO] \\- org.example:core:jar:32.1:compile")
    assert _kept("[smtp.example.org]:587    ops@example.org:sm://ops-prod/relay-password")
    assert _kept("# see auth-user-pass in the docs\nclient\nnobind\nremote vpn.example.org 1194 udp")
    assert _kept("client\nauth-user-pass /etc/openvpn/client/ops.pass\nauth-nocache")


def test_a_ppp_secrets_line_gives_its_secret_by_the_any_server_or_any_address_star_of_its_layout():
    secret = "7os5af3r09fquo6sbegzgsyebannd4yz"  # lower case and digits: no shape of a key alone
    assert _gone(f"shop-dialup  *  {secret}  *", secret)  # pap-secrets: client, any server, secret, any address
    assert _gone(f'# client\t\tserver\tsecret\t\t\tIP addresses\n"shop"\t*\t"{secret.upper()}"\t192.0.2.50', secret.upper())
    assert _gone(f"alice  pptpd  {secret}  *", secret)
    for kept in ('alice  *  "$(pass show ppp/alice)"  *', "*/5  *  *  *  *  /usr/bin/backup.sh", "alice  *  hunter  *",
                 "Total  *  3fa85f64-5717-4562-b3fc-2c963f66afa6  *", "deploy  *  4b825dc642cb6eb9a060e54bf8d69288fbee4904",
                 "alice  *  /etc/ppp/keys/alice.key  *", "SELECT  *  FROM  users", "total  *  12345678901234  *"):
        assert _kept(kept), kept


def test_an_exim_passwd_client_line_gives_its_password_after_a_host_and_a_login():
    password = "VQ7NXK2ZRT9WM4PLD8HC3BYF6GJ5TS0K"  # upper case and digits: no shape of a key alone
    assert _gone(f"*.mail.example.org:shop:{password}", password)
    assert _gone(f"smtp.example.org:ops@example.org:{password.lower()}", password.lower())
    for kept in ("smtp.example.org:ops:$(pass show mail/ops)", "registry.example.com:5000:latest", "app.module:INFO:Started",
                 "ci.example.org:build:4b825dc642cb6eb9a060e54bf8d69288fbee4904", "smtp.example.org:ops:hunter",
                 "node1.cluster.local:worker:3fa85f64-5717-4562-b3fc-2c963f66afa6", "com.google.guava:guava:32.1.2-jre",
                 "web01.example.org:eth0:10.0.0.5", "ssh.example.org:alice:/home/alice"):
        assert _kept(kept), kept


def test_a_nagios_user_macro_gives_a_drawn_value_as_its_password_and_a_path_or_a_word_stays():
    password = "0emrvftva0hipgad35l9m26mi0yhz0na"  # lower case and digits: no shape of a key alone
    assert _gone(f"$USER1$=/usr/lib/nagios/plugins\n$USER9$={password}", password)
    assert redact(f"$USER1$=/usr/lib/nagios/plugins\n$USER9$={password}").startswith("$USER1$=/usr/lib/nagios/plugins\n")
    for kept in ("$USER2$=/usr/local/nagios/libexec/eventhandlers", "$USER4$=monitoring", "$USER6$=$(cat /etc/nagios/db.pass)",
                 "command_line $USER1$/check_http -H $HOSTADDRESS$", "$USER8$=192.0.2.15"):
        assert _kept(kept), kept


def test_a_drawn_value_after_the_key_flag_of_a_credential_helpers_command_is_the_key_it_is_handed():
    key = "8c3f1a907e42d6b5a09f2c71"  # hex shorter than a named key's: nothing else reads it
    assert _gone(f"[profile shop]\ncredential_process = /opt/shop/bin/creds --key {key}\nregion = eu-west-2", key)
    assert _gone(f"credential_process = /opt/shop/bin/creds --key={key}", key)
    for kept in ("credential_process = aws-vault exec prod --json", "credential_process = helper --key-id AKIAIOSFODNN7EXAMPLE",
                 "credential_process = helper --key /etc/shop/creds.key", "credential_process = helper --key prod-admin",
                 "credential_process = helper --key $SHOP_KEY", "sort --key 2 credentials.csv", f"incredible --key {key}"):
        assert _kept(kept), kept
