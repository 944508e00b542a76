"""Writes the sixteenth fresh held-out part of the secrets corpus, fresh16.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; formats are facts read in a public detector rule set, or the vendor's as the
writer knows it, as each item's note says. Six contexts are new with this part (a browser
extension's storage dump, a CircleCI configuration, an Azure Pipelines file, an ngrok agent
configuration, a Mercurial hgrc, a wpa_supplicant configuration); secrets in prose are in Romanian.
No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh16.py [OUT]   # default: fresh16.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, B64, DG, HX, LO, U64, UP, Seeded, build_part, camel, chunks, in_turn, url_quoted, write

SEED = 20261216
DRAW = Seeded(SEED)
R = DRAW.random
r, b64, u4 = DRAW.text, DRAW.b64, DRAW.uuid4
DRAWN = f"value drawn by make_fresh16.py (seed {SEED})"

# Every context of the corpus up to fresh15, then the six this part adds; secrets take them in turn, so each has one.
CONTEXTS = ("env", "json", "escaped_json", "cli_flag", "prose", "tool_output", "diff", "bytes_literal", "yaml", "csv",
            "url", "header", "log", "connection_string", "code", "ini", "xml", "dockerfile", "netrc", "pem", "wrapped",
            "toml", "shell_history", "notebook", "hcl", "properties", "powershell", "systemd",
            "har", "curl_trace", "k8s_secret", "crash_report", "web_storage", "plist",
            "tfstate", "mobile_config", "sql_dump", "email", "nginx", "markdown",
            "postman", "jenkinsfile", "compose", "gradle", "chat_export", "ansible",
            "kubeconfig", "hocon", "nix", "caddyfile", "gitconfig", "makefile",
            "npmrc", "pgpass", "crontab", "http_file", "haproxy", "sbt",
            "pypirc", "ssh_config", "launch_json", "gha_workflow", "fish", "devtools_console",
            "envrc", "maven_settings", "rclone_conf", "composer_auth", "yarnrc", "terraformrc",
            "cargo_credentials", "docker_config", "aws_config", "git_credentials", "helm_values", "vault_agent",
            "my_cnf", "s3cfg", "bitbucket_pipelines", "wrangler", "k6_script", "heroku_config",
            "authinfo", "fly_toml", "netlify_toml", "render_yaml", "jmeter_plan", "jenkins_credentials",
            "gitlab_ci", "pip_conf", "gem_credentials", "nuget_config", "supervisord", "pulumi_config",
            "extension_storage", "circleci_config", "azure_pipelines", "ngrok_config", "hgrc", "wpa_supplicant")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 2
    head, tail = value[:cut], value[cut:]
    text = (f"Dec 16 02:17:44 billing-2 {tool}-bridge[2211]: config {name}={head}\n"
            f"Dec 16 02:17:44 billing-2 {tool}-bridge[2211]: {tail} <- continued")
    return text, [head, tail]


def _pkcs1_rsa2048() -> str:
    """An RSA-2048 private key as PKCS#1 DER (its sequence and version, the modulus' tag, then drawn bytes), in base64."""
    der = bytes.fromhex("308204a40201000282010100") + bytes(R.randrange(256) for _ in range(1180))
    return base64.b64encode(der).decode()


def _pem(value: str) -> tuple[str, list[str]]:
    """An RSA private key's body in its PKCS#1 armour, as a key file pasted into a ticket; every body line must go."""
    lines = [value[i:i + 64] for i in range(0, len(value), 64)]
    return ("Attached the trading key as asked:\n-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(lines)
            + "\n-----END RSA PRIVATE KEY-----"), lines


