"""Secrets are removed before anything is stored; ordinary text is left alone."""

from __future__ import annotations

import json

import pytest

from skillopt_sleep.capture.ingest import Ingestor
from skillopt_sleep.capture.redact import Redactor, redact
from skillopt_sleep.store import Store

SECRETS = [
    ("export ANTHROPIC_API_KEY=sk-ant-api03-Xk3p9QmZ7rT2vB8nL4wY6cH1jD5fG0sA-_9zKqWmEoRtUyIpAsDfGhJkLzXcVbNm-AbCdEf12AA",
     "sk-ant-api03", "anthropic-key"),
    ("client = OpenAI(api_key='sk-proj-Q8xYz12AbCdEfGhIjKlMnOpQrStUvWx_yz-98765T3BlbkFJ')", "sk-proj-Q8x", "openai-key"),
    ("OPENAI_API_KEY: sk-abcdefghijklmnopqrstT3BlbkFJabcdefghijklmnopqrst", "sk-abcdefghij", "openai-key"),
    ("git remote set-url origin https://ghp_16C7e42F292c6912E7710c838347Ae178B4a@github.com/acme/shop.git", "ghp_16C7", "github-token"),
    ("GH_TOKEN=github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU0123", "github_pat_11", "github-token"),
    ("[default]\naws_access_key_id = AKIAJTGHI4XFMDXOR4HJ\n", "AKIAJTGHI4XFMDXOR4HJ", "aws-access-key"),
    ("aws_secret_access_key = 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", "YqgC9Xp2WJv/R", "aws-secret-key"),
    ("SLACK_BOT_TOKEN=xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "xoxb-1234", "slack-token"),
    ("curl 'https://maps.googleapis.com/maps/api/geocode/json?key=AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY&address=x'",
     "AIzaSyD-9tSrke", "google-api-key"),
    ("curl -H 'Authorization: Bearer 3f8a9c2e1b7d4f6a8c0e2b4d6f8a0c2e4b6d8f0a' https://api.example.com/v1/me",
     "3f8a9c2e1b7d4f6a8c0e2b4d", "bearer-token"),
    ("token: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
     "SflKxwRJSMeKKF2QT4fw", "jwt"),
    ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
     "QyNTUxOQAAACB1c2VyQGhvc3QAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==\n-----END OPENSSH PRIVATE KEY-----",
     "b3BlbnNzaC1rZXkt", "private-key"),
    ("DATABASE_URL=postgres://shop_admin:Tr0ub4dor%263@db.internal:5432/shop", "Tr0ub4dor", "connection-string"),
    ("mongodb+srv://reporting:s3cretPass@cluster0.ab12c.mongodb.net/?retryWrites=true", "s3cretPass", "connection-string"),
    ("mysql -h db -u root --password=hunter22 shop < dump.sql", "hunter22", "password"),
    ("password: Winter2024!", "Winter2024", "password"),
    ("STRIPE_SECRET_KEY=rk_live_51H8abcDEFghiJKLmnoPQRstu", "rk_live_51H8", "stripe-key"),
    ('SECRET_KEY = "django-insecure-7x!k2$9q@w"', "django-insecure", "env-secret"),
    ('    self.secret_key = "django-insecure-7x!k2$9q@w"', "django-insecure", "assigned-secret"),
    ('config = {"api_key": "a1b2c3d4e5f6a7b8c9d0"}', "a1b2c3d4e5f6a7b8c9d0", "assigned-secret"),
]

ORDINARY = [
    "Merged 3f786850e387550fdab836ed7e6dc881de23001b into main; see commit a94a8fe5.",
    "Session 123e4567-e89b-12d3-a456-426614174000 ended; request id req_01HZX3K9Q.",
    "Our password policy requires 12 characters. Password: at least one digit.",
    "Set max_tokens=700 and MAX_TOKENS=700; sort_key = lambda row: row.id; the token count is 5.",
    "pip install scikit-learn && the task-abcdefghijklmnopqrstuvwxyz0123 finished",
    "API_KEY=$API_KEY and TOKEN=${{ secrets.TOKEN }} and SECRET=os.environ['SECRET']",
    "Visit https://example.com:8080/docs and mail me at someone@example.com.",
    "The bearer of bad news; a Bearer token goes in the header.",
    "ssh-keygen -t ed25519 writes -----BEGIN OPENSSH PUBLIC KEY----- style files? No, public keys are one line.",
    "The login form has a password field; type the account name and the password twice.",
    "machine learning models log in to nothing; the password reset link expires.",
    "Listening on db.internal:5432:shop and cache:6379; see report.md:12:3:error:Unexpected.",
    "Run pytest --token-budget 700 --api-key-file keys.txt; the secret sauce is caching.",
    "The cookie banner shows on first visit; Cookie: theme=dark; lang=en.",
    "Send it with git push https://github.com/acme/shop.git and read https://docs.example.com/a@b.",
    "A shared access signature (SAS) grants scoped access; sig= goes last in the query.",
    "<password>${env.DB_PASSWORD}</password> and <token>$TOKEN</token> are references, not secrets.",
    "checkout_session_pat_style tokens and secret_sauce_recipe identifiers stay.",
    # documentation's stand-ins, AWS's own example pair among them, are kept as written
    "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "export OPENAI_API_KEY=sk-... and STRIPE_SECRET_KEY=sk_test_...; GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    'api_key = "YOUR_API_KEY_HERE"; curl -H "Authorization: Bearer <token>"; --api-key <your-key>; password: ********',
]


