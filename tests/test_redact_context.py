"""Where a value sits decides what it is (capture/secret_patterns.py, capture/non_secrets.py): a
masked value's label, a resource's name segment, a listing's cursor, code on the right of `=`, a
table's row, a public JSON Web Key, a certificate pin. Each mechanism with a string it must keep
and a secret in the same place it must still remove."""

from __future__ import annotations

import base64
from urllib.parse import quote

from skillopt_sleep.capture.redact import redact
from tests.drawn import Drawn, HEX

_DRAWN = Drawn(97)
_RNG, _draw, _uuid = _DRAWN.rng, _DRAWN.chars, _DRAWN.uuid


def _gone(text: str, value: str) -> bool:
    out = redact(text)
    return value not in out and "[REDACTED:" in out


def _kept(text: str) -> bool:
    return redact(text) == text


def test_a_masked_value_keeps_its_label_and_a_bracketed_key_does_not():
    assert _kept('{"secret": "[HIDDEN]", "token": "[masked value]"}')
    key = _draw(24)
    assert _gone(f'{{"secret": "[{key}]"}}', key)


def test_a_secret_word_inside_a_resource_name_is_its_type_not_its_name():
    assert _kept("arn:aws:secretsmanager:us-east-2:123456789012:secret:billing/stripe-Ab3dE9")
    assert _kept("gcloud secrets versions access latest --secret=x of projects/42/secrets/api-key-7Fk2")
    key = _draw(32)
    assert _gone(f"secret: {key}", key)


def test_a_listing_cursor_is_no_credential_but_a_page_service_token_is():
    cursor = _draw(48)
    assert _kept(f'{{"items": [], "next_page_token": "{cursor}"}}')
    assert _kept(f"ContinuationToken: {cursor}")
    assert _kept(f'{{"nextSyncToken": "{cursor}"}}') and _kept(f"$skiptoken={cursor}")
    assert _gone(f'PAGERDUTY_TOKEN: "{cursor}"', cursor)
    assert _kept("> GET /oai?verb=ListRecords&resumptionToken=oai_dc%2F2026-12-01%2F%2F%2F200 HTTP/1.1")  # OAI-PMH's cursor
    assert _gone("> GET /oai?verb=ListRecords&token=oai_dc%2F2026-12-01%2F%2F%2F200 HTTP/1.1", "oai_dc%2F2026")


def test_code_on_the_right_of_a_secret_name_is_kept_and_a_literal_is_not():
    assert _kept("refresh_token = session.credentials.refresh_token")
    literal = _draw(20)
    assert _gone(f'refresh_token = "{literal}"', literal)
    assert _gone("password = CorrectHorseBatteryStaple", "CorrectHorseBatteryStaple")  # words, but no attribute read


def test_an_algorithm_read_off_a_module_after_a_secret_is_code_and_a_dotted_password_is_not():
    assert _kept("expected = hmac.new(settings.WEBHOOK_SECRET.encode(), body, hashlib.sha256).hexdigest()")
    assert _kept("digest = hmac.new(signing_secret, payload, hashlib.md5)")
    assert _gone("client_secret: Welcome1.Admin", "Welcome1.Admin")  # no module's name in lower case opens it
    assert _gone("password = Summer.2024", "Summer.2024")


def test_a_licence_s_spdx_identifier_under_license_is_kept_and_a_licence_key_is_not():
    assert _kept("$ pip show httpx\nName: httpx\nVersion: 0.28.1\nLicense: BSD-3-Clause\nRequires: anyio")
    assert _kept('{"name": "reports", "license": "BSD-2-Clause-Patent"}')
    assert _gone("license_key: BSD-3-Clause", "BSD-3-Clause")  # a key's name: its value is the key, whatever its shape
    key = "Wq7Zp-Kx3Rb-9TmQa"
    assert _gone(f"license: {key}", key)


def test_a_version_of_a_stored_secret_is_named_by_the_word_version():
    assert _kept(f"Created secret version {_uuid()} of projects/7/secrets/db")
    token = _uuid()
    assert _gone(f"export SERVICE_TOKEN={token}", token)
    key = _draw(32)
    assert _gone(f'{{"version": "1", "data": "{key}"}}', key)  # the version is the value right after it only


def test_a_table_row_is_not_named_by_the_row_above():
    table = ("NAME                 TYPE                                  DATA\n"
             "api-credentials      Opaque                                2\n"
             "builder-token-x7k2p  kubernetes.io/service-account-token   3")
    assert _kept(table)
    password = "Xk9#mQ2v" + _draw(6)
    assert _gone(f"password:\n  {password}", password)
    assert _gone(f"env:\n  - name: DB_PASSWORD\n    value: \"{password}\"  # rotated monthly", password)


def test_a_public_json_web_key_is_kept_and_a_private_one_is_not():
    modulus = base64.urlsafe_b64encode(_RNG.randbytes(256)).decode().rstrip("=")
    public = f'{{"keys": [{{\n  "kty": "RSA",\n  "alg": "RS256",\n  "n": "{modulus}",\n  "e": "AQAB"\n}}]}}'
    assert _kept(public)
    private = base64.urlsafe_b64encode(_RNG.randbytes(256)).decode().rstrip("=")
    secret = f'{{\n  "kty": "RSA",\n  "n": "{modulus}",\n  "e": "AQAB",\n  "d": "{private}"\n}}'
    assert private not in redact(secret)


def test_a_certificate_pin_is_a_digest():
    pin = base64.b64encode(_RNG.randbytes(32)).decode()
    assert _kept(f"pins:\n  - sha256/{pin}")
    assert _kept(f'Public-Key-Pins: pin-sha256="{pin}"; max-age=5184000')


def test_a_reference_written_as_a_call_around_a_url_is_kept():
    assert _kept("API_TOKEN=@Microsoft.KeyVault(SecretUri=https://ops-kv.vault.azure.net/secrets/api-token/)")
    password = "Qz8!" + _draw(12)
    assert _gone(f"DB_PASSWORD={password}", password)


def test_an_anonymous_ftp_login_has_no_password_to_hide():
    assert _kept("machine mirror.example.net login anonymous password ops@example.net")
    assert _kept("machine mirror.example.net\n  login ftp\n  password guest")
    password = "w9" + _draw(14)
    assert _gone(f"machine mirror.example.net login deploy password {password}", password)


def test_a_uuid_in_an_element_named_for_an_id_is_kept():
    assert _kept(f"<PropertyGroup>\n  <UserSecretsId>{_uuid()}</UserSecretsId>\n</PropertyGroup>")
    token = _uuid()
    assert _gone(f"<ApiToken>{token}</ApiToken>", token)
    assert _gone(f"export SERVICE_TOKEN={token}", token)


def test_an_authorization_value_after_a_scheme_and_a_vendor_word_is_removed():
    key = _uuid()
    assert _gone(f"> Authorization: Bearer VendorKey {key}", key)
    assert _kept("Authorization: see the header docs")


def test_a_token_with_dots_before_the_at_of_a_url_is_removed():
    key = "mk." + _draw(40, HEX)
    assert _gone(f'dsn: "mailer+api://{key}@default"', key)
    assert _kept("git clone https://first.last@example.com/team/repo.git")


def test_cred_names_a_credential_as_credential_does():
    password = "tR4!" + _draw(10)
    assert _gone(f"I put svc_cred={password} in the file", password)
    assert _gone(f"$ deploy --app-creds {password} --dry-run", password)
    assert _kept("credit limit 4111 of account acct_2024")