def _keyed(context: str, tool: str, value: str) -> tuple[str, list[str]]:
    """Contexts where a key id stands beside the secret and goes with it."""
    key_id = r(20, UP)
    if context == "s3cfg":
        return (f"[default]\naccess_key = {key_id}\nsecret_key = {value}\nhost_base = store.{tool}.example.net\n"
                f"use_https = True"), [key_id, value]
    return (f"[profile {tool}-billing]\nregion = eu-west-3\naws_access_key_id = {key_id}\naws_secret_access_key = {value}\n"
            f"services = {tool}"), [key_id, value]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        return _pem(value)
    if context in ("s3cfg", "aws_config"):
        return _keyed(context, tool, value)
    if context == "docker_config":
        encoded = base64.b64encode(f"ci-{tool}:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.example.net": {"auth": encoded}}}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: billing-{tool}\ntype: Opaque\ndata:\n"
                f"  {name.lower()}: {encoded}\n  region: ZXUtd2VzdC0z"), [encoded]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf"):
        texts = {
            "url": f"https://{tool}.example.net/api/v1/check?{name.lower()}={quoted}&lang=ro",
            "connection_string": f"amqps://billing:{quoted}@mq.{tool}.example.net:5671/invoices?heartbeat=30",
            "git_credentials": f"https://oauth2:{quoted}@code.{tool}.example.net",
            "pip_conf": f"[global]\nextra-index-url = https://billing:{quoted}@pkgs.{tool}.example.net/simple\nretries = 2",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), name.replace("_", "-").title()
    texts = {
        "env": f"APP_ENV=staging\n{name}={value}\nLOG_LEVEL=warn",
        "json": json.dumps({"integrations": {tool: {cam: value, "enabled": True}}}, indent=2),
        "escaped_json": json.dumps({"ts": "2026-12-16T02:17:44Z", "level": "debug", "payload": json.dumps({"vendor": tool, cam: value})}),
        "cli_flag": f"$ billing-sync --vendor={tool} --{kebab} {value} --since 2026-12-01",
        "prose": f"Salut Andrei, cheia nouă pentru {tool} este {value}; pune-o tu în configurația de test, eu plec azi mai devreme.",
        "tool_output": f"$ {tool} config show\nprofile: billing\n{low}: {value}\nregion: eu-west-3",
        "diff": (f"diff --git a/settings/{tool}.toml b/settings/{tool}.toml\n@@ -4,3 +4,4 @@\n [{tool}]\n"
                 f"+{low} = \"{value}\"\n enabled = true"),
        "bytes_literal": f"AUTH = (b'{tool}', b'{value}')",
        "yaml": f"integrations:\n  {tool}:\n    {low}: {value}\n    timeout: 10s",
        "csv": f"service;{low};env\n{tool};{value};staging",
        "header": f"POST /api/v1/invoices HTTP/2\nHost: {tool}.example.net\n{title}: {value}\nContent-Type: application/json",
        "log": f"[2026-12-16 02:17:44] billing.WARNING: {tool} call failed {{\"{low}\":\"{value}\",\"status\":502}}",
        "code": f"const {cam} = '{value}';\nexport const {tool}Client = create{tool.capitalize()}({{ {cam} }});",
        "ini": f"[integration:{tool}]\n{low} = {value}\nverify = yes",
        "xml": f"<integration id=\"{tool}\">\n  <setting name=\"{low}\">{value}</setting>\n</integration>",
        "dockerfile": f"FROM ruby:3.3-slim\nARG {name}={value}\nRUN bundle exec rake {tool}:prefetch",
        "netrc": f"machine {tool}.example.net\n  login billing\n  password {value}",
        "toml": f"[integrations.{tool}]\n{low} = '{value}'\nretries = 2",
        "shell_history": f": 1765851464:0;{name}={value} bin/billing --vendor {tool}",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 5, "metadata": {}, "outputs": [],
                                "source": ["import os\n", f"os.environ['{name}'] = '{value}'\n"]}),
        "hcl": f"provider \"{tool}\" {{\n  {low} = \"{value}\"\n  region = \"eu-west-3\"\n}}",
        "properties": f"integration.{tool}.{low}={value}\nintegration.{tool}.timeout=10",
        "powershell": f"PS C:\\billing> $env:{name} = '{value}'\nPS C:\\billing> .\\sync.ps1 -Vendor {tool}",
        "systemd": f"$ systemctl --user show {tool}-sync -p Environment\nEnvironment={name}={value} LANG=ro_RO.UTF-8",
        "har": json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": f"https://{tool}.example.net/api/v1/me",
                                                            "queryString": [{"name": low, "value": value}]}}]}}),
        "curl_trace": f"> GET /api/v1/me HTTP/2\n> Host: {tool}.example.net\n> {title}: {value}\n> user-agent: curl/8.11.0\n>",
        "crash_report": f"Traceback (most recent call last):\n  File \"billing/{tool}.py\", line 41, in sync\nKeyError: 'invoice'\nlocals: {{'{low}': '{value}', 'page': 3}}",
        "web_storage": json.dumps({"origin": f"https://app.{tool}.example.net", "localStorage": {f"{tool}:{cam}": value}}),
        "plist": f"<key>{name}</key>\n<string>{value}</string>\n<key>Region</key>\n<string>eu-west-3</string>",
        "tfstate": json.dumps({"version": 4, "resources": [{"type": f"{tool}_integration", "name": "billing",
                                                            "instances": [{"attributes": {low: value}}]}]}),
        "mobile_config": f"// Config.xcconfig\nPRODUCT_BUNDLE_IDENTIFIER = ro.example.billing\n{name} = {value}",
        "sql_dump": f"COPY public.integrations (vendor, {low}) FROM stdin;\n{tool}\t{value}\n\\.",
        "email": (f"From: ops@example.ro\nTo: contabilitate@example.ro\nSubject: {tool}\n\n"
                  f"Cheia de acces pentru {tool}: {value}\nVă rog să nu o trimiteți mai departe."),
        "nginx": f"location /{tool}/ {{\n    proxy_set_header {title} {value};\n    proxy_pass https://{tool}.example.net;\n}}",
        "markdown": f"| serviciu | cheie |\n| --- | --- |\n| {tool} | `{value}` |",
        "postman": json.dumps({"id": u4(), "name": "billing-staging", "values": [{"key": cam, "value": value, "type": "secret"}]}),
        "jenkinsfile": f"pipeline {{\n  environment {{\n    {name} = '{value}'\n  }}\n  stages {{ stage('sync') {{ steps {{ sh 'bin/billing --vendor {tool}' }} }} }}\n}}",
        "compose": f"services:\n  billing:\n    image: example/billing:3\n    environment:\n      {name}: \"{value}\"",
        "gradle": f"# gradle.properties\norg.gradle.jvmargs=-Xmx2g\n{tool}{name.title().replace('_', '')}={value}",
        "chat_export": json.dumps([{"author": "andrei", "time": "2026-12-16T02:17:44Z", "content": f"{tool}: {value}"}]),
        "ansible": f"# group_vars/billing.yml\n{tool}_{low}: \"{value}\"\n{tool}_enabled: true",
        "kubeconfig": f"users:\n- name: {tool}\n  user:\n    exec:\n      env:\n      - name: {name}\n        value: {value}",
        "hocon": f"{tool} {{\n  {cam} = \"{value}\"\n  timeout = 10s\n}}",
        "nix": f"services.billing.settings.{tool} = {{\n  {cam} = \"{value}\";\n}};",
        "caddyfile": f"billing.example.ro {{\n  reverse_proxy /{tool}/* https://{tool}.example.net {{\n    header_up {title} {value}\n  }}\n}}",
        "gitconfig": f"[http \"https://{tool}.example.net\"]\n\textraHeader = {title}: {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\tbin/billing --vendor {tool}",
        "npmrc": f"@{tool}:registry=https://npm.{tool}.example.net/\n//npm.{tool}.example.net/:_authToken={value}",
        "pgpass": f"# ~/.pgpass\n{tool}.example.net:6432:billing:billing:{value}",
        "crontab": f"MAILTO=ops@example.ro\n15 2 * * * {name}={value} /opt/billing/bin/{tool}-sync",
        "http_file": f"@{cam} = {value}\n\nGET https://{tool}.example.net/api/v1/me\n{title}: {{{{{cam}}}}}",
        "haproxy": f"frontend billing\n    http-request set-header {title} {value} if {{ path_beg /{tool} }}",
        "sbt": f"ThisBuild / {cam} := \"{value}\"\nlibraryDependencies += \"ro.example\" %% \"{tool}-client\" % \"2.4.0\"",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://pypi.{tool}.example.net/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Match host *.{tool}.example.net\n    User billing\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"version": "0.2.0", "configurations": [{"name": f"{tool} sync", "type": "node", "request": "launch",
                                                                         "program": "bin/sync.js", "env": {name: value}}]}, indent=2),
        "gha_workflow": f"env:\n  {name}: {value}\njobs:\n  sync:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: bin/billing --vendor {tool}",
        "fish": f"# ~/.config/fish/conf.d/{tool}.fish\nset -gx {name} {value}",
        "devtools_console": f"> localStorage.getItem('{tool}.{cam}')\n< '{value}'",
        "envrc": f"dotenv_if_exists\nexport {name}=\"{value}\"",
        "maven_settings": f"<server>\n  <id>{tool}-releases</id>\n  <username>billing</username>\n  <password>{value}</password>\n</server>",
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.example.net\nvendor = other\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"repo.{tool}.example.net": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  {tool}:\n    npmRegistryServer: \"https://npm.{tool}.example.net\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"credentials \"app.{tool}.example.net\" {{\n  token = \"{value}\"\n}}\nplugin_cache_dir = \"$HOME/.terraform.d/cache\"",
        "cargo_credentials": f"[registries.{tool}]\ntoken = \"{value}\"",
        "helm_values": f"{tool}:\n  enabled: true\n  {cam}: {value}\n  resources: {{}}",
        "vault_agent": f"env_template \"{name}\" {{\n  contents = \"{value}\"\n}}",
        "my_cnf": f"[client-{tool}]\nhost = db.{tool}.example.net\nuser = billing\npassword = \"{value}\"",
        "bitbucket_pipelines": f"pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export {name}={value}\n            - bin/billing --vendor {tool}",
        "wrangler": f"[vars]\n{name} = \"{value}\"\nREGION = \"eu-west-3\"",
        "k6_script": f"const params = {{ headers: {{ '{title}': '{value}' }} }};\nexport default () => http.get('https://{tool}.example.net/api/v1/me', params);",
        "heroku_config": f"$ heroku config -a billing-{tool}\n=== billing-{tool} Config Vars\n{name}: {value}\nLANG:  ro_RO.UTF-8",
        "authinfo": f"machine {tool}.example.net port 443 login billing password {value}",
        "fly_toml": f"app = \"billing-{tool}\"\nprimary_region = \"cdg\"\n\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.deploy-preview.environment]\n  {name} = \"{value}\"",
        "render_yaml": f"services:\n  - type: worker\n    name: {tool}-sync\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": (f"<elementProp name=\"{name}\" elementType=\"Argument\">\n  <stringProp name=\"Argument.name\">{name}</stringProp>\n"
                        f"  <stringProp name=\"Argument.value\">{value}</stringProp>\n</elementProp>"),
        "jenkins_credentials": (f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <id>{tool}</id>\n"
                                f"  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>"),
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\nsync:\n  script: bin/billing --vendor {tool}",
        "gem_credentials": f"---\n:{tool}_api_key: {value}",
        "nuget_config": f"<apikeys>\n  <add key=\"https://nuget.{tool}.example.net/v3/index.json\" value=\"{value}\" />\n</apikeys>",
        "supervisord": f"[program:{tool}]\ncommand=/opt/billing/bin/{tool}-sync\nenvironment={name}=\"{value}\"",
        "pulumi_config": f"config:\n  billing:{cam}: {value}\n  billing:vendor: {tool}",
        "extension_storage": json.dumps({"extension": "Billing Helper 2.3", "chrome.storage.local": {"settings": {"vendor": tool, cam: value}}}, indent=2),
        "circleci_config": f"jobs:\n  sync:\n    docker:\n      - image: cimg/ruby:3.3\n    environment:\n      {name}: {value}\n    steps: [checkout]",
        "azure_pipelines": f"variables:\n  - name: {name}\n    value: '{value}'\nsteps:\n  - script: bin/billing --vendor {tool}",
        "ngrok_config": f"version: 3\nagent:\n  authtoken: {value}\nendpoints:\n  - name: {tool}\n    upstream:\n      url: 8080",
        "hgrc": f"[auth]\n{tool}.prefix = https://hg.{tool}.example.net\n{tool}.username = billing\n{tool}.password = {value}",
        "wpa_supplicant": f"network={{\n    ssid=\"{tool}-office\"\n    key_mgmt=WPA-PSK\n    psk=\"{value}\"\n}}",
    }
    return texts[context], [value]


def _uuid_groups(alphabet: str = HX) -> str:
    return "-".join(r(n, alphabet) for n in (8, 4, 4, 4, 12))


# Formats whose facts were read in public material (source kind public): a maintained detector rule set (Kingfisher,
# github.com/mongodb/kingfisher, data/rules). Only the facts (prefix, length, alphabet, the name beside it) were read;
# no rule or example was copied, and every value is drawn here.
KF = "Kingfisher rule set (github.com/mongodb/kingfisher, data/rules)"