@pytest.mark.parametrize("text,secret,kind", SECRETS, ids=[s[2] + str(i) for i, s in enumerate(SECRETS)])
def test_realistic_secrets_are_redacted(text, secret, kind):
    redactor = Redactor()
    out = redactor.text(text)
    assert secret not in out
    assert "[REDACTED:" in out
    assert redactor.counts[kind] >= 1


def test_names_stay_so_the_text_still_reads():
    assert redact("DB_PASSWORD=correct-horse-9") == "DB_PASSWORD=[REDACTED:secret]"
    assert redact("Authorization: Bearer abcdef0123456789abcdef") == "Authorization: Bearer [REDACTED:bearer-token]"
    assert redact("postgres://app:pw12345@db/x") == "postgres://[REDACTED:credentials]@db/x"
    assert redact("-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\nnext line") == "[REDACTED:private-key]\nnext line"


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_survives(text):
    assert redact(text) == text


def test_a_cut_off_private_key_is_still_removed():
    assert redact("here:\n-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC") == "here:\n[REDACTED:private-key]"


def test_nested_values_and_keys_are_redacted():
    data = {"cmd": "export GITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a", "list": ["sk-ant-api03-" + "a" * 30], "n": 3}
    out = Redactor().value(data)
    assert "ghp_16C7" not in json.dumps(out) and "sk-ant-api03-a" not in json.dumps(out) and out["n"] == 3


def test_secrets_in_a_transcript_never_reach_the_store(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep"))
    key = "sk-ant-api03-Xk3p9QmZ7rT2vB8nL4wY6cH1jD5fG0sA"
    password = "Tr0ub4dor-and-3"
    lines = [
        {"type": "user", "sessionId": "s1", "cwd": "/w", "timestamp": "2026-01-05T10:00:00Z", "entrypoint": "cli",
         "message": {"role": "user", "content": f"Deploy with ANTHROPIC_API_KEY={key} to postgres://deploy:{password}@db/prod"}},
        {"type": "assistant", "sessionId": "s1", "timestamp": "2026-01-05T10:00:05Z",
         "message": {"role": "assistant", "content": [
             {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": f"curl -H 'Authorization: Bearer {key}' x"}},
             {"type": "text", "text": f"Used the key {key}."}]}},
        {"type": "user", "sessionId": "s1", "timestamp": "2026-01-05T10:00:06Z",
         "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "is_error": True,
                                                  "content": f"401 for password={password}"}]}},
    ]
    transcript = tmp_path / "s1.jsonl"
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines))
    with Store(tmp_path / "store.db") as store:
        ingestor = Ingestor(store)
        assert ingestor.ingest_file(str(transcript), "claude-code")
        assert ingestor.report.redactions["anthropic-key"] >= 3
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("store.db*"))
    assert raw and key.encode() not in raw and password.encode() not in raw
    assert b"[REDACTED:anthropic-key]" in raw


def test_the_one_pass_trigger_search_picks_the_rules_the_trigger_tree_picks():
    """With or without the Aho-Corasick package, the same rules run on every text."""
    from skillopt_sleep.capture import redact as module
    from tests.secret_corpus import corpus

    if module._FINDER is None:
        pytest.skip("ahocorasick_rs is not installed: only the tree runs")
    texts = [s.line for s in corpus()] + [s.value for s in corpus()] + [
        "cat src/module_1.py", "export PASSWORD=x", "xsk-usy", "see https://user:pw@host", "ordinary words only", "",
        "sk-ant-", "-----BEGIN RSA PRIVATE KEY-----", "a_b-c/d.e:f=g", "PASSWORDpasswd", "key-aws_secret_access_key=1"]
    for text in texts:
        lowered = text.lower()
        assert module._rules_to_run(lowered) == module._tree_rules_to_run(lowered), text


def test_pass_alone_names_a_random_password_and_a_tests_count_or_flag_under_it_stays():
    uuid = "5c0e8a41-93d7-4f2b-a6e1-7b9d20c4f385"
    assert redact(f"[dav]\ntype = webdav\nuser = ana\npass = {uuid}") == \
        "[dav]\ntype = webdav\nuser = ana\npass = [REDACTED:password]"
    assert redact(f"bypass = {uuid}") == f"bypass = {uuid}"  # another word ending in pass
    assert redact("summary:\n  pass: 1234567890123\n  fail: 0") == "summary:\n  pass: 1234567890123\n  fail: 0"
    assert redact("pass: all_tests_passed_ok") == "pass: all_tests_passed_ok"