def test_the_mappings_of_a_source_map_are_public_and_a_key_beside_them_is_not():
    segments = ";".join(base64.b64encode(_RNG.randbytes(30)).decode() for _ in range(3))
    source_map = f'{{"version": 3, "sources": ["src/app.ts"], "mappings": "{segments}"}}'
    assert _kept(source_map)
    key = _draw(40)
    assert _gone(f'{{"version": 3, "sources": ["src/app.ts"], "mappings": "AAAA", "secret": "{key}"}}', key)
    assert _gone(f'{{"mappings": "{key}"}}', key)  # no sources: no source map


def test_a_name_about_the_secret_keeps_a_header_name_and_a_file_path_but_not_a_key():
    assert _kept("TOKEN_TTL_SECONDS=3600\nAPI_KEY_HEADER=X-Api-Key")
    key = _draw(24)
    assert _gone(f"API_KEY_HEADER={key}", key)
    assert _kept("web-1 ansible_host=198.51.100.21 ansible_ssh_private_key_file=~/.ssh/deploy_ed25519")
    assert _kept("TOKEN_FILE=/run/secrets/token_v2")
    assert _gone(f"ssh_private_key = '{key}'", key)


def test_a_dump_row_is_named_by_its_column_in_the_header_above():
    key = _draw(32, HEX)
    copy = f"COPY public.api_credentials (provider, secret, created_at) FROM stdin;\nacme\t{key}\t2026-12-01\n\\."
    assert _gone(copy, key)
    assert _gone(f"provider\tsecret\tcreated_at\nacme\t{key}\t2026-12-01", key)
    assert _kept(copy.replace("secret", "commit"))  # hex under a column that names no credential is an id
    assert _kept(f"provider\tsecret\tcreated_at\nacme\t{key}")  # a row of other width is not this table's


def test_a_named_value_cut_short_at_a_continued_line_is_judged_whole():
    head, rest = _draw(7), _draw(15)
    text = f"INFO  vendor auth header Bearer {head}\\\nINFO    {rest}"
    out = redact(text)
    assert head not in out and rest not in out
    assert _kept("INFO  vendor auth header Bearer\nINFO    done waiting")


def test_a_header_named_for_what_it_carries_keeps_its_value_in_a_block_of_headers():
    blob = _draw(28) + "=="
    mail = f"Thread-Topic: Q4 roadmap\nThread-Index: {blob}\nX-MS-Has-Attach: yes"
    assert _kept(mail)
    folded = f"X-Google-Smtp-Source: {_draw(44)}\n {_draw(40)}==\nX-Received: by 2002:a05:6a20:f406 with SMTP id x"
    assert _kept(folded)
    assert _gone(f"Host: api.example.com\nX-Vendor-Key: {blob}\nAccept: */*", blob)  # its name says key
    assert _gone(f"Thread-Index: {blob}", blob)  # one line alone is no block of headers
    assert _gone(f"Subject: hi\nX-Note: here is mine {blob}", blob)  # inside prose, not the header's value


def test_the_last_segment_of_a_url_set_as_an_endpoint_is_its_key():
    key = _draw(40, HEX)
    assert _gone(f"ETH_RPC = 'https://rpc.vendor.example/eth/{key}'", key)
    assert _gone(f"web3.rpcUrl=https://a1b2c3.vendor.example/{key}/", key)
    token = _draw(32)
    assert _gone(f"endpoint: https://node.vendor.example/{token}", token)
    for text in (f"COMMIT_URL=https://github.com/acme/shop/commit/{key}",  # a commit, named by the path before it
                 f"url = 'https://files.example.org/packages/{key}/idna-3.10-py3-none-any.whl'",  # a file's name
                 f"see https://rpc.vendor.example/eth/{key} for the gist"):  # not set as an endpoint
        assert _kept(text), text


def test_a_key_that_looks_things_up_and_a_tag_name_no_credential_and_a_random_key_after_them_still_goes():
    plain = _draw(32, "0123456789abcdefghijklmnopqrstuv")
    assert _kept(f"Reusing configuration cache. key={plain}")
    assert _gone(f"Reusing the deploy key={plain}", plain)
    tag = f"amq.ctag-{_draw(22)}"
    assert _kept(f"consumer started queue=orders consumer_tag={tag} prefetch=20")
    key = _draw(28)
    assert _gone(f"cache key: {key}", key)  # random in three classes: a key by its shape, whatever the name


def test_hex_of_a_keys_length_in_a_url_query_is_a_key_unless_its_parameter_names_a_revision_or_a_digest():
    key = _draw(32, HEX)
    assert _gone(f"fetching https://api.vendor.example/v1/items?page=2&appid={key}", key)
    for text in (f"GET /repos/o/r/contents/a.py?ref={key}", f"https://files.example/x.tar.gz?md5={key}",
                 f"https://tracing.example/view?trace_id={key}", f"https://git.example/c?id={_draw(40, HEX)}&x=1"):
        assert _kept(text), text


def test_a_name_that_says_publishable_is_public():
    key = "pk_live_" + _draw(60)
    assert _kept(f"STRIPE_PUBLISHABLE_KEY={key}")
    assert _gone(f"STRIPE_SECRET_KEY={key}", key)


def test_a_password_flag_in_a_command_that_names_its_user_is_found_in_a_short_command():
    password = "Tr0ub4dor#3x" + _draw(2)
    assert _gone(f"docker login -u bot -p {password} registry.example.com", password)
    assert _kept("docker login -u bot -p 8080 registry.example.com")


def test_a_vendors_key_in_a_header_of_its_own_name_is_still_judged_by_its_shape():
    key = _draw(32)
    assert _gone(f"POST /1/events HTTP/1.1\nX-Honeycomb-Team: {key}\nContent-Type: application/json", key)


def test_a_netrc_password_that_is_a_templates_variable_is_kept_and_a_literal_one_is_not():
    for variable in ("${CI_JOB_TOKEN}", "$NETRC_PASSWORD"):
        assert _kept(f"machine git.example.com login ci password {variable}")
    for literal in ("$" + _draw(12), _draw(16)):  # a password may start with `$`
        assert _gone(f"machine git.example.com login ci password {literal}", literal)


def test_a_uuid_a_block_labelled_as_a_credential_gives_by_default_is_a_key_and_under_another_label_an_id():
    block = 'variable "{}" {{\n  type      = string\n  sensitive = true\n  default   = "{}"\n}}'
    key = _uuid()
    assert _gone(block.format("billing_api_secret", key), key)
    assert _gone(block.format("payments_token", key), key)
    for label in ("billing_account_id", "shop_tenant", "region"):
        assert _kept(block.format(label, key))