def kf(what: str, rule: str) -> str:
    return f"{what}, {KF} {rule}.yml"


def near(vendor: str, count: str, rule: str | None = None) -> str:
    """The usual fact: a value of a length and alphabet beside the vendor's name."""
    return kf(f"a {vendor} key ({count} beside the vendor's name)", rule or vendor.lower().replace(" ", "").replace(".", ""))


SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("apifonica/api-key", "APIFONICA_API_KEY", "apifonica",
     lambda: f"{r(11, LO)}-{r(4, LO)}-{r(4, LO)}-{r(4, LO)}-{r(12, LO)}", near("Apifonica", "11-4-4-4-12 lower-case letters and digits")),
    ("apilayer/api-key", "APILAYER_API_KEY", "apilayer", lambda: r(32), near("apilayer", "32 letters and digits")),
    ("apimetrics/api-key", "APIMETRICS_API_KEY", "apimetrics", lambda: r(32), near("APImetrics", "32 letters and digits")),
    ("appointedd/api-key", "APPOINTEDD_API_KEY", "appointedd", lambda: b64(66), near("Appointedd", "88 letters, digits, + and =")),
    ("appoptics/api-token", "APPOPTICS_API_TOKEN", "appoptics", lambda: r(71, U64), near("AppOptics", "71 letters, digits, _ and -")),
    ("autoklose/api-token", "AUTOKLOSE_API_TOKEN", "autoklose", lambda: r(32, AL + "-"), near("Autoklose", "32 letters, digits and dashes")),
    ("autopilot/api-key", "AUTOPILOT_API_KEY", "autopilot", lambda: r(32, HX), near("Autopilot", "32 hex digits")),
    ("centralstationcrm/api-key", "CENTRALSTATION_API_KEY", "centralstation", lambda: r(30, LO),
     near("CentralStationCRM", "30 lower-case letters and digits")),
    ("chatbot/api-key", "CHATBOT_API_KEY", "chatbot", lambda: r(32, AL + "_"), near("ChatBot", "32 letters, digits and _")),
    ("checio/public-key", "CHEC_PUBLIC_KEY", "checio", lambda: "pk_" + r(45, LO), near("Chec", "pk_ and 45 lower-case letters and digits", "checio")),
    ("cloudimage/token", "CLOUDIMAGE_TOKEN", "cloudimage", lambda: r(30, LO), near("Cloudimage", "30 lower-case letters, digits and _")),
    ("cloudplan/api-key", "CLOUDPLAN_API_KEY", "cloudplan", lambda: r(32, UP), near("cloudplan", "32 upper-case letters, digits and dashes")),
    ("cloudsight/api-key", "CLOUDSIGHT_API_KEY", "cloudsight", lambda: r(22, LO), near("CloudSight", "20 to 24 lower-case letters and digits")),
    ("cloverly/api-key", "CLOVERLY_API_KEY", "cloverly", lambda: f"private_key:{r(16, LO)}",
     kf("a Cloverly API key (28 lower-case letters, digits, : and _ beside the vendor's name; the private_key: prefix as the writer knows it)", "cloverly")),
    ("collect2/api-key", "COLLECT2_API_KEY", "collect2", _uuid_groups, near("Collect2", "8-4-4-4-12 hex digits")),
    ("commercejs/secret-key", "COMMERCEJS_SECRET_KEY", "commercejs", lambda: "sk_" + r(45, LO),
     kf("a Commerce.js secret key (48 lower-case letters, digits and _ beside the vendor's name; the sk_ prefix as the writer knows it)", "commercejs")),
    ("conversiontools/api-token", "CONVERSIONTOOLS_TOKEN", "conversiontools",
     lambda: f"eyJ{r(33)}.eyJ{r(80)}.{r(43, AL + '_')}", near("Conversion Tools", "ey and 157 to 165 letters, digits, _ and dots", "conversiontools")),
    ("currencyscoop/api-key", "CURRENCYSCOOP_API_KEY", "currencyscoop", lambda: r(32, LO), near("CurrencyScoop", "32 lower-case letters and digits")),
    ("d7network/api-token", "D7_API_TOKEN", "d7network", lambda: r(23) + "=", near("D7 Networks", "23 characters and =", "d7network")),
    ("kalshi/api-private-key", "KALSHI_PRIVATE_KEY", "kalshi", _pkcs1_rsa2048,
     "a Kalshi API private key, an RSA-2048 private key in PKCS#1 armour"),
    ("datagov/api-key", "DATA_GOV_API_KEY", "datagov", lambda: r(40), near("api.data.gov", "40 letters and digits", "datagov")),
    ("detectlanguage/api-key", "DETECTLANGUAGE_API_KEY", "detectlanguage", lambda: r(32, LO), near("Detect Language", "32 lower-case letters and digits", "detectlanguage")),
    ("ditto/api-key", "DITTO_API_KEY", "ditto", lambda: f"{_uuid_groups(LO)}.{r(40, LO)}",
     near("Ditto", "8-4-4-4-12 lower-case letters and digits, a dot and 40 more")),
    ("documo/api-key", "DOCUMO_API_KEY", "documo", lambda: f"ey{r(34)}.ey{r(154)}.{r(43, U64)}",
     kf("a Documo API key (ey and 34 letters and digits, a dot, ey and 154, a dot, 43 letters, digits, _ and -)", "documo")),
    ("ecostruxureit/api-key", "ECOSTRUXURE_IT_API_KEY", "ecostruxure", lambda: "AK1" + r(52, AL + "/"),
     kf("an EcoStruxure IT API key (AK1 and 50 to 55 letters, digits and /)", "ecostruxureit")),
    ("edenai/api-key", "EDENAI_API_KEY", "edenai", lambda: f"eyJ{r(33)}.{r(92)}.{r(43, AL + '_')}",
     kf("an Eden AI API key (36 letters and digits, a dot, 92, a dot, 43 letters, digits and _)", "edenai")),
    ("enigma/api-key", "ENIGMA_API_KEY", "enigma", lambda: r(40), near("Enigma", "40 letters and digits")),
    ("envoy/api-key", "ENVOY_API_KEY", "envoy", lambda: r(220), near("Envoy", "220 letters and digits", "envoyapikey")),
    ("exchangerateapi/api-key", "EXCHANGERATE_API_KEY", "exchangerateapi", lambda: r(24, LO), near("ExchangeRate-API", "24 lower-case letters and digits", "exchangerateapi")),
    ("fixer/access-key", "FIXER_ACCESS_KEY", "fixer", lambda: r(32), near("Fixer", "32 letters and digits", "fixerio")),
    ("flightlabs/access-key", "FLIGHTLABS_ACCESS_KEY", "flightlabs", lambda: f"ey{r(34)}.ey{r(320, U64)}",
     kf("an Aviation Edge FlightLabs access key (ey and 34 letters and digits, a dot, ey and 300 to 350 letters, digits, dots, _ and -)", "flightlabs")),
    ("float/access-token", "FLOAT_ACCESS_TOKEN", "float", lambda: r(16, HX) + r(42, B64) + "=",
     kf("a Float access token (16 hex digits, 42 or 43 base64 characters and =)", "float")),
    ("formio/api-token", "FORMIO_TOKEN", "formio", lambda: f"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{r(260)}.{r(43, U64)}",
     kf("a Form.io token (a JWT with the fixed HS256 header, 220 to 310 letters and digits, a dot, 43 more)", "formio")),
    ("fxmarket/api-key", "FXMARKET_API_KEY", "fxmarket", lambda: r(20, U64), near("FX Market API", "20 letters, digits, -, _ and =", "fxmarket")),
    ("geocodexyz/auth-code", "GEOCODE_AUTH", "geocode", lambda: r(28, LO), near("geocode.xyz", "28 lower-case letters and digits", "geocode")),
    ("ipify/api-key", "IPIFY_API_KEY", "ipify", lambda: "at_" + r(29), kf("an ipify Geolocation API key (32 letters, digits and _ beside the vendor's name; the at_ prefix as the writer knows it)", "geoipifi")),
    ("getemail/api-key", "GETEMAIL_API_KEY", "getemail", lambda: r(20, AL + "-"), near("GetEmail.io", "20 letters, digits and dashes", "getemail")),
    ("getgeoapi/api-key", "GETGEOAPI_KEY", "getgeoapi", lambda: r(40, LO), near("GetGeoAPI", "40 lower-case letters and digits")),
    ("guardian/api-key", "GUARDIAN_API_KEY", "guardian", lambda: _uuid_groups(LO), near("Guardian Open Platform", "8-4-4-4-12 lower-case letters and digits", "guardianapi")),
    ("helpcrunch/api-key", "HELPCRUNCH_API_KEY", "helpcrunch", lambda: b64(246), near("HelpCrunch", "328 base64 characters")),
    ("worldcoinindex/api-key", "WORLDCOININDEX_KEY", "worldcoinindex", lambda: r(35), near("WorldCoinIndex", "35 letters and digits")),
    ("holistic/api-key", "HOLISTIC_API_KEY", "holistic", lambda: r(64, HX), near("Holistic", "64 hex digits")),
    ("html2pdf/api-key", "HTML2PDF_API_KEY", "html2pdf", lambda: r(64), near("html2pdf.app", "64 letters and digits", "html2pdf")),
    ("humanity/access-token", "HUMANITY_ACCESS_TOKEN", "humanity", lambda: r(40, LO), near("Humanity", "40 lower-case letters and digits")),
    ("zenkit/api-key", "ZENKIT_API_KEY", "zenkit", lambda: f"{r(8, LO)}-{r(32)}", kf("a Zenkit API key (8 lower-case letters and digits, a dash, 32 letters and digits)", "zenkitapi")),
    ("impala/api-key", "IMPALA_API_KEY", "impala", lambda: r(46, AL + "_"), near("Impala", "46 letters, digits and _")),
    ("instabot/api-key", "INSTABOT_API_KEY", "instabot", lambda: b64(33), near("Instabot", "44 base64 characters")),
    ("interseller/api-key", "INTERSELLER_API_KEY", "interseller", _uuid_groups, near("Interseller", "8-4-4-4-12 hex digits")),
    ("ipapi/access-key", "IPAPI_ACCESS_KEY", "ipapi", lambda: r(32, LO), near("ipapi", "32 lower-case letters and digits")),
    ("ipqualityscore/api-key", "IPQS_API_KEY", "ipqualityscore", lambda: r(32, LO), near("IPQualityScore", "32 lower-case letters and digits", "ipquality")),
    ("languagelayer/access-key", "LANGUAGELAYER_ACCESS_KEY", "languagelayer", lambda: r(32, LO), near("languagelayer", "32 lower-case letters and digits")),
    ("lessannoyingcrm/api-key", "LESSANNOYINGCRM_API_KEY", "lessannoyingcrm", lambda: r(57, AL + "-"), near("Less Annoying CRM", "57 letters, digits and dashes", "lessannoyingcrm")),
    ("loginradius/api-secret", "LOGINRADIUS_API_SECRET", "loginradius", _uuid_groups, near("LoginRadius", "8-4-4-4-12 hex digits")),
    ("magnetic/api-key", "MAGNETIC_API_KEY", "magnetic", lambda: f"{r(8)}-{r(4, LO)}-{r(4, LO)}-{r(4, LO)}-{r(12, LO)}",
     near("Magnetic", "8 letters and digits and 4-4-4-12 lower-case letters and digits")),
    ("mailboxlayer/access-key", "MAILBOXLAYER_ACCESS_KEY", "mailboxlayer", lambda: r(32, LO), near("mailboxlayer", "32 lower-case letters and digits")),
    ("mavenlink/access-token", "MAVENLINK_TOKEN", "mavenlink", lambda: r(64, LO), near("Mavenlink", "64 lower-case letters and digits")),
    ("mediastack/access-key", "MEDIASTACK_ACCESS_KEY", "mediastack", lambda: r(32, LO), near("mediastack", "32 lower-case letters and digits")),
    ("moderation/api-key", "MODERATION_API_KEY", "moderationapi", lambda: f"eyJ{r(33)}.{r(115)}.{r(43, AL + '_')}",
     kf("a Moderation API key (36 letters and digits, a dot, 115, a dot, 43 letters, digits and _)", "moderation")),
    ("monkeylearn/api-key", "MONKEYLEARN_API_KEY", "monkeylearn", lambda: r(40, HX), near("MonkeyLearn", "40 hex digits")),
    ("myintervals/api-token", "INTERVALS_API_TOKEN", "myintervals", lambda: r(11, LO), near("Intervals", "11 lower-case letters and digits", "myintervals")),
    ("nimble/api-key", "NIMBLE_API_KEY", "nimble", lambda: r(30), near("Nimble", "30 letters and digits")),
    ("nozbe/api-token", "NOZBE_API_TOKEN", "nozbe", lambda: f"{r(16)}_{r(64, U64)}", kf("a Nozbe Teams API token (16 letters and digits, _, 64 letters, digits, -, _ and =)", "nozbeteams")),
    ("numverify/access-key", "NUMVERIFY_ACCESS_KEY", "numverify", lambda: r(32, LO), near("numverify", "32 lower-case letters and digits")),
    ("openuv/api-key", "OPENUV_API_KEY", "openuv", lambda: r(32, LO), near("OpenUV", "32 lower-case letters and digits")),
    ("overloop/api-key", "OVERLOOP_API_KEY", "overloop", lambda: r(50, U64), near("Overloop", "50 letters, digits, _ and -")),
    ("pastebin/api-dev-key", "PASTEBIN_API_DEV_KEY", "pastebin", lambda: r(32, AL + "_"), near("Pastebin", "32 letters, digits and _")),
    ("paydirt/api-key", "PAYDIRT_API_KEY", "paydirt", lambda: r(32, LO), near("Paydirt", "32 lower-case letters and digits", "paydirtapp")),
    ("paymo/api-key", "PAYMO_API_KEY", "paymo", lambda: r(44), near("Paymo", "44 letters and digits", "paymoapp")),
    ("pdflayer/access-key", "PDFLAYER_ACCESS_KEY", "pdflayer", lambda: r(32, LO), near("pdflayer", "32 lower-case letters and digits")),
    ("pepipost/api-key", "PEPIPOST_API_KEY", "pepipost", lambda: r(32), near("Pepipost", "32 letters and digits")),
    ("privacycom/api-key", "PRIVACY_API_KEY", "privacy", lambda: _uuid_groups(LO), near("Privacy.com", "8-4-4-4-12 lower-case letters and digits", "privacy")),
    ("prospectcrm/api-key", "PROSPECTCRM_API_KEY", "prospectcrm", lambda: r(32, LO + "-"), near("ProspectCRM", "32 lower-case letters, digits and dashes")),
    ("protocolsio/access-token", "PROTOCOLSIO_TOKEN", "protocolsio", lambda: r(64, LO), near("protocols.io", "64 lower-case letters and digits", "protocolsio")),
    ("proxycrawl/token", "PROXYCRAWL_TOKEN", "proxycrawl", lambda: r(22, AL + "_"), near("ProxyCrawl", "22 letters, digits and _")),
    ("qubole/api-token", "QUBOLE_API_TOKEN", "qubole", lambda: r(64, LO), near("Qubole", "64 lower-case letters and digits")),
    ("replyio/api-key", "REPLY_API_KEY", "replyio", lambda: r(24), near("Reply.io", "24 letters and digits", "replyio")),
    ("requestfinance/api-key", "REQUEST_FINANCE_API_KEY", "requestfinance", lambda: "-".join(r(7, UP) for _ in range(4)),
     kf("a Request Finance API key (four groups of 7 upper-case letters and digits joined by dashes)", "requestfinance")),
    ("restpack/access-token", "RESTPACK_ACCESS_TOKEN", "restpack", lambda: r(48), near("Restpack", "48 letters and digits")),
    ("salescookie/api-key", "SALESCOOKIE_API_KEY", "salescookie", lambda: r(32), near("Salescookie", "32 letters and digits")),
    ("scrapestack/access-key", "SCRAPESTACK_ACCESS_KEY", "scrapestack", lambda: r(32, LO), near("scrapestack", "32 lower-case letters and digits")),
    ("screenshotapi/api-key", "SCREENSHOTAPI_KEY", "screenshotapi", lambda: "-".join(r(7, UP) for _ in range(4)),
     kf("a ScreenshotAPI.net key (four groups of 7 upper-case letters and digits joined by dashes)", "screenshotapi")),
    ("screenshotlayer/access-key", "SCREENSHOTLAYER_ACCESS_KEY", "screenshotlayer", lambda: r(32, AL + "_"), near("screenshotlayer", "32 letters, digits and _")),
    ("scrutinizer/access-token", "SCRUTINIZER_TOKEN", "scrutinizer", lambda: r(64, LO), near("Scrutinizer CI", "64 lower-case letters and digits", "scrutinizerci")),
    ("selectpdf/license-key", "SELECTPDF_KEY", "selectpdf", lambda: _uuid_groups(LO), near("SelectPdf", "36 lower-case letters, digits and dashes")),
    ("speechtext/api-key", "SPEECHTEXT_API_KEY", "speechtext", lambda: r(32, HX), near("Speechtext.AI", "32 hex digits", "speechtextai")),
    ("stitch/api-token", "STITCH_API_TOKEN", "stitch", lambda: r(35, LO + "_"), near("Stitch", "35 lower-case letters, digits and _", "stitchdata")),
    ("streak/api-key", "STREAK_API_KEY", "streak", lambda: r(32, HX), near("Streak CRM", "32 hex digits", "streak")),
    ("stripo/api-key", "STRIPO_API_KEY", "stripo", lambda: f"eyJhbGciOiJIUzI1NiJ9.{r(130)}.{r(43, U64)}",
     kf("a Stripo API key (a JWT with the fixed HS256 header, 130 letters and digits, a dot, 43 letters, digits, _ and -)", "stripo")),
    ("supernotes/api-key", "SUPERNOTES_API_KEY", "supernotes", lambda: r(43, U64), near("Supernotes", "43 letters, digits, - and _", "supernotesapi")),
    ("surveybot/api-key", "SURVEYBOT_API_KEY", "surveybot", lambda: r(80, AL + "-"), near("SurveyBot", "80 letters, digits and dashes")),
    ("swiftype/api-key", "SWIFTYPE_API_KEY", "swiftype", lambda: f"{r(6)}_{r(6)}-{r(6)}", kf("a Swiftype API key (6 letters and digits, _, 6, a dash, 6)", "swiftype")),
    ("technicalanalysis/api-key", "TAAPI_SECRET", "technicalanalysis", lambda: r(48, UP), near("Technical Analysis API", "48 upper-case letters and digits", "technicalanalysisapi")),
    ("teamwork/api-token", "TEAMWORK_API_TOKEN", "teamwork", lambda: f"tkn.v1_{r(71)}=", kf("a Teamwork API token (tkn.v1_, 71 letters and digits and =)", "teamworkcrm")),
    ("tefter/api-key", "TEFTER_API_KEY", "tefter", lambda: r(20), near("Tefter", "20 letters and digits")),
    ("timezoneapi/api-key", "TIMEZONEAPI_KEY", "timezoneapi", lambda: r(20, AL[:52]), near("TimezoneAPI", "20 letters")),
    ("travelpayouts/api-token", "TRAVELPAYOUTS_TOKEN", "travelpayouts", lambda: r(32, LO), near("Travelpayouts", "32 lower-case letters and digits")),
    ("userstack/access-key", "USERSTACK_ACCESS_KEY", "userstack", lambda: r(32, LO), near("userstack", "32 lower-case letters and digits")),
    ("vatlayer/access-key", "VATLAYER_ACCESS_KEY", "vatlayer", lambda: r(32, LO), near("vatlayer", "32 lower-case letters and digits")),
    ("vbout/api-key", "VBOUT_API_KEY", "vbout", lambda: r(25, DG), near("VBOUT", "25 digits", "vbout")),
    ("versioneye/api-key", "VERSIONEYE_API_KEY", "versioneye", lambda: r(40, AL + "-"), near("VersionEye", "40 letters, digits and dashes")),
    ("voodoosms/api-key", "VOODOOSMS_API_KEY", "voodoosms", lambda: r(46), near("VoodooSMS", "46 letters and digits")),
    ("vpnapi/api-key", "VPNAPI_KEY", "vpnapi", lambda: r(32), near("vpnapi.io", "32 letters and digits", "vpnapi")),
    ("vyte/api-key", "VYTE_API_KEY", "vyte", lambda: r(50, LO), near("Vyte", "50 lower-case letters and digits")),
    ("walkscore/api-key", "WALKSCORE_API_KEY", "walkscore", lambda: r(32, LO), near("Walk Score", "32 lower-case letters and digits", "walkscore")),
    ("weatherstack/access-key", "WEATHERSTACK_ACCESS_KEY", "weatherstack", lambda: r(32, LO), near("weatherstack", "32 lower-case letters and digits")),
    ("webscraper/api-token", "WEBSCRAPER_API_TOKEN", "webscraper", lambda: r(60), near("Web Scraper Cloud", "60 letters and digits", "webscraper")),
]