def test_a_name_that_pass_ends_names_a_random_password_and_a_bypass_or_keepass_under_it_stays():
    value = "qKw7TzRb4NmXe2VdLs"  # 18 letters and digits, too short for the shape pass alone
    assert redact(f"[Repository mail]\nremoteuser = ana\nremotepass = {value}") == \
        "[Repository mail]\nremoteuser = ana\nremotepass = [REDACTED:password]"
    assert redact(f"smtp_pass: {value}") == "smtp_pass: [REDACTED:password]"
    for name in ("bypass", "compass", "keepass"):
        assert redact(f"{name} = {value}") == f"{name} = {value}"
    assert redact("remotepass = hunter2hunter2") == "remotepass = hunter2hunter2"  # not random enough alone


def test_a_hex_password_under_a_name_pass_ends_goes_though_its_alphabet_keeps_its_entropy_low():
    value = "8fa544f1204178877f9bcffc"  # 3.34 bits a character: under the bar a random value passes
    assert redact(f"[Repository mail]\nremoteuser = ana\nremotepass = {value}") == \
        "[Repository mail]\nremoteuser = ana\nremotepass = [REDACTED:password]"
    assert redact(f"smtp_pass: {value}") == "smtp_pass: [REDACTED:password]"
    for kept in (f"bypass = {value}", f"KeePass = {value}", "pass: 1234567890123456", "pass: abcdefabcdefabcd",
                 "remotepass = $(pass show mail/bse)"):
        assert redact(kept) == kept, kept


def test_a_password_under_a_name_pass_ends_goes_whole_where_a_symbol_stands_inside_it():
    # The value runs to its end: a `^` inside it is no edge to stop at, so it is one secret, one label.
    assert redact("export ADMIN_PASS=+tCyKQvZvYG4XD^1EqROOf02") == "export ADMIN_PASS=[REDACTED:token]"
    assert redact("smtp_pass: qKw7TzRb4NmXe2VdLs, retries: 3") == "smtp_pass: [REDACTED:password], retries: 3"


def test_a_password_directive_opening_its_line_names_its_argument_and_a_bypass_or_a_name_mid_line_stays():
    value = "y82qfgYoLuncrt4p"
    assert redact(f"port 6380\nrequirepass {value}\nappendonly no") == "port 6380\nrequirepass [REDACTED:token]\nappendonly no"
    assert redact(f"  masterpass {value}") == "  masterpass [REDACTED:token]"
    for kept in (f"bypass {value}", f"compass {value}", f"see requirepass {value}"):
        assert redact(kept) == kept, kept


def test_drawn_digits_under_a_name_ending_in_pin_password_or_token_go_and_a_time_a_count_or_a_pin_number_stay():
    assert redact("# gradle.properties\nxteeTokenPin=853324074931\norg.gradle.jvmargs=-Xmx2g") == \
        "# gradle.properties\nxteeTokenPin=[REDACTED:password]\norg.gradle.jvmargs=-Xmx2g"
    assert redact("set -Ux PTT_KARGO_SIFRE 7268018699") == "set -Ux PTT_KARGO_SIFRE [REDACTED:password]"
    for kept in ("xteeTokenExpiry=853324074931", "spin=853324074931", "max_tokens=853324074931",
                 "sessionToken: 1733580000", "refreshToken=1733580000123",  # a time in seconds or milliseconds
                 "SIM_PIN=1234567890", "LED_PIN=13"):
        assert redact(kept) == kept, kept


def test_digits_repeating_under_a_password_name_and_digits_under_a_secret_key_name_go_and_other_numbers_stay():
    assert redact("- **shop** — `SHOP_PASSWORD=8822150581`") == "- **shop** — `SHOP_PASSWORD=[REDACTED:password]`"
    assert redact("OPTIONS['app.secret-key'] = '3860471925'") == "OPTIONS['app.secret-key'] = '[REDACTED:password]'"
    assert redact("secretKey: 3860471925") == "secretKey: [REDACTED:password]"
    for kept in ("DB_PASSWORD=5151515151", "password_timeout=1209600000", "secret_key_id = 4815162342",
                 "SECRET_KEY_VERSION=2024010112", "secret-key: 1700000000", "SIM_PIN=8822150581",
                 "sessionToken=8822150581", "api_key=8822150581", "cache_key=3860471925", "password_hash=8822150581"):
        assert redact(kept) == kept, kept


def test_a_long_drawn_password_of_digits_goes_and_a_time_or_counted_digits_stay():
    assert redact("[auth]\nvendor.password = 5820397146620518837412") == "[auth]\nvendor.password = [REDACTED:password]"
    assert redact("password = 1700000000000000") == "password = 1700000000000000"  # a time in milliseconds' shape
    assert redact("password = 12345678901234567890") == "password = 12345678901234567890"
    assert redact("password: 8080") == "password: 8080"