def test_a_query_value_is_named_by_its_own_parameter_not_by_a_credential_named_before_it():
    key = "-".join(_draw(4, "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(4))
    url = f"https://api.example.net/find/v1/json?Key={key}&Text=10+Downing&Countries=GB"
    out = redact(url)
    assert key not in out and "&Text=10+Downing&Countries=GB" in out
    assert _kept("token: ok, then run with mode=Fast2Go")
    secret = _draw(20)
    assert _gone(f"token: value={secret}", secret)  # a general name hands on the name before it


def test_a_subscript_after_a_credentials_name_looks_a_token_up_and_hands_none_over():
    task = _uuid()
    assert _kept(f"Task shop.tasks.rotate_api_tokens[{task}] received")
    assert _gone(f"API_TOKEN=[{task}]", task)
    assert _gone(f'"api_token": "{task}"', task)


def test_a_pairs_value_member_is_named_by_its_key_member():
    key = _uuid()
    for pair in ('{{"key": "vendor_api_key", "value": "{}", "enabled": true}}', '{{"Name": "DB_SECRET_TOKEN", "Value": "{}"}}'):
        assert _gone(pair.format(key), key)
    assert _kept(f'{{"key": "region", "value": "{key}"}}')


def test_text_shown_about_a_secret_is_kept_and_the_secret_is_not():
    assert _kept('  "auth.password_hint": "At least 12 characters",')
    assert _kept('  "auth.secret_question": "Your first pet\'s name"')
    password = _draw(14)
    assert _gone(f'  "auth.password": "{password}",', password)
    assert _gone(f'  "auth.password_hint": "{password}",', password)  # no sentence: the hint holds the password
    assert _gone('  "vault.secret_text": "correct horse battery staple",', "correct horse")  # a passphrase of words


def test_a_url_segment_after_push_or_ping_is_the_urls_credential_and_a_word_is_not():
    token = _draw(32)
    cron = f"* * * * * curl -fsS https://status.example.org/api/push/{token}?status=up&msg=OK >/dev/null"
    assert _gone(cron, token)
    assert _kept("git push https://github.com/acme/shop/push/notifications-settings")
    assert _kept(f"curl https://hc.example.org/ping/{_uuid()}")  # a UUID identifies, as anywhere


def test_letters_alone_whose_case_switches_are_a_password_after_a_name_and_words_are_not():
    for text, password in ((": 1765094700:0;surreal sql --user root --pass BidsyNBOgmMrEMBq --ns shop", "BidsyNBOgmMrEMBq"),
                           ('driver("bolt+s://db.example.org:7687", auth=("shop", "neevGEJaRiPxxsWEGa"))', "neevGEJaRiPxxsWEGa")):
        assert _gone(text, password)
    for kept in ("--pass NotificationCenter --ns shop", "signing with MacBookProKeychain now"):
        assert _kept(kept)


def test_a_named_value_with_a_dot_between_an_id_and_long_digits_is_no_version():
    key = f"{_draw(14, HEX)}.{_draw(8, '0123456789')}"
    assert _gone(f"\t\theader_up X-Api-Key {key}", key)
    assert _kept("api_key_version: 2.13")


def test_a_header_value_written_bare_after_its_quoted_name_is_codes_variable_and_a_drawn_one_is_a_key():
    for kept in ("const res = http.get(url, { headers: { 'X-Signing-Secret': signingSecret } });",
                 "requests.get(url, headers={'X-Auth-Token': token})",
                 "fetch(url, { headers: { \"X-Api-Key\": config.vendorApiKey } })"):
        assert _kept(kept), kept
    key = "q8ZrT4mW9xLp2VbN7kQs"  # written out, not drawn: later tests' draws stay as they were
    for text in (f"headers: {{ 'X-Api-Key': {key} }}", f"'X-Api-Key': {key}", f"X-Api-Key: {key}",
                 f"headers: {{ 'X-Api-Key': '{key}' }}"):
        assert _gone(text, key), text
    assert _gone("X-Signing-Secret: signingSecretWordsAlone", "signingSecretWordsAlone")  # a request's header: its value


def test_a_markdown_tables_row_is_named_by_its_headers_column():
    key = f"{_uuid()}-{_draw(4, HEX)}-{_draw(4, HEX)}-{_draw(4, HEX)}-{_draw(12, HEX)}"
    table = "| service | {} | owner |\n| --- | --- | --- |\n| other | `x` | ops |\n| bunny | `{}` | platform |"
    assert _gone(table.format("bunny_access_key", key), key)
    assert _kept(table.format("request_id", key))


def test_a_named_key_in_one_case_with_few_vowels_is_drawn_and_a_word_in_capitals_is_not():
    assert _gone("alphavantage.api.key=X7CNLZEGCCLMMC54\nalphavantage.timeout=30s", "X7CNLZEGCCLMMC54")
    assert _gone("?Key=4410-9YX3-I05Z-ILC4&Text=10+Downing", "4410-9YX3-I05Z-ILC4")  # groups with repeats
    assert _kept("api.key=SERVICEACCOUNT01\napi.timeout=30s")


def test_a_passcode_is_named_like_a_password_and_its_length_is_not():
    code = f"{_draw(3)}-{_draw(3)}-{_draw(4)}"
    assert _gone(f"VENDOR_PASSCODE={code}\nPORT=8080", code)
    assert _gone(f"passcode: {code}", code)
    assert _kept("passcode_length=6\npasscode_digits: numeric")


def test_an_env_line_added_or_removed_in_a_diff_is_still_an_env_line():
    key = f"{_draw(4)}-{_draw(4)}"
    for mark in "+-":
        assert _gone(f"--- a/.env\n+++ b/.env\n CI=true\n{mark}VENDOR_PASSWORD={key}\n PORT=8080", key)
    assert _kept("+API_KEY=${API_KEY}\n-SECRET_KEY=os.environ['SECRET_KEY']")


def test_a_comment_ending_the_line_that_calls_its_value_an_id_keeps_it_and_one_that_says_nothing_does_not():
    first, second = _draw(22), _draw(22)
    for kept in (f'FIXTURE_IDS = ["{first}", "{second}"]  # shortuuid.uuid()',
                 f'const SEED = "{first}";  // the build hash, printed by the CI'):
        assert _kept(kept), kept
    for text in (f'FIXTURE_IDS = ["{first}", "{second}"]  # drawn once, keep private',
                 f'client = Client("{first}{second}")  # uuid of the app, then its secret'):
        assert _gone(text, first), text


def test_any_key_a_block_labelled_as_a_credential_gives_by_default_is_a_key_and_under_another_label_is_kept():
    block = 'variable "{}" {{\n  type    = string\n  default = "{}"\n}}'
    key = "ucat_" + _draw(26, "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
    assert _gone(block.format("cloud_token", key), key)
    assert _gone(block.format("vendor_api_key", key), key)
    for label in ("cloud_token_id", "region", "cloud_project"):
        assert _kept(block.format(label, key)), label


def test_the_word_author_names_a_person_and_auth_still_names_a_credential():
    assert _kept('{"author": "security@example.net", "status": "not_affected"}')
    assert _kept("GIT_AUTHOR_EMAIL=jane@example.org") and _kept('authored_by: "build-bot@example.org"')
    key = _draw(24)
    assert _gone(f'{{"auth": "{key}"}}', key)
    assert _gone(f'author_token = "{key}"', key)  # the credential's word after author still names it
    assert _gone(f"AUTHORIZATION_KEY={key}", key)


def test_a_template_block_labelled_as_a_credential_names_its_contents_and_under_another_label_keeps_them():
    block = 'env_template "{}" {{\n  contents = "{}"\n}}'
    digest = _draw(40, HEX)
    assert _gone(block.format("VENDOR_SECRET", digest), digest)
    assert _gone('template "db_password" {{\n  data = "{}"\n}}'.format(digest), digest)
    for label in ("RELEASE_SHA", "vendor_secret_id"):
        assert _kept(block.format(label, digest)), label


def test_a_key_or_password_named_in_finnish_or_czech_prose_goes_and_the_same_value_unnamed_stays():
    digest = _draw(40, HEX)
    assert _gone(f"Hei Aino, meraki-avain vaihtui aamulla. Uusi arvo on {digest}, päivitätkö sen?", digest)
    assert _kept(f"Hei Aino, commit vaihtui aamulla. Uusi arvo on {digest}, päivitätkö sen?")
    code = _draw(20, "abcdefghijklmnopqrstuvwxyz0123456789")
    assert _gone(f"Tajný kód pro registraci čidel je {code}, starý přestal fungovat.", code)
    assert _gone(f"Nowe hasło do panelu: {code}", code)
    assert _kept(f"Číslo objednávky je {code}, starý přestal fungovat.")


def test_an_aside_after_an_unnamed_value_calling_it_a_wallet_keeps_it_and_one_naming_a_key_does_not():
    address = _draw(44, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
    assert _kept(f"Donations: {address} (view-only wallet, published on the site).")
    assert _kept(f"Send the devnet SOL to {address} — that's the faucet wallet in the README.")
    assert _gone(f"Donations: {address} (the wallet's private key, keep it off the site).", address)
    assert _gone(f"Send it to {address} — that's the staging one.", address)


def test_a_harmless_name_given_its_own_value_does_not_name_the_next_members_value_and_still_names_its_own():
    key = _draw(50, HEX)
    state = '{{"type": "vendor_token", "instances": [{{"attributes": {{"id": "reports", "value": "{}"}}}}]}}'
    assert _gone(state.format(key), key)
    assert _kept(f'{{"attributes": {{"name": "reports", "id": "{key}"}}}}')
    assert _kept(f'{{"attributes": {{"id": "{key}", "name": "reports"}}}}')
    modulus = _draw(86, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert _kept(f'{{"kid": "reports", "n": "{modulus}", "e": "AQAB"}}')  # a member of its own name: the kid's reading stands


def test_a_value_right_after_a_job_a_volume_or_a_durable_is_its_name_and_after_a_colon_or_a_credential_goes():
    name = _draw(22)
    assert _kept(f"Job 'raysubmit_{name}' submitted successfully")
    assert _kept(f"[INF] JetStream consumer ORDERS > durable {name} stream seq 184467")
    assert _kept(f'provision "shop/data-db-0": volume "pvc-{_uuid()}" provisioned')
    assert _gone(f"Token 'raysubmit_{name}' submitted successfully", name)
    assert _gone(f"[INF] JetStream consumer ORDERS > secret {name} stream seq 184467", name)
    assert _gone(f"# vendor key kept here for the import job: {name}", name)


def test_a_key_or_password_named_in_greek_or_italian_prose_goes_and_the_same_value_unnamed_stays():
    code = _draw(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    assert _gone(f"Πάρε προς το παρόν το δικό μου κλειδί: {code}. Θα σου φτιάξω δικό σου αύριο.", code)
    assert _gone(f"Ο κωδικός που ζήτησες είναι {code}, ο παλιός έληξε την Παρασκευή.", code)
    assert _kept(f"Ο αριθμός που ζήτησες είναι {code}, ο παλιός έληξε την Παρασκευή.")
    assert _gone(f"Per provare in locale usa pure la mia chiave {code}, poi domani ti faccio creare la tua.", code)
    digest = _draw(40, HEX)
    assert _gone(f"Άλλαξα σήμερα το κλειδί για το avaza. Το καινούργιο είναι 630971-{digest}, βάλε το στο staging.", digest)
    assert _kept(f"Άλλαξα σήμερα το commit για το avaza. Το καινούργιο είναι {digest}, βάλε το στο staging.")


def test_a_long_option_after_a_credential_word_is_its_name_and_the_value_after_its_equals_is_judged_alone():
    assert _kept("$ git config --global credential.helper 'cache --timeout=3600'")
    assert _kept("deploy token --region=eu-west-1a")
    token = _draw(24, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    assert _gone(f"export API_TOKEN --data={token}", token)
    assert _gone(f"deploy --api-key={token}", token)


def test_a_directive_that_sets_the_environment_keeps_its_assignment_an_assignment():
    token = _draw(11, "abcdefghijklmnopqrstuvwxyz0123456789")
    for line in (f"    SetEnv VENDOR_API_TOKEN={token}", f"ENV VENDOR_API_TOKEN={token}", f"env VENDOR_API_TOKEN={token} ./run",
                 f"set VENDOR_API_TOKEN={token}", f"Environment=VENDOR_API_TOKEN={token}"):
        assert _gone(line, token)
    assert _kept("SetEnv VENDOR_API_TOKEN_HEADER=X-Api-Token\nENV VENDOR_API_TOKEN_FILE=/run/secrets/vendor")
    assert _kept(f"SetEnv VENDOR_REGION={token}")


def test_a_settings_value_that_is_itself_an_assignment_is_named_by_its_inner_name():
    key = "0c9e71b4d2a8f65e3b17c40d9a2e58f1"
    shown = f"$ systemctl show billing -p Environment\nEnvironment=VENDOR_MERCHANT_KEY={key} TZ=Europe/Ljubljana"
    assert _gone(shown, key)
    assert _kept(f"Environment=VENDOR_MERCHANT_ID={key} TZ=Europe/Ljubljana")  # an id's name: a merchant's id
    assert _kept("Environment=LANG=sl_SI.UTF-8 TZ=Europe/Ljubljana")


def test_an_option_about_the_secret_keeps_the_variable_it_names_and_a_key_after_it_still_goes():
    assert _kept("sh 'bin/billing --token-env API_TOKEN'\nbin/billing --secret-name=billing-api")
    token = _draw(32, "abcdefghijklmnopqrstuvwxyz0123456789")
    assert _gone(f"bin/billing --token-env {token}", token)
    assert _gone(f"bin/billing --token API_TOKEN{token}", token)


def test_a_key_or_password_named_in_romanian_or_turkish_goes_and_the_same_value_unnamed_stays():
    key = _draw(40, HEX)
    assert _gone(f"Subject: getgeoapi\n\nCheia de acces pentru getgeoapi: {key}\nVă rog să nu o trimiteți mai departe.", key)
    assert _kept(f"Subject: getgeoapi\n\nCommit-ul pentru getgeoapi: {key}\nVă rog să nu o trimiteți mai departe.")
    assert _kept(f"Entscheidung für getgeoapi: {key}")
    password = _draw(12, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    assert _gone(f"Parola pentru contul de test este {password}, te rog să o schimbi.", password)
    assert _gone(f"Yeni parola: {password}", password)
    assert _kept(f"Yeni numara: {password}")


def test_an_element_its_name_attribute_calls_the_value_is_named_by_the_line_above_as_a_bare_value_element_is():
    key = _draw(32, HEX)
    pair = '<stringProp name="Argument.name">{name}</stringProp>\n  <stringProp name="Argument.{part}">{key}</stringProp>'
    assert _gone(pair.format(name="STREAK_API_KEY", part="value", key=key), key)
    assert _gone(f'<property name="name">STREAK_API_KEY</property>\n<property name="value">{key}</property>', key)
    assert _kept(pair.format(name="BUILD_ID", part="value", key=key))
    assert _kept(pair.format(name="STREAK_API_KEY", part="comment", key=key))


def test_a_name_for_the_kind_of_authentication_keeps_the_mechanism_it_names_and_a_key_under_it_still_goes():
    assert _kept("mongodb://db1.example.ro:27017/?authMechanism=MONGODB-X509&tls=true&tlsCertificateKeyFile=%2Fetc%2Fclient.pem")
    assert _kept("mongodb://db1.example.ro:27017/?authMechanism=SCRAM-SHA-256")
    key = _draw(24, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    assert _gone(f"auth_mode: {key}", key)
    assert _gone(f"mongodb://db1.example.ro:27017/?authKey=MONGODB-X509{key}", key)


def test_a_content_security_policy_nonce_is_kept_as_its_hashes_are_and_a_token_named_beside_it_still_goes():
    nonce = base64.b64encode(_RNG.randbytes(16)).decode()
    assert _kept(f"HTTP/2 200\ncontent-security-policy: script-src 'nonce-{nonce}' 'strict-dynamic'; object-src 'none'")
    assert _gone(f"API_TOKEN=nonce-{nonce}", nonce)
    assert _gone(f"content-security-policy: script-src 'token-{nonce}'", nonce)


def test_a_vault_tokens_accessor_is_kept_beside_the_token_it_looks_up_and_the_token_still_goes():
    accessor, token = _draw(24), "hvs." + _draw(90)
    table = f"Key                  Value\n---                  -----\ntoken                {token}\ntoken_accessor       {accessor}"
    assert redact(table).endswith(f"token_accessor       {accessor}") and token not in redact(table)
    assert _kept(f'{{"msg": "token looked up", "data": "{{\\"accessor\\": \\"{accessor}\\", \\"ttl\\": 2764800}}"}}')
    assert _gone(f'{{"msg": "token looked up", "data": "{{\\"token\\": \\"{accessor}\\", \\"ttl\\": 2764800}}"}}', accessor)


def test_the_commit_a_build_was_made_from_is_kept_under_a_build_key_and_a_key_named_there_still_goes():
    head = _draw(40, HEX)
    assert _kept(f'buildInfoKeys += BuildInfoKey.action("gitHead")("{head}")')
    assert _kept(f'{{"name": "left-pad", "gitHead": "{head}"}}')
    assert _gone(f'buildInfoKeys += BuildInfoKey.action("apiKey")("{head}")', head)


def test_a_mapping_under_a_secrets_name_opens_with_a_key_and_a_secret_store_names_a_secret():
    from skillopt_sleep.capture.redact import redact
    drone = "settings:\n  password:\n    from_secret: deploy_registry_password"
    assert redact(drone) == drone
    kube = "env:\n  password:\n    valueFrom:\n      secretKeyRef:\n        name: db"
    assert redact(kube) == kube
    assert redact("password:\n  Xk9#mQ2vLp7z") == "password:\n  [REDACTED:password]"  # a value on the next line still goes
    assert redact("from_secret: Xk9mQ2vLp7zRt4Wb") == "from_secret: [REDACTED:secret]"
    assert redact("api_secret: deploy_registry_password7Q") == "api_secret: [REDACTED:secret]"


def test_a_hosts_id_domain_is_no_ids_name_and_an_id_member_assigned_its_value_stays():
    key = "ab_" + "3f9c2e71d04b8a65" * 4
    line = f'credentials += Credentials("Pasar", "maven.vendor.example.id", "ci", "{key}")'
    assert redact(line) == 'credentials += Credentials("Pasar", "maven.vendor.example.id", "ci", "[REDACTED:token]")'
    assert redact(f'payment.id = "{key}"') == f'payment.id = "{key}"'
    assert redact(f"> devices[0].id\n< '{key}'") == f"> devices[0].id\n< '{key}'"


def test_a_uuid_a_browser_console_prints_under_a_keys_name_goes_and_one_under_an_id_or_compared_stays():
    key = _uuid()
    assert _gone(f"> localStorage.getItem('shop.shopAccessKey')\n< \"{key}\"", key)
    assert _gone(f"> sessionStorage.getItem('vendorApiToken')\n<- '{key}'", key)
    for kept in (f"> localStorage.getItem('shop.shopSessionId')\n< \"{key}\"", f"> devices[0].id\n< '{key}'",
                 f'if (accessToken < "{key}") {{'):
        assert _kept(kept), kept


def test_a_uuid_in_a_bytes_literal_or_joined_last_to_a_keys_name_goes_and_one_given_an_id_or_compared_stays():
    key = _uuid()
    assert _gone(f"self.key = b'{key}'", key)
    assert _gone(f"self.key = bytes.fromhex('00') + b'{key}'", key)
    for kept in (f"self.session_id = b'{key}'", f"self.cache_key = prefix + b'{key}'",
                 f"if self.key == prefix + b'{key}':"):
        assert _kept(kept), kept


def test_psk_names_a_networks_pre_shared_key_and_the_mode_wpa_psk_names_nothing():
    key = "4c81e0b97a2d53f6c0e19b84a7d2f35e6c09b1a8"
    assert redact(f'network={{\n    ssid="depot"\n    psk="{key}"\n}}') == \
        'network={\n    ssid="depot"\n    psk="[REDACTED:token]"\n}'
    assert redact(f"WIFI_PSK={key}") == "WIFI_PSK=[REDACTED:token]"
    assert redact(f"WPA-PSK {key}") == f"WPA-PSK {key}"
    assert redact(f'psk_identity_hint="{key}"') == f'psk_identity_hint="{key}"'


def test_a_password_named_in_another_language_without_its_marks_goes_and_a_rule_about_passwords_stays():
    password = _draw(12, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    assert _gone(f'env:\n  SURAT_KARGO_SIFRE: "{password}"\n', password)
    assert _gone(f"surat_kargo_sifre: {password}", password)
    assert _gone(f"export SKLEP_DB_HASLO={password}", password)
    assert _kept(f'env:\n  SURAT_KARGO_SUBE: "{password}"\n')
    assert _kept("SIFRE_MIN_UZUNLUK=12\nsifre_politikasi: en az 12 karakter")


def test_a_key_lent_in_turkish_with_the_nouns_own_ending_goes_and_an_order_received_the_same_way_stays():
    guid = _uuid().upper()
    assert _gone(f"Merhaba Elif, param panelinden yeni anahtarı aldım: {guid}. Bir dene lütfen.", guid)
    password = _draw(14, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    assert _gone(f"Panelin şifresi şöyle: {password}", password)
    assert _kept(f"Merhaba Elif, param panelinden yeni siparişi aldım: {guid}. Bir dene lütfen.")
    assert _kept(f"Yeni anahtar kelimeler eklendi: {guid}")


def test_a_code_ending_a_name_in_english_or_turkish_names_a_drawn_value_and_a_country_or_postal_code_stays():
    code = _draw(16, "abcdefghijklmnopqrstuvwxyz0123456789")
    assert _gone(f"    env:\n      BITRIX24_WEBHOOK_CODE: {code}\n", code)
    member = _draw(30, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    assert _gone(f'[providers.ticimax]\nticimax_uye_kodu = "{member}"\nsandbox = false', member)
    assert _gone(f'  - TICIMAX_UYE_KODU="{member}"', member)
    assert _kept(f"    env:\n      BITRIX24_WEBHOOK_REGION: {code}\n")
    assert _kept('COUNTRY_CODE: TR\nposta_kodu: 34710\nurun_kodu = "KHV-2026-0042"\nERROR_CODE=0xC0000005')
    assert _kept("git diff --exit-code HEAD~1\nPROMO_CODE=KAHVE2026")
    assert _kept('assert run.exit_code == 0\nassert episode.changed_files == ["calc.py"]')
    assert _kept('raise Failure(f"claude-code: no reply within {self.timeout_s:.0f}s")')


def test_a_uuid_given_to_a_name_that_calls_it_a_key_or_a_password_is_one_and_under_an_id_or_a_lookup_key_stays():
    for line in ('    EMPIK_MARKETPLACE_KEY: "{v}"', '    psk="{v}"', "remotepass = {v}",
                 "vendor-signature-key   {v}", "chat: shop-marketplace-key: {v}"):
        key = _uuid()
        assert _gone("network={\n" + line.format(v=key) + "\n}", key)
    for line in ('    SHOP_ACCOUNT_ID: "{v}"', "Idempotency-Key: {v}", "cache_key = {v}", "bypass = {v}",
                 "request-trace   {v}", "partition_key: {v}", "see the signature key   {v}"):
        assert _kept(line.format(v=_uuid()))


def test_a_code_ending_a_name_joined_to_its_value_by_an_equals_sign_names_it_too():
    code = _draw(16)
    assert _gone(f"$ heroku config:set SHOP_SECURITY_CODE={code} -a shop\nSetting SHOP_SECURITY_CODE and restarting", code)
    assert _gone(f"export shop_webhook_code={code}", code)
    assert _kept(f"$ heroku config:set SHOP_REGION={code} -a shop")
    assert _kept("export COUNTRY_CODE=PL POSTAL_CODE=00-950 PROMO_CODE=PIEKARNIA2026 EXIT_CODE=137")


def test_an_error_status_reason_or_event_code_says_what_happened_and_a_security_code_stays_a_credential():
    assert _kept('error_code: ERR_CONN_RESET_7f3a9c\nSTATUS_CODE=E_7f3a9cQ2\n"reason_code": "RC_9f8a7b6c5d"\nevent_code=EV_4b1d9e2a7c')
    code = _draw(16)
    assert _gone(f"SHOP_SECURITY_CODE: {code}", code)
    assert _gone(f"terminal_error_secret_code={code}", code)


def test_a_hash_key_in_a_name_is_the_key_an_hmac_is_keyed_with_and_a_hash_or_a_table_hash_key_stays():
    key = _draw(24)
    assert _gone(f"dostawca,pole,wartosc\nshop,shop_hash_key,{key}", key)
    assert _gone(f'  variables:\n    SHOP_HASH_KEY: "{key}"', key)
    assert _kept('resource "aws_dynamodb_table" "locks" {\n  hash_key       = "LockID"\n}')
    assert _kept(f"file_hash: {_draw(32, HEX)}\ncommit_hash={_draw(40, HEX)}")


def test_a_hash_code_as_a_variables_own_word_is_a_merchants_key_and_javas_hash_code_or_a_count_stays():
    key = _draw(32, "0123456789ABCDEF")
    assert _gone(f"SHOP_HASH_CODE={key}", key)
    assert _gone(f'[env]\n  SHOP_HASH_CODE = "{key}"', key)
    assert _kept(f"hashCode: {key}\nfile_hash: {key.lower()}\nhash_code_count: 12")


def test_a_password_named_in_another_language_gives_a_quoted_literal_of_letters_alone_and_a_hint_stays():
    password = _draw(12, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert _gone(f'panic: shop: auth failed for shop_sfera_haslo="{password}"', password)
    assert _gone(f'DB_HESLO: "{password}"', password)
    assert _gone(f'jelszó = "{password}"', password)
    assert _kept('haslo_hint = "imie psa"\n"haslo": ""\nmin_haslo_len = "12"')


def test_a_security_code_in_any_spelling_of_its_name_is_one_to_keep_and_a_country_code_or_a_scanner_stays():
    code = _draw(16)
    assert _gone(f'{{"body": "{{\\"provider\\": \\"shop\\", \\"shopSecurityCode\\": \\"{code}\\"}}"}}', code)
    assert _gone(f"security-code: {code}", code)
    assert _kept(f'"securityCode": "123"\nsecurity-code-scan: enabled\ncountryCode: PL1234ab')


def test_a_uuid_under_a_security_codes_name_is_that_code_and_one_under_the_codes_id_stays():
    uuid = _uuid()
    assert _gone(f"app:\n  envs:\n    - SHOP_SECURITYCODE2: {uuid}\n      opts:\n        is_expand: false", uuid)
    assert _gone(f'"securityCode": "{uuid}"', uuid)
    assert _kept(f"security_code_id: {uuid}\nsecurity_scan: {uuid}")


def test_an_access_id_is_the_key_hafas_apis_authenticate_with_and_an_access_log_s_or_a_parent_s_id_stays():
    for line in ("web: TRANSIT_ACCESS_ID={v} node dist/server.js", "UPDATE integration SET transit_access_id = '{v}';",
                 "GET /bin/rest.exe/trip?accessId={v}&originId=8600626"):
        key = _draw(32, HEX)
        assert _gone(line.format(v=key), key), line
    for line in ('"access_log_id": "{v}"', '"accessLogId": "{v}"', '"parentId": "{v}"', "TRANSIT_ACCOUNT_ID={v}"):
        assert _kept(line.format(v=_draw(32, HEX))), line


def test_a_netrc_account_of_lower_case_words_is_its_name_and_a_drawn_one_or_such_a_password_is_not():
    entry = "machine files.example.net\n  login reader\n  {field} {value}"
    assert _kept(entry.format(field="account", value="billing-dept"))
    assert _kept(entry.format(field="account", value="research.team"))
    drawn = _draw(12)
    assert _gone(entry.format(field="account", value=drawn), drawn)
    assert _gone(entry.format(field="password", value="billing-dept"), "billing-dept")


def test_a_secret_stores_reference_in_a_values_place_is_kept_and_a_token_there_goes():
    arn = "arn:aws:ssm:us-west-2:123456789012:parameter/shop/orders/api-key"
    assert _kept(f'users:\n- name: ops\n  user:\n    token: "{arn}"')
    assert _kept(f"https://hooks.example.org/v1?key_parameter={quote(arn, safe='')}&lang=en")
    assert _kept("//npm.example.org/:_authToken={{resolve:secretsmanager:shop/npm:SecretString:token}}")
    assert _kept("machine dl.example.org\n  login ops\n  password sm://shop-prod/dl-api-key")
    assert _kept('[registries.shop]\ntoken = "Bearer sm://shop-prod/registry-token"')
    assert _kept(f"https://ci:{quote('op://Ops/registry/credential', safe='')}@git.example.org/shop.git")
    assert _kept("<secret>ref+vault://kv/data/shop/registry#/password</secret>")
    assert _kept(f"open sftp://ci:{quote('$(System.AccessToken)', safe='')}@files.example.org")
    token = _draw(32)
    assert _gone(f'users:\n- name: ops\n  user:\n    token: "{token}"', token)
    assert _gone(f"//npm.example.org/:_authToken={token}", token)
    assert _gone(f"machine dl.example.org\n  login ops\n  password {token}", token)
    assert _gone(f'[registries.shop]\ntoken = "Bearer {token}"', token)
    assert _gone(f"https://ci:{token}@git.example.org/shop.git", token)
    assert _gone(f"<secret>{token}</secret>", token)
    # The scheme alone is no reference: a token written after it still goes.
    assert _gone(f"machine dl.example.org\n  login ops\n  password sm://{token}", token)


def test_jenkins_credentials_a_terraform_or_hiera_interpolation_and_a_command_substitution_are_kept_and_a_token_there_goes():
    assert _kept("Environment=CLIENT_SECRET=credentials('shop-orders-client-secret') TZ=UTC")
    assert _kept("CLIENT_SECRET ?= credentials('shop-orders-client-secret')")
    assert _kept("env={'CLIENT_SECRET': 'credentials('shop-orders-client-secret')'}")
    assert _kept(f"https://ci:{quote(chr(36) + '{data.aws_secretsmanager_secret_version.shop.secret_string}', safe='')}@pypi.example.org/simple")
    assert _kept(f"open sftp://ci:{quote(chr(37) + '{lookup(' + chr(39) + 'shop::deploy_token' + chr(39) + ')}', safe='')}@files.example.org")
    assert _kept('[registries.shop]\ntoken = "Bearer $(bws secret get f74cf9d9-0e4b-473f-9416-6446708a244e --output none)"')
    token = _draw(32)
    assert _gone(f"Environment=CLIENT_SECRET={token} TZ=UTC", token)
    assert _gone(f"env={{'CLIENT_SECRET': '{token}'}}", token)
    assert _gone(f"https://ci:{token}@pypi.example.org/simple", token)
    assert _gone(f'[registries.shop]\ntoken = "Bearer {token}"', token)
    # A token after the reference, or in a call with no quoted id, is no reference.
    assert _gone(f"CLIENT_SECRET ?= credentials('{token}') {token}", token)
    assert _gone(f"env={{'CLIENT_SECRET': 'credentials({token})'}}", token)


def test_a_password_directive_under_its_username_directive_is_that_users_password_and_a_lone_or_worded_one_stays():
    password = _draw(16, "abcdefghijklmnopqrstuvwxyz") + "7" + _draw(15, "abcdefghijklmnopqrstuvwxyz")  # a shape read by its layout alone
    assert _gone(f"connection shop-sensors\naddress mqtt.example.org:8883\nremote_username shop\nremote_password {password}\ntopic shop/# out 1", password)
    assert _gone(f"username bob\npassword {password}", password)
    assert _kept(f"remote_password {password}")  # no user named above: prose or a lone line says nothing
    assert _kept(f"username bob\nremote_password {password}")  # the user belongs to another pair
    assert _kept("remote_username shop\nremote_password ${MQTT_PASSWORD}")
    assert _kept("remote_username shop\nremote_password remote-pass-file")


def test_a_password_files_lines_under_a_comment_naming_it_and_a_printed_psk_file_are_keys_and_look_alikes_stay():
    password = _draw(16, "abcdefghijklmnopqrstuvwxyz") + "4" + _draw(15, "abcdefghijklmnopqrstuvwxyz")
    assert _gone(f"# /etc/mosquitto/passwd (plain; mosquitto_passwd -U hashes it)\nscale-01:{password}", password)
    assert _kept(f"scale-01:{password}")  # no file named above: a label and an id
    assert _kept("# /etc/passwd\nroot:x:0:0:root:/root:/bin/bash\nbackup:operator")
    psk = _draw(32, HEX)
    assert _gone(f"TLSPSKFile=/etc/zabbix/agent.psk\n\n$ cat /etc/zabbix/agent.psk\n{psk}", psk)
    assert _kept(f"$ cat /etc/zabbix/agent.conf\n{psk}")


def test_a_flags_value_ends_where_the_command_substitution_around_it_closes():
    # `lpass show --password <item>` prints the item's password: the flag asks for it, the item names it.
    assert _kept('token: "$(lpass show --password Team/ci-signing)"')
    assert _kept("requirepass $(lpass show --password Team/cache-signing)\nappendonly no")
    assert _kept("SIGNING_KEY: `pass show --password ci/signing`")
    assert _kept("x=$(f --password ci/db) && y=$(g --token team/tok)")
    token = _draw(24)
    # A literal key is still a key, inside a substitution or not, and the line's closing stays.
    assert redact(f'token: "$(sync --password {token})"') == 'token: "$(sync --password [REDACTED:flag-secret])"'
    assert _gone(f"SIGNING_KEY: `tool --password {token}`", token)
    assert _gone(f"x=$(f --password a(b){token})", token)
    assert _gone(f'echo "$(date) --password {token})"', token)  # the substitution closed before the flag
    assert _gone(f"run: tool --password ({token})", token)


def test_a_call_whose_literals_name_where_a_secret_is_kept_is_a_reference_and_a_literal_key_in_a_call_goes():
    lookup = "Deferred('vault_lookup::lookup', ['kv/shop/orders/client_secret'])"
    assert _kept(f"Environment=CLIENT_SECRET={lookup} TZ=UTC")
    assert _kept(f"CLIENT_SECRET ?= {lookup}")
    assert _kept(f"bindpw {lookup}\ntls_reqcert demand")
    assert _kept(f'agent:\n  authtoken: "{lookup}"\n  region: eu')
    assert _kept(f"env={{'CLIENT_SECRET': '{lookup}'}}")
    assert _kept(f"https://ci:{quote(lookup, safe='')}@git.example.org/shop.git")
    assert _kept("password: Sensitive(lookup('shop::db::password'))")
    assert _kept('CLIENT_SECRET=get_secret("projects/shop/secrets/ci-token")')
    token = _draw(24)
    for text in (f"CLIENT_SECRET ?= Deferred('vault_lookup::lookup', ['{token}'])",
                 f"CLIENT_SECRET=decrypt('kv/shop', '{token}')",
                 f"bindpw Deferred('kv/shop/bind') {token}",
                 f"env={{'CLIENT_SECRET': 'Deferred('vault_lookup::lookup', ['{token}'])'}}",
                 f"https://ci:{quote(f'lookup({chr(39)}kv/shop{chr(39)}){token}', safe='')}@git.example.org/shop.git"):
        assert _gone(text, token), text
    # Letters whose case switches as a key's do are no path of words, in a call or not.
    assert _gone("api_key = lookup('abcDEFghiJKLmnoPQR/stuVWX')", "abcDEFghiJKLmnoPQR/stuVWX")


def test_a_value_under_a_comment_heading_a_file_whose_name_names_a_secret_is_that_files_secret():
    key = _draw(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    assert _gone(f"# /etc/ldap.secret (rootbinddn cn=admin,dc=example,dc=org; shop)\n{key}", key)
    assert _gone(f"# ~/.config/shop/token (written by shop login)\n{key}", key)
    # A folder named for secrets holds other files, and words after a file's path are no file name.
    digest = _draw(64, HEX)
    assert _kept(f"# /srv/secrets/manifest (git rev of the last sync)\n{digest[:40]}")
    assert _kept(f"# /etc/ssl/secrets.d/checksums (sha256 of each file)\n{digest}")
    assert _kept("# /etc/app/secret.conf (client id below)\n3f2a8c9e-1b4d-4e6f-a8b7-9c0d1e2f3a4b")


def test_a_secrets_name_after_a_flag_inside_a_command_substitution_is_what_it_fetches():
    # The command prints the secret in the name's place when the line runs: the name is not the secret.
    assert _kept('API_TOKEN: "$(gcloud secrets versions access latest --secret=shop-api-token --project=acme-prod)"')
    assert _kept('token = "$(gcloud secrets versions access latest --secret=billing_api_token)"')
    assert _kept("password `gcloud secrets versions access latest --secret=shop-api-token`")
    token = _draw(24)
    # A drawn value after the same flag still goes, as does a passphrase that names no credential.
    assert _gone(f'API_TOKEN: "$(tool --secret={token} --project=acme-prod)"', token)
    assert _gone(f"X=$(tool --secret=shop-{token})", token)
    assert _gone('X=$(mysql --password=correct-horse-battery-staple -e "select 1")', "correct-horse-battery-staple")
    assert _gone(f'API_TOKEN="$(echo {token})"', token)


def test_a_netrc_password_that_is_a_command_substitution_is_kept_whole_and_a_literal_in_it_is_not():
    # The pattern stops at the first space: read alone, `$(pass` would be taken for the password.
    assert _kept("machine smtp.example.com login me password $(pass show mail/smtp)")
    assert _kept("machine api.example.com login me password $(gcloud secrets versions access latest --secret=shop-api-token)")
    token = _draw(20)
    assert _gone(f"machine api.example.com login me password $(echo {token})", token)
    assert _gone(f"machine api.example.com login me password $(tool --token {token})", token)
    assert _gone(f"machine api.example.com login me password $({token}", token)  # never closed: no command



def test_a_user_before_a_command_substitution_keeps_the_pair_and_echo_still_writes_its_value_out():
    # A registry's auth ident or a Basic pair, `user:<password>`, whose password is fetched when the line runs.
    assert _kept('npmAuthIdent: "me:$(gcloud secrets versions access latest --secret=shop-api-token)"')
    assert _kept('api_key: "me:$(dotenvx get SIGNING_KEY -f .env.production)"')
    # `echo` and `printf` print what they are given: the password is written out in the line.
    assert _gone('api_key: "me:$(echo hunter2hunter)"', "hunter2hunter")
    assert _gone('password: "me:$(printf hunter2hunter)"', "hunter2hunter")
    token = _draw(20)
    assert _gone(f'api_key: "me:$(date){token}"', token)
    assert _gone(f'api_key: "me:$({token}"', token)


def test_a_file_name_beside_a_credentials_name_is_where_it_is_kept_and_a_drawn_value_still_goes():
    # A comment saying which file names the pre-shared key's file: a file's name, a number in one of its words.
    assert _kept("# /etc/zabbix/agent.psk (TLSPSKFile in zabbix_agent2.conf, TLSPSKIdentity me-agent)")
    assert _kept("# psk: http2-proxy.conf")
    key = _draw(32, HEX)
    assert _gone(f"# /etc/zabbix/agent.psk (TLSPSKFile in zabbix_agent2.conf)\n{key}", key)
    for value in ("Summer24.Xyz", "summer2024.abc", "a8f3k2m9q7x1.json", "hunter2!.txt"):
        assert _gone(f"# psk: {value}", value)


def test_a_line_of_an_ntp_keys_file_gives_its_key_and_a_word_after_a_hashs_name_stays():
    key, hexa = _draw(44), _draw(40, HEX)
    assert _gone(f"# /etc/chrony/chrony.keys\n17 SHA256 {key}", key)
    assert _gone(f"1 SHA1 HEX:{hexa}", hexa)
    assert _gone(f"11 SHA1 {hexa}  # SHA1 key", hexa)  # ntpd's keys file, as ntp-keygen writes it
    assert _kept("1 SHA256 supported\n2 MD5 deprecated")
    assert _kept("Step 2 SHA256 checksums are printed below")


def test_a_files_heading_naming_a_credential_names_its_first_rows_columns_and_a_place_in_the_row_stays():
    hexa, key = _draw(64, HEX), _draw(32, "abcdefghijklmnopqrstuvwxyz0123456789")
    assert redact(f"# ~/.davfs2/secrets\n/mnt/docs  me  {hexa}") == "# ~/.davfs2/secrets\n/mnt/docs  me  [REDACTED:token]"
    assert _gone(f"# /etc/pam_radius_auth.conf\nradius.example.com:1812\t{key}\t3", key)
    assert redact(f"# /etc/pam_radius_auth.conf\nradius.example.com:1812\t{key}\t3").startswith(
        "# /etc/pam_radius_auth.conf\nradius.example.com:1812\t")
    # A heading whose file's name names nothing, or only its folder does: the row's id stays.
    assert _kept(f"# /srv/app/REVISION\nmain  {hexa[:40]}  3")
    assert _kept(f"# /etc/secrets/manifest.txt\nrelease  {hexa[:40]}  42")
    assert _kept("# /var/log/auth.log\nDec  7 10:01:02 web-01 sshd[20931]: Accepted publickey for deploy from 10.0.4.17 port 51234 ssh2")


def test_a_config_files_user_option_gives_its_password_after_the_colon_and_a_uid_or_a_group_stays():
    key = _draw(36)
    assert redact(f'# ~/.curlrc\nuser = "me:{key}"\nretry = 3') == '# ~/.curlrc\nuser = "me:[REDACTED:password]"\nretry = 3'
    assert _gone(f"user me:{key}", key)
    assert _kept('services:\n  app:\n    user: "1000:1000"')
    assert _kept('user = "www-data:www-data"')
    assert _kept("user: system:serviceaccount:default:builder")
    assert _kept('user = "me:$(pass show web/me)"')


def test_a_file_in_openvpns_folder_holding_a_user_then_a_drawn_line_gives_that_line_as_the_password():
    hexa = _draw(40, HEX)
    assert redact(f"# /etc/openvpn/client/login.txt\nme-office\n{hexa}") == "# /etc/openvpn/client/login.txt\nme-office\n[REDACTED:password]"
    assert _kept("# /etc/openvpn/client/login.txt\nme-office\nchangeme-later")
    assert _kept("# /etc/openvpn/server/ipp.txt\nclient1,10.8.0.4\nclient2,10.8.0.8")
    assert _kept("# /etc/openvpn/server.conf\nport 1194\nproto udp\ndev tun")


def test_a_credentials_command_setting_that_echoes_a_literal_gives_it_and_a_lookup_or_a_variable_stays():
    hexa = _draw(32, HEX)
    assert redact(f"source-cred-cmd = echo {hexa}") == "source-cred-cmd = echo [REDACTED:password]"
    assert _gone(f'passwordeval "echo {hexa}"', hexa)
    assert _kept("source-cred-cmd = pass show mail/me")
    assert _kept('passwordeval "echo $MAIL_PASSWORD"')
    assert _kept(f"build-cmd = echo {hexa}")
    assert _kept(f"bypass-cmd = echo {hexa}")


def test_a_key_id_and_a_colon_before_a_lookup_under_a_file_heading_stay_and_a_printed_literal_there_goes():
    heading = "# /etc/passwd-s3fs (invoices, chmod 640)\n"
    for kept in (heading + "T7WQ2ZK9PXM4BNR8LDV5:$(scw secret version access-by-path secret-path=/shop "
                           "secret-name=registry-token revision=latest field=token)",
                 heading + "T7WQ2ZK9PXM4BNR8LDV5:$(pass show s3/key)"):
        assert _kept(kept), kept
    for literal in ("$(echo Xk9q2LmP7vR4tW8zQ)", "Xk9q2LmP7vR4tW8zQ1"):
        assert "Xk9q2LmP7vR4tW8zQ" not in redact(heading + "T7WQ2ZK9PXM4BNR8LDV5:" + literal), literal


def test_slovak_key_written_with_or_without_its_marks_names_the_value_after_it():
    key = "QWXRT-7KZPM-N3VBD-YH8LC"  # a key in groups of five: a name must say so
    assert _gone('{\n  "shop": {\n    "endpoint": "https://api.shop.example.sk",\n    "kluc": "' + key + '"\n  }\n}', key)
    assert _gone(f"kľúč: {key}", key)
    for kept in (f'{{"kod": "{key}"}}', "kluc_id: ORD-2024-0001-SK"):  # no key's name; a key's id
        assert _kept(kept), kept


def test_welsh_password_names_the_value_a_sentence_gives_it_and_the_word_in_a_policy_stays():
    value = "p8t3kx0wz5qm2nr7vd4hc9jb"
    assert _gone(f"Cyfrinair y system yw {value}\nBydda i'n ei newid yfory a'i gadw yn y rheolwr.", value)
    assert _gone(f"CYFRINAIR_SYSTEM={value}", value)
    for kept in ("Newidiwch eich cyfrinair bob 90 diwrnod", "Polisi cyfrinair: o leiaf 12 nod, fersiwn 2024-03-v2"):
        assert _kept(kept), kept