ROMANIAN = [
    ("worksnaps/api-token", kf("a Worksnaps API token (40 letters and digits beside the vendor's name)", "worksnaps")),
    ("youneedabudget/access-token", kf("a YNAB personal access token (64 hex digits beside the vendor's name)", "youneedabudget")),
    ("zipcodebase/api-key", kf("a Zipcodebase API key (8-4-4-4-12 hex digits beside the vendor's name)", "zipcodebase")),
]
PUBLIC = {what for *_, what in SECRETS if KF in what} | {what for _, what in ROMANIAN}


def romanian_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Three more secrets, each said in a Romanian chat line with no setting name (format, context, text, secrets, what)."""
    worksnaps, ynab, zipcodebase = r(40), r(64, HX), _uuid_groups()
    (f1, w1), (f2, w2), (f3, w3) = ROMANIAN
    return [
        (f1, "prose", f"Pentru pontaj folosește deocamdată tokenul meu: {worksnaps}. Mâine îți fac cont separat.", [worksnaps], w1),
        (f2, "prose", f"Ți-am generat acces la buget, e ăsta: {ynab} — nu-l pune pe wiki, te rog.", [ynab], w2),
        (f3, "prose", f"Codurile poștale merg iar, cheia nouă este {zipcodebase}, cea veche a expirat vineri.", [zipcodebase], w3),
    ]


def _romanian_fiscal_code() -> str:
    """A Romanian company fiscal code (CUI): eight digits and the check digit; the digits, right-aligned under the key
    753217532, are multiplied by it and summed, and the sum times 10, mod 11, mod 10 is the check digit."""
    digits = r(8, DG)
    total = sum(int(d) * w for d, w in zip(digits, (5, 3, 2, 1, 7, 5, 3, 2)))
    return digits + str(total * 10 % 11 % 10)


ORDINARY = [  # (shape, context, make() -> text, why it is ordinary)
    ("env/opentelemetry-resource-attributes", "env",
     lambda: f"OTEL_SERVICE_NAME=billing\nOTEL_RESOURCE_ATTRIBUTES=service.version=3.4.1,deployment.environment=staging,host.id={r(32, HX)}",
     "telemetry labels and a host id"),
    ("json/jwks-public-rsa-key", "json",
     lambda: json.dumps({"keys": [{"kty": "RSA", "use": "sig", "kid": r(16, HX), "alg": "RS256", "e": "AQAB",
                                   "n": base64.urlsafe_b64encode(bytes(R.randrange(256) for _ in range(256))).decode().rstrip("=")}]}, indent=2),
     "a published signing key set, public keys only"),
    ("escaped/sentry-event-and-trace-ids", "escaped_json",
     lambda: json.dumps({"level": "error", "msg": "captured", "event": json.dumps({"event_id": r(32, HX), "trace_id": r(32, HX), "span_id": r(16, HX)})}),
     "an error event's ids"),
    ("cli/cosign-verify-with-public-key", "cli_flag",
     lambda: f"$ cosign verify --key cosign.pub registry.example.ro/billing@sha256:{r(64, HX)}",
     "checking an image signature with a public key file"),
    ("prose/romanian-company-fiscal-code", "prose",
     lambda: f"Codul fiscal al firmei noastre este RO{_romanian_fiscal_code()}; vă rugăm să îl treceți pe fiecare factură.",
     "a company's public fiscal code"),
    ("tool/git-verify-commit-good-signature", "tool_output",
     lambda: f"$ git verify-commit HEAD\ngpg: Signature made Wed Dec 16 02:17:44 2026 EET\ngpg:                using EDDSA key {r(40, HX.upper())}\ngpg: Good signature from \"Andrei Pop <andrei@example.ro>\"",
     "a signature check naming the public key's fingerprint"),
    ("diff/go-sum-module-hash", "diff",
     lambda: (f"--- a/go.sum\n+++ b/go.sum\n@@ -12,1 +12,2 @@\n golang.org/x/text v0.20.0/go.mod h1:{b64(32)}\n"
              f"+golang.org/x/text v0.21.0 h1:{b64(32)}"),
     "module checksums"),
    ("bytes/zip-local-file-header-magic", "bytes_literal", lambda: "ZIP_LOCAL_HEADER = b'PK\\x03\\x04'\nZIP_END_OF_CENTRAL_DIR = b'PK\\x05\\x06'",
     "the fixed bytes a zip archive's records start with"),
    ("yaml/dependabot-schedule", "yaml",
     lambda: "version: 2\nupdates:\n  - package-ecosystem: bundler\n    directory: /\n    schedule:\n      interval: weekly\n      day: tuesday",
     "dependency update schedule"),
    ("csv/romanian-county-codes", "csv", lambda: "cod,judet,resedinta\nCJ,Cluj,Cluj-Napoca\nIS,Iasi,Iasi\nTM,Timis,Timisoara",
     "public county codes"),
    ("url/oauth-authorize-without-secret", "url",
     lambda: f"https://auth.example.ro/oauth2/authorize?response_type=code&client_id=billing-web&redirect_uri=https%3A%2F%2Fbilling.example.ro%2Fcb&state={r(16, HX)}&code_challenge_method=S256",
     "an authorization request with a public client id and state, no secret"),
    ("header/content-security-policy-nonce", "header",
     lambda: f"HTTP/2 200\ncontent-security-policy: script-src 'nonce-{b64(16)}' 'strict-dynamic'; object-src 'none'\nx-content-type-options: nosniff",
     "a page's one-time script nonce"),
    ("log/kafka-consumer-offsets", "log",
     lambda: f"[2026-12-16 02:17:44,118] INFO [Consumer clientId=billing-1, groupId=invoices] Committed offset {R.randrange(10**5, 10**8)} for partition invoices-{R.randrange(0, 12)}",
     "a consumer's committed offset"),
    ("connection/mongodb-x509-auth-mechanism", "connection_string",
     lambda: "mongodb://db1.example.ro:27017/?authMechanism=MONGODB-X509&tls=true&tlsCertificateKeyFile=%2Fetc%2Fbilling%2Fclient.pem",
     "a database address that names a certificate file, with no password"),
    ("code/crc32c-polynomial", "code", lambda: "// CRC-32C (Castagnoli), reversed polynomial\nconst CRC32C_POLY = 0x82F63B78;",
     "a published checksum constant"),
    ("ini/tox-environments", "ini", lambda: "[tox]\nenv_list = py312, py313, lint\n\n[testenv]\ndeps = pytest\ncommands = pytest -q",
     "test environments"),
    ("xml/pom-dependency-coordinates", "xml",
     lambda: "<dependency>\n  <groupId>org.apache.commons</groupId>\n  <artifactId>commons-csv</artifactId>\n  <version>1.12.0</version>\n</dependency>",
     "a dependency's coordinates"),
    ("dockerfile/healthcheck-and-expose", "dockerfile",
     lambda: "FROM nginx:1.27-alpine\nEXPOSE 8080\nHEALTHCHECK --interval=30s --timeout=3s CMD wget -qO- http://localhost:8080/health || exit 1",
     "a health check"),
    ("netrc/macdef-init-macro", "netrc", lambda: "machine ftp.example.ro login anonymous\nmacdef init\nbinary\ncd /pub/tarife\n",
     "an anonymous login and a startup macro"),
    ("pem/x509-certificate-signing-request", "pem",
     lambda: "-----BEGIN CERTIFICATE REQUEST-----\n" + "\n".join(chunks(base64.b64encode(
         bytes.fromhex("308201a03082014802010030") + bytes(R.randrange(256) for _ in range(408))).decode())) + "\n-----END CERTIFICATE REQUEST-----",
     "a certificate signing request, which holds only a public key"),
    ("wrapped/image-digest-across-lines", "wrapped",
     lambda: (lambda h: f"Dec 16 02:17:44 billing-2 deploy[88]: pulled billing@sha256:{h[:32]}\nDec 16 02:17:44 billing-2 deploy[88]: {h[32:]} ok")(r(64, HX)),
     "an image digest cut across log lines"),
    ("toml/rustfmt-settings", "toml", lambda: "edition = \"2021\"\nmax_width = 110\nimports_granularity = \"Crate\"\ngroup_imports = \"StdExternalCrate\"",
     "formatter settings"),
    ("history/git-bisect-session", "shell_history",
     lambda: f": 1765851464:0;git bisect start\n: 1765851470:0;git bisect bad HEAD\n: 1765851475:0;git bisect good {r(12, HX)}",
     "a bisect between two commits"),
    ("notebook/display-data-image-metadata", "notebook",
     lambda: json.dumps({"output_type": "display_data", "metadata": {"image/png": {"width": 640, "height": 480}},
                         "data": {"text/plain": ["<Figure size 640x480 with 1 Axes>"]}}),
     "a plot output's size"),
    ("hcl/nomad-job-resources", "hcl",
     lambda: "job \"billing\" {\n  group \"api\" {\n    count = 2\n    task \"api\" {\n      resources {\n        cpu    = 500\n        memory = 256\n      }\n    }\n  }\n}",
     "a scheduler job's resources"),
    ("properties/log4j2-rolling-policy", "properties",
     lambda: "appender.rolling.policies.size.type=SizeBasedTriggeringPolicy\nappender.rolling.policies.size.size=50MB\nappender.rolling.strategy.max=10",
     "log rotation settings"),
    ("powershell/get-filehash-output", "powershell",
     lambda: f"PS> Get-FileHash .\\billing-setup.msi -Algorithm SHA256\n\nAlgorithm Hash\n--------- ----\nSHA256    {r(64, HX.upper())}",
     "an installer's digest"),
    ("systemd/resolved-dns-settings", "systemd", lambda: "[Resolve]\nDNS=10.0.0.2 10.0.0.3\nDomains=~example.ro\nDNSSEC=allow-downgrade",
     "name resolution settings"),
    ("har/response-cache-and-timings", "har",
     lambda: json.dumps({"log": {"entries": [{"response": {"status": 304, "headers": [{"name": "etag", "value": f"W/\"{r(16, HX)}\""}]},
                                             "timings": {"dns": 1, "connect": 12, "wait": R.randrange(20, 300)}}]}}),
     "a cached response's etag and timings"),
    ("curl/tls-handshake-lines", "curl_trace",
     lambda: "* TLSv1.3 (OUT), TLS handshake, Client hello (1):\n* TLSv1.3 (IN), TLS handshake, Server hello (2):\n* SSL connection using TLSv1.3 / TLS_AES_256_GCM_SHA384",
     "a handshake's protocol and cipher"),
    ("k8s/pod-disruption-budget", "k8s_secret",
     lambda: "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: billing\nspec:\n  minAvailable: 1\n  selector:\n    matchLabels:\n      app: billing",
     "an availability rule"),
    ("crash/node-unhandled-rejection-stack", "crash_report",
     lambda: f"node:internal/process/promises:394\n    triggerUncaughtException(err, true);\n\nError: invoice {R.randrange(1000, 9999)} has no lines\n    at total (/srv/billing/src/total.js:27:11)",
     "a crash's stack with file lines"),
    ("web/recently-viewed-invoice-ids", "web_storage",
     lambda: json.dumps({"origin": "https://billing.example.ro", "localStorage": {"recent": json.dumps([f"INV-2026-{R.randrange(1000, 9999)}" for _ in range(3)])}}),
     "invoice numbers a page remembers"),
    ("plist/ui-supported-interface-orientations", "plist",
     lambda: "<key>UISupportedInterfaceOrientations</key>\n<array>\n\t<string>UIInterfaceOrientationPortrait</string>\n</array>",
     "an app's screen orientations"),
    ("tfstate/data-source-region-attributes", "tfstate",
     lambda: json.dumps({"version": 4, "resources": [{"mode": "data", "type": "aws_region", "name": "current",
                                                      "instances": [{"attributes": {"name": "eu-central-1", "endpoint": "ec2.eu-central-1.amazonaws.com"}}]}]}),
     "a data source's public attributes"),
    ("mobile/android-version-code-and-min-sdk", "mobile_config",
     lambda: f"android {{\n    defaultConfig {{\n        minSdk 26\n        targetSdk 35\n        versionCode {R.randrange(100, 999)}\n        versionName \"3.4.1\"\n    }}\n}}",
     "an app's version numbers"),
    ("sql/create-sequence-and-grant-select", "sql_dump",
     lambda: "CREATE SEQUENCE public.invoice_no_seq START 1000;\nGRANT SELECT ON public.invoices TO reporting;",
     "a sequence and a read grant"),
    ("email/mime-multipart-boundary", "email",
     lambda: f"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"=_{r(24, HX)}\"\n\n--=_{r(24, HX)}\nContent-Type: application/pdf; name=\"factura.pdf\"",
     "a message's part boundary"),
    ("nginx/gzip-and-client-body-size", "nginx", lambda: "gzip on;\ngzip_types application/json text/css;\nclient_max_body_size 20m;",
     "compression and upload limits"),
    ("markdown/shields-badge-links", "markdown",
     lambda: "[![build](https://img.shields.io/badge/build-passing-green)](https://ci.example.ro/billing)\n[![licence](https://img.shields.io/badge/licence-MIT-blue)](LICENSE)",
     "status badges"),
    ("postman/collection-variable-base-url", "postman",
     lambda: json.dumps({"info": {"_postman_id": u4(), "name": "billing"}, "variable": [{"key": "baseUrl", "value": "https://billing.example.ro"}]}),
     "a collection id and base address"),
    ("jenkins/parameters-choice", "jenkinsfile",
     lambda: "parameters {\n  choice(name: 'ENV', choices: ['staging', 'production'], description: 'where to deploy')\n  booleanParam(name: 'DRY_RUN', defaultValue: true)\n}",
     "build parameters"),
    ("compose/healthcheck-and-depends-on", "compose",
     lambda: "services:\n  api:\n    depends_on:\n      db:\n        condition: service_healthy\n  db:\n    healthcheck:\n      test: [\"CMD\", \"pg_isready\"]",
     "service start order"),
    ("gradle/version-catalog-entries", "gradle",
     lambda: "# gradle/libs.versions.toml\n[versions]\nktor = \"3.0.2\"\n\n[libraries]\nktor-client = { module = \"io.ktor:ktor-client-core\", version.ref = \"ktor\" }",
     "dependency versions"),
    ("chat/matrix-event-and-room-ids", "chat_export",
     lambda: json.dumps([{"event_id": "$" + r(43, U64), "room_id": f"!{r(18)}:example.ro", "sender": "@andrei:example.ro", "body": "factura e gata"}]),
     "chat event and room ids"),
    ("ansible/handlers-and-tags", "ansible",
     lambda: "handlers:\n  - name: restart billing\n    ansible.builtin.systemd:\n      name: billing\n      state: restarted\n    tags: [deploy]",
     "a restart handler"),
    ("kubeconfig/cluster-certificate-authority-data", "kubeconfig",
     lambda: f"clusters:\n- name: billing\n  cluster:\n    server: https://k8s.example.ro:6443\n    certificate-authority-data: {b64(300)}",
     "a cluster's public CA certificate"),
    ("hocon/play-filters-enabled", "hocon",
     lambda: "play.filters.enabled += \"play.filters.gzip.GzipFilter\"\nplay.filters.disabled += \"play.filters.csrf.CSRFFilter\"",
     "web filters switched on and off"),
    ("nix/fetchurl-sri-hash", "nix",
     lambda: f"src = fetchurl {{\n  url = \"https://example.ro/billing-3.4.1.tar.gz\";\n  hash = \"sha256-{b64(32)}\";\n}};",
     "a source pinned by digest"),
    ("caddy/rate-limit-and-log", "caddyfile",
     lambda: "billing.example.ro {\n  log {\n    output file /var/log/caddy/billing.log\n    format json\n  }\n  encode gzip\n}",
     "logging settings"),
    ("gitconfig/signing-with-ssh-public-key", "gitconfig",
     lambda: f"[gpg]\n\tformat = ssh\n[user]\n\tsigningkey = ssh-ed25519 {base64.b64encode(bytes.fromhex('0000000b7373682d6564323535313900000020') + bytes(R.randrange(256) for _ in range(32))).decode()} andrei@example.ro",
     "a public SSH key used for signing"),
    ("makefile/help-target-from-comments", "makefile",
     lambda: "help: ## list the targets\n\t@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf \"%-12s %s\\n\", $$1, $$2}'",
     "a target that prints the others"),
    ("npmrc/scoped-registry-without-token", "npmrc", lambda: "@billing:registry=https://npm.example.ro/\nprefer-offline=true",
     "a scope's registry with no token"),
    ("pgpass/pg-isready-output", "pgpass",
     lambda: "$ pg_isready -h db.example.ro -p 5432 -d billing\ndb.example.ro:5432 - accepting connections",
     "whether a database answers"),
    ("crontab/systemd-timer-listing", "crontab",
     lambda: "$ systemctl list-timers --no-pager | head -2\nNEXT                        LEFT     LAST PASSED UNIT\nWed 2026-12-16 04:00:00 EET 1h 42min -    -      billing-export.timer",
     "when a scheduled job runs next"),
    ("http/graphql-request-variables", "http_file",
     lambda: "POST https://billing.example.ro/graphql\nContent-Type: application/json\n\n{\"query\": \"query($id: ID!) { invoice(id: $id) { total } }\", \"variables\": {\"id\": \"INV-2026-0042\"}}",
     "a query and its variables"),
    ("haproxy/stick-table-rate-limit", "haproxy",
     lambda: "backend per_ip\n    stick-table type ip size 100k expire 30s store http_req_rate(10s)\n    http-request track-sc0 src",
     "a request rate table"),
    ("sbt/scalafmt-and-cross-versions", "sbt", lambda: "ThisBuild / crossScalaVersions := Seq(\"2.13.15\", \"3.3.4\")\nThisBuild / scalafmtOnCompile := true",
     "build versions"),
    ("pypirc/testpypi-repository-only", "pypirc",
     lambda: "[distutils]\nindex-servers =\n    testpypi\n\n[testpypi]\nrepository = https://test.pypi.org/legacy/",
     "an upload target with no login"),
    ("ssh/known-hosts-ed25519-line", "ssh_config",
     lambda: f"git.example.ro ssh-ed25519 {base64.b64encode(bytes.fromhex('0000000b7373682d6564323535313900000020') + bytes(R.randrange(256) for _ in range(32))).decode()}",
     "a server's public host key"),
    ("launch/attach-to-process-config", "launch_json",
     lambda: json.dumps({"version": "0.2.0", "configurations": [{"name": "attach", "type": "node", "request": "attach", "port": 9229,
                                                              "skipFiles": ["<node_internals>/**"]}]}, indent=2),
     "a debugger attach"),
    ("gha/concurrency-and-permissions", "gha_workflow",
     lambda: "concurrency:\n  group: ${{ github.workflow }}-${{ github.ref }}\n  cancel-in-progress: true\npermissions:\n  contents: read",
     "a workflow's concurrency and read-only permission"),
    ("fish/abbreviation-and-prompt-color", "fish", lambda: "abbr -a gco git checkout\nset -g fish_color_command blue\nset -g fish_prompt_pwd_dir_length 2",
     "shell settings"),
    ("console/performance-navigation-timing", "devtools_console",
     lambda: f"> performance.getEntriesByType('navigation')[0].domInteractive\n< {R.randrange(200, 2000)}.{R.randrange(10, 99)}",
     "a page load timing"),
    ("envrc/use-nix-and-path-add", "envrc", lambda: "use nix\nPATH_add bin\nexport RACK_ENV=development",
     "a direnv file that sets the environment"),
    ("maven/profile-active-by-default", "maven_settings",
     lambda: "<profile>\n  <id>ro</id>\n  <activation>\n    <activeByDefault>true</activeByDefault>\n  </activation>\n</profile>",
     "a build profile"),
    ("rclone/chunker-remote", "rclone_conf", lambda: "[big]\ntype = chunker\nremote = archive:\nchunk_size = 2Gi",
     "a remote that splits large files"),
    ("composer/scripts-and-autoload", "composer_auth",
     lambda: json.dumps({"autoload": {"psr-4": {"Billing\\": "src/"}}, "scripts": {"test": "phpunit"}}, indent=4),
     "autoload and scripts"),
    ("yarnrc/node-linker-and-cache-folder", "yarnrc", lambda: "nodeLinker: node-modules\ncacheFolder: ./.yarn/cache\nenableGlobalCache: false",
     "package manager settings"),
    ("terraformrc/provider-installation-mirror", "terraformrc",
     lambda: "provider_installation {\n  network_mirror {\n    url = \"https://tf-mirror.example.ro/\"\n  }\n}",
     "where providers are installed from"),
    ("cargo/release-profile-lto", "cargo_credentials",
     lambda: "[profile.release]\nlto = \"thin\"\ncodegen-units = 1\npanic = \"abort\"\nstrip = \"symbols\"",
     "release build settings"),
    ("docker/config-proxies-no-credentials", "docker_config",
     lambda: json.dumps({"proxies": {"default": {"httpProxy": "http://proxy.example.ro:3128", "noProxy": "localhost,.example.ro"}}}, indent=2),
     "a client proxy with no login"),
    ("aws/sso-session-start-url", "aws_config",
     lambda: "[sso-session billing]\nsso_start_url = https://example-ro.awsapps.com/start\nsso_region = eu-central-1\nsso_registration_scopes = sso:account:access",
     "where single sign-on starts, with no key"),
    ("gitcredentials/credential-helper-store-path", "git_credentials",
     lambda: "$ git config --get credential.helper\nstore --file ~/.config/git/credentials\n$ wc -l ~/.config/git/credentials\n2 /home/andrei/.config/git/credentials",
     "where a credential store is and how many lines, not what is in it"),
    ("helm/ingress-annotations-and-tls-secret-name", "helm_values",
     lambda: "ingress:\n  enabled: true\n  annotations:\n    cert-manager.io/cluster-issuer: letsencrypt\n  tls:\n    - secretName: billing-tls\n      hosts: [billing.example.ro]",
     "an ingress that names its certificate's secret"),
    ("vault/agent-auto-auth-kubernetes-role", "vault_agent",
     lambda: "auto_auth {\n  method \"kubernetes\" {\n    config = {\n      role = \"billing\"\n    }\n  }\n  sink \"file\" {\n    config = { path = \"/home/vault/.token\" }\n  }\n}",
     "how an agent signs in and where it writes, not the token"),
    ("mycnf/client-ssl-ca-paths", "my_cnf", lambda: "[client]\nssl-ca = /etc/mysql/ca.pem\nssl-mode = VERIFY_IDENTITY\ndefault-character-set = utf8mb4",
     "TLS settings naming a public CA file"),
    ("s3cfg/multipart-chunk-and-encoding", "s3cfg", lambda: "[default]\nmultipart_chunk_size_mb = 64\nencoding = UTF-8\nhuman_readable_sizes = True",
     "s3cmd transfer settings"),
    ("bitbucket/caches-and-clone-depth", "bitbucket_pipelines",
     lambda: "clone:\n  depth: 50\ndefinitions:\n  caches:\n    bundler: vendor/bundle\npipelines:\n  default:\n    - step:\n        caches: [bundler]\n        script: [bundle exec rspec]",
     "build caches"),
    ("wrangler/kv-namespace-binding-ids", "wrangler",
     lambda: f"[[kv_namespaces]]\nbinding = \"INVOICES\"\nid = \"{r(32, HX)}\"\npreview_id = \"{r(32, HX)}\"",
     "storage namespace ids"),
    ("k6/thresholds-and-stages", "k6_script",
     lambda: "export const options = {\n  stages: [{ duration: '1m', target: 20 }],\n  thresholds: { http_req_duration: ['p(95)<400'] },\n};",
     "load test limits"),
    ("heroku/ps-dyno-listing", "heroku_config",
     lambda: f"$ heroku ps -a billing-ro\n=== web (Basic): bundle exec puma (1)\nweb.1: up 2026/12/16 02:17:44 +0200 ({R.randrange(2, 59)}m ago)",
     "which processes run"),
    ("authinfo/gpg-encrypted-file-reference", "authinfo",
     lambda: "(setq auth-sources '(\"~/.authinfo.gpg\"))\n(setq auth-source-cache-expiry 900)",
     "an editor told where its encrypted password file is"),
    ("fly/http-service-checks", "fly_toml",
     lambda: "[http_service]\n  internal_port = 8080\n  force_https = true\n  auto_stop_machines = \"stop\"\n\n[[http_service.checks]]\n  path = \"/health\"\n  interval = \"15s\"",
     "an app's port and health check"),
    ("netlify/redirects-and-headers", "netlify_toml",
     lambda: "[[redirects]]\n  from = \"/api/*\"\n  to = \"https://billing.example.ro/:splat\"\n  status = 200\n\n[[headers]]\n  for = \"/*\"\n  [headers.values]\n    X-Frame-Options = \"DENY\"",
     "redirects and headers"),
    ("render/disk-and-autodeploy", "render_yaml",
     lambda: "services:\n  - type: web\n    name: billing\n    autoDeploy: false\n    disk:\n      name: uploads\n      mountPath: /var/data\n      sizeGB: 10",
     "a service's disk"),
    ("jmeter/thread-group-settings", "jmeter_plan",
     lambda: "<ThreadGroup testname=\"invoices\">\n  <stringProp name=\"ThreadGroup.num_threads\">20</stringProp>\n  <stringProp name=\"ThreadGroup.ramp_time\">60</stringProp>\n</ThreadGroup>",
     "load test threads"),
    ("jenkins/credentials-binding-by-id", "jenkins_credentials",
     lambda: "withCredentials([string(credentialsId: 'billing-api', variable: 'API_TOKEN')]) {\n  sh 'bin/billing --token-env API_TOKEN'\n}",
     "a pipeline that names a stored credential, not its value"),
    ("gitlab/needs-and-environment", "gitlab_ci",
     lambda: "deploy:\n  stage: deploy\n  needs: [test]\n  environment:\n    name: staging\n    url: https://staging.billing.example.ro\n  when: manual",
     "a manual deployment step"),
    ("pipconf/require-hashes-and-no-binary", "pip_conf", lambda: "[install]\nrequire-hashes = true\nno-binary = :none:\nprogress-bar = off",
     "install settings"),
    ("gem/gemrc-install-options", "gem_credentials", lambda: "# ~/.gemrc\ngem: --no-document\n:backtrace: false\n:update_sources: true",
     "RubyGems settings with nothing secret"),
    ("nuget/package-source-mapping", "nuget_config",
     lambda: "<packageSourceMapping>\n  <packageSource key=\"nuget.org\">\n    <package pattern=\"*\" />\n  </packageSource>\n</packageSourceMapping>",
     "which source serves which packages"),
    ("supervisord/eventlistener-and-priority", "supervisord",
     lambda: "[eventlistener:memmon]\ncommand=memmon -a 200MB\nevents=TICK_60\npriority=999",
     "a memory watcher"),
    ("pulumi/stack-outputs-listing", "pulumi_config",
     lambda: "$ pulumi stack output\nCurrent stack outputs (2):\n    OUTPUT   VALUE\n    apiUrl   https://billing.example.ro\n    bucket   billing-exports-ro",
     "a stack's public outputs"),
    ("extension/storage-sync-preferences", "extension_storage",
     lambda: json.dumps({"extension": "Invoice Preview 1.4", "chrome.storage.sync": {"theme": "light", "currency": "RON", "decimals": 2, "installId": u4()}}, indent=2),
     "an extension's preferences and install id"),
    ("circleci/orbs-and-resource-class", "circleci_config",
     lambda: "version: 2.1\norbs:\n  ruby: circleci/ruby@2.3.1\njobs:\n  test:\n    resource_class: medium\n    docker:\n      - image: cimg/ruby:3.3",
     "CI orbs and machine size"),
    ("azure/pipeline-trigger-and-pool", "azure_pipelines",
     lambda: "trigger:\n  branches:\n    include: [main]\npool:\n  vmImage: ubuntu-24.04\nsteps:\n  - script: bundle exec rspec",
     "a pipeline's trigger and agent pool"),
    ("ngrok/endpoint-traffic-policy", "ngrok_config",
     lambda: "version: 3\nendpoints:\n  - name: billing\n    url: https://billing-dev.ngrok.app\n    upstream:\n      url: 3000\n    traffic_policy:\n      on_http_request:\n        - actions:\n            - type: compress-response",
     "a tunnel endpoint with no authtoken"),
    ("hgrc/extensions-and-ui-username", "hgrc",
     lambda: "[ui]\nusername = Andrei Pop <andrei@example.ro>\n\n[extensions]\nrebase =\nhistedit =",
     "Mercurial user name and extensions"),
    ("wpa/enterprise-network-with-ca-cert", "wpa_supplicant",
     lambda: "network={\n    ssid=\"example-corp\"\n    key_mgmt=WPA-EAP\n    eap=TLS\n    ca_cert=\"/etc/ssl/certs/example-ca.pem\"\n    identity=\"andrei@example.ro\"\n}",
     "a network that signs in with a certificate file, naming no password"),
]


if __name__ == "__main__":
    write(build_part(DRAWN, in_turn(SECRETS, CONTEXTS), place, romanian_prose, ORDINARY, PUBLIC), Path(__file__).with_name("fresh16.jsonl"))
