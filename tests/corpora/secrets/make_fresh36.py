"""Writes the thirty-sixth fresh held-out part of the secrets corpus, fresh36.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (a nullmailer `remotes`, a Dovecot passwd-file, a vsftpd virtual users list, a Deluge `auth` file, an `mpd.conf`,
a Redis Sentinel `sentinel.conf`), and in three of them nothing but the file's layout says which field is the secret;
secrets in prose are in Basque. Most ordinary strings only name where a secret is kept (a summon run, a SecretHub read,
a Consul KV get, an OCI secret bundle, an IBM Cloud Secrets Manager secret, a Kafka file config provider placeholder,
a Cloud KMS decryption, a vault_kv2_get lookup, an HCP Vault Secrets secret, Terraform's sensitive marker), the rest are
public ids. No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh36.py [OUT]   # default: fresh36.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import (AL, B64, DG, HX, LO, U64, UP, Seeded, build_part, camel, chunks, drawn_ordinary, jwt, placed_again,
                       url_quoted, write, written_rows)
from make_fresh34 import _chrony_key
from make_fresh35 import CONTEXTS as FRESH35_CONTEXTS

SEED = 20270136
DRAW = Seeded(SEED)
R = DRAW.random
r = DRAW.text
DRAWN = f"value drawn by make_fresh36.py (seed {SEED})"
HOST = "example.eus"
LOWER = "abcdefghijklmnopqrstuvwxyz"

# Every context of the corpus up to fresh35 (that part's list, in its order), then the six this part adds; secrets take
# them in turn, so each has one.
CONTEXTS = FRESH35_CONTEXTS + ("nullmailer_remotes", "dovecot_passwd_file", "vsftpd_virtual_users", "deluge_auth",
                               "mpd_conf", "sentinel_conf")


def _manifest_lines(attribute: str, value: str) -> list[str]:
    """A JAR manifest's attribute line as the format writes it: at most 72 bytes a line, the rest on continuation lines
    that begin with one space."""
    line, out = f"{attribute}: {value}", []
    out.append(line[:72])
    rest = line[72:]
    while rest:
        out.append(" " + rest[:71])
        rest = rest[71:]
    return out


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """A value in a JAR manifest whose 72-byte lines cut it; the attribute name is lengthened until the cut falls inside
    the value (each piece listed, without the continuation's leading space)."""
    title = name.title().replace("_", "-")
    for attribute in (title, f"Sagardo-{title}", f"X-Sagardo-Integrazioa-{title}",
                      f"X-Sagardo-Integrazioa-Ekoizpen-Ingurunea-{title}"):
        lines = _manifest_lines(attribute, value)
        head = len(attribute) + 2
        pieces, at = [], 0
        for number, line in enumerate(lines):
            text = line if number == 0 else line[1:]
            lo, hi = max(head, at), min(head + len(value), at + len(text))
            if lo < hi:
                pieces.append(text[lo - at:hi - at])
            at += len(text)
        if len(pieces) > 1:
            break
    assert len(pieces) > 1 and "".join(pieces) == value, (tool, pieces)
    body = "\n".join(lines)
    return (f"$ unzip -p build/libs/sagardo-{tool}.jar META-INF/MANIFEST.MF\nManifest-Version: 1.0\n"
            f"Created-By: 17.0.12 (Eclipse Adoptium)\n{body}\nImplementation-Title: sagardo-{tool}\n"), pieces


def _pem(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """A vendor's credential under RFC 4716's four-dash armour with a quoted Comment header, cut into lines of 70
    characters, each listed."""
    body = chunks(value, 70)
    lines = "\n".join(body)
    label = name.replace("_", " ")
    return f"---- BEGIN {label} ----\nComment: \"sagardo@dolare-2, {tool}\"\n{lines}\n---- END {label} ----", body


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        return _pem(name, value, tool)
    if context == "docker_config":
        encoded = base64.b64encode(f"sagardo-bot:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.{HOST}": {"auth": encoded}},
                           "credHelpers": {"gcr.io": "gcloud"}}, indent=2), [encoded]
    if context == "dockercfg":
        encoded = base64.b64encode(f"sagardo:{value}".encode()).decode()
        return json.dumps({f"https://cr.{tool}.{HOST}": {"auth": encoded, "email": f"ops@{HOST}"}}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tool}-credentials\n  namespace: sagardo\n  labels:\n"
                f"    app.kubernetes.io/part-of: sagardo\ntype: Opaque\ndata:\n  {name.lower().replace('_', '-')}: {encoded}"), [encoded]
    if context in ("s3cfg", "passwd_s3fs"):
        key_id = r(20, UP)
        texts = {
            "s3cfg": (f"[default]\nhost_base = s3.{tool}.{HOST}\naccess_key = {key_id}\nsecret_key = {value}\n"
                      f"bucket_location = EU\nsignature_v2 = False"),
            # s3fs's global file: access key id:secret key and nothing else.
            "passwd_s3fs": f"$ sudo cat /etc/passwd-s3fs\n{key_id}:{value}",
        }
        return texts[context], [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc", "lftprc", "gitconfig", "hgrc", "aerc_accounts"):
        texts = {
            "url": f"https://{tool}.{HOST}/api/v2/reports?from=2028-01-01&{name.lower()}={quoted}&lang=eu",
            "connection_string": f"mongodb+srv://sagardo:{quoted}@cluster0.{tool}.{HOST}/sagasti?retryWrites=true&w=majority",
            "git_credentials": f"https://sagardo-ci:{quoted}@git.{tool}.{HOST}",
            "pip_conf": f"[global]\ntimeout = 30\nextra-index-url = https://sagardo:{quoted}@pypi.{tool}.{HOST}/simple/",
            "condarc": f"channels:\n  - https://conda.{tool}.{HOST}/t/{quoted}/sagardo\n  - conda-forge\nchannel_priority: strict",
            "lftprc": f"set ssl:verify-certificate yes\nset net:max-retries 3\nopen sftp://sagardo:{quoted}@sftp.{tool}.{HOST}",
            "gitconfig": (f"[credential \"https://git.{tool}.{HOST}\"]\n\tusername = sagardo\n[remote \"origin\"]\n"
                          f"\turl = https://sagardo:{quoted}@git.{tool}.{HOST}/sagardo/sync.git"),
            "hgrc": f"[ui]\nusername = Sagardo <it@{HOST}>\n[paths]\ndefault = https://sagardo:{quoted}@hg.{tool}.{HOST}/sagardo-sync",
            "aerc_accounts": (f"[{tool}]\nsource = imaps://sagardo:{quoted}@imap.{tool}.{HOST}:993\n"
                              f"outgoing = smtp+plain://sagardo@smtp.{tool}.{HOST}:587\ndefault = INBOX"),
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), "X-" + name.replace("_", "-").title()
    texts = {
        "env": f"# {tool} — ekoizpena\nNODE_ENV=production\n{name}={value}\nTZ=Europe/Madrid",
        "json": json.dumps({"interfazeak": [{"hornitzailea": tool, low: value, "aktibo": True}]}, indent=2),
        "escaped_json": json.dumps({"ts": "2028-01-19T07:12:44+01:00", "event": "settings.reload",
                                    "payload": json.dumps({"service": tool, cam: value, "region": "astigarraga"})}),
        "cli_flag": f"$ sagardo sync --hornitzailea {tool} --{kebab} {value} --eskualdea goierri",
        "prose": f"Lagunok, {tool}-rako sarbidea badugu orain, gakoa hau da: {value}. Ez sartu git-en; gauean gordailura eramango dut.",
        "tool_output": f"$ {tool} auth status --show-token\nKontua:     sagardo-astigarraga\n{low}: {value}\nIraungitzea: inoiz ez",
        "diff": f"--- a/.env.{tool}\n+++ b/.env.{tool}\n@@ -1,2 +1,2 @@\n LANG=eu_ES.UTF-8\n-{name}=\n+{name}={value}",
        "bytes_literal": f"sock.sendall(b'AUTH {tool} ' + b'{value}' + b'\\r\\n')",
        "yaml": f"{tool}:\n  base_url: https://{tool}-api.{HOST}/v1\n  {low}: \"{value}\"\n  timeout: 20s",
        "csv": f"zerbitzua,izena,balioa,eguneratua\n{tool},{name},{value},2028-01-19",
        "header": f"POST /api/v2/bidalketak HTTP/1.1\nHost: {tool}-api.{HOST}\nContent-Type: application/json\n{title}: {value}",
        "log": f"2028-01-19 07:12:44,518 INFO  [{tool}-client] initialised with {low}={value} (attempt 1/3)",
        "code": f"{low} = os.environ.get(\"{name}\", \"{value}\")\nclient = {tool.capitalize()}Client({low}={low})",
        "ini": f"; {tool}\n[{tool}]\nurl = https://{tool}-api.{HOST}/v1\n{low} = {value}\nhizkuntza = eu",
        "xml": f"<ezarpenak>\n  <zerbitzu izena=\"{tool}\">\n    <{cam}>{value}</{cam}>\n  </zerbitzua>\n</ezarpenak>",
        "dockerfile": f"FROM python:3.12-slim\nWORKDIR /app\nARG {name}={value}\nRUN pip install --no-cache-dir -r requirements.txt",
        "netrc": f"machine {tool}.{HOST}\n  login sagardo\n  password {value}",
        "toml": f"[{tool}]\nbase_url = \"https://{tool}-api.{HOST}/v1\"\n{low} = \"{value}\"\nmax_retries = 5",
        "shell_history": f": 1832500000:0;cd ~/sagardo/sync\n: 1832500013:0;{name}={value} npm run sync:{tool}\n: 1832500047:0;git status",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 12, "metadata": {}, "outputs": [],
                                "source": ["import os\n", f"os.environ[\"{name}\"] = \"{value}\"\n", f"df = {tool}_export(\"2028-01\")"]}),
        "hcl": f"resource \"{tool}_webhook\" \"bilketa\" {{\n  url    = \"https://sagardo.{HOST}/hooks/{tool}\"\n  {low} = \"{value}\"\n}}",
        "properties": f"# {tool}\nsagardo.{tool}.base-url=https://{tool}-api.{HOST}/v1\nsagardo.{tool}.{kebab}={value}",
        "powershell": f"PS C:\\sagardo> $env:{name} = '{value}'\nPS C:\\sagardo> .\\sync.ps1 -Zerbitzua {tool} -Hilabetea 2028-01",
        "systemd": f"[Unit]\nDescription=Sagardo {tool} sync\n\n[Service]\nEnvironment={name}={value}\nExecStart=/usr/local/bin/sagardo-ekoiztu {tool}",
        "har": json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": f"https://{tool}-api.{HOST}/v1/biltegia",
                                                                              "headers": [{"name": "Accept-Language", "value": "eu-ES"},
                                                                                          {"name": title, "value": value}]},
                                                                  "response": {"status": 204}}]}}),
        "curl_trace": (f"*   Trying 192.0.2.77:443...\n* Connected to {tool}-api.{HOST} (192.0.2.77) port 443\n> GET /v2/biltegia HTTP/2\n"
                       f"> Host: {tool}-api.{HOST}\n> {title}: {value}\n< HTTP/2 200"),
        "crash_report": (f"Traceback (most recent call last):\n  File \"/opt/sagardo/sync.py\", line 41, in <module>\n"
                         f"    client = {tool.capitalize()}({low}=\"{value}\")\n{tool.capitalize()}Error: 403 Forbidden"),
        "web_storage": json.dumps({"origin": f"https://app.sagardo.{HOST}", "localStorage": {"hizkuntza": "eu", f"{tool}:{cam}": value}}),
        "plist": f"<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleDevelopmentRegion</key>\n\t<string>eu</string>\n\t<key>{name}</key>\n\t<string>{value}</string>\n</dict>\n</plist>",
        "tfstate": json.dumps({"version": 4, "terraform_version": "1.10.2", "resources": [
            {"mode": "managed", "type": f"{tool}_api_key", "name": "sagardo", "instances": [{"attributes": {"id": "sagardo-astigarraga", "value": value}}]}]}),
        "mobile_config": f"# android/gradle.properties\norg.gradle.jvmargs=-Xmx2g\nSAGARDO_{name}={value}",
        "sql_dump": f"INSERT INTO integration_keys (service, key_name, key_value, created_at) VALUES ('{tool}', '{low}', '{value}', '2028-01-19 07:12:44');",
        "email": (f"From: Miren Etxeberria <miren@{HOST}>\nTo: it@{HOST}\nSubject: {tool}\nContent-Type: text/plain; charset=UTF-8\n\n"
                  f"Kaixo,\n{name}: {value}\nGorde gordailuan, mesedez.\n\nMiren"),
        "nginx": (f"server {{\n    listen 8443 ssl;\n    server_name {tool}.sagardo.{HOST};\n    location / {{\n"
                  f"        proxy_set_header {title} {value};\n        proxy_pass https://{tool}-api.{HOST};\n    }}\n}}"),
        "markdown": f"| Zerbitzua | Ezarpena |\n| --- | --- |\n| {tool} | `{name}={value}` |\n| Posta | gordailuan |",
        "postman": json.dumps({"info": {"name": f"sagardo-{tool}"}, "auth": {"type": "apikey", "apikey": [
            {"key": "key", "value": title}, {"key": "value", "value": value}, {"key": "in", "value": "query"}]}}),
        "jenkinsfile": f"node {{\n  withEnv([\"{name}={value}\"]) {{\n    stage('ekoiztu') {{ sh './scripts/ekoiztu.sh {tool}' }}\n  }}\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: sagardo/sync:2.3\n    environment:\n      {name}: \"{value}\"\n    restart: unless-stopped",
        "gradle": f"android {{\n  defaultConfig {{\n    resValue 'string', '{low}', '{value}'\n  }}\n}}",
        "chat_export": json.dumps({"name": "sagardo-ops", "messages": [{"id": 7208, "from": "Miren", "date": "2028-01-19T09:05:27",
                                                                   "text": f"{tool}-ren {name}: {value}"}]}, ensure_ascii=False),
        "ansible": f"# group_vars/goierri.yml\n{tool}_endpoint: https://{tool}-api.{HOST}\n{tool}_{low}: \"{value}\"",
        "kubeconfig": f"apiVersion: v1\nkind: Config\nusers:\n- name: sagardo-{tool}\n  user:\n    token: {value}\ncurrent-context: sagardo-{tool}",
        "hocon": f"{tool} {{\n  base-url = \"https://{tool}-api.{HOST}/v1\"\n  {kebab} = \"{value}\"\n}}",
        "nix": f"services.sagardo-sync = {{\n  enable = true;\n  environment.{name} = \"{value}\";\n}};",
        "caddyfile": f"{tool}.sagardo.{HOST} {{\n  reverse_proxy https://{tool}-api.{HOST} {{\n    header_up {title} \"{value}\"\n  }}\n}}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\t{name}=$({name}) ./scripts/ekoiztu.sh {tool}",
        "npmrc": f"@sagardo:registry=https://npm.{tool}.{HOST}/\n//npm.{tool}.{HOST}/:_authToken={value}",
        "pgpass": f"# ~/.pgpass\ndb.{tool}.{HOST}:5432:sagasti:sagardo_app:{value}",
        "crontab": f"SHELL=/bin/bash\n{name}={value}\n15 5 * * * /usr/local/bin/sagardo-ekoiztu {tool} >/dev/null 2>&1",
        "http_file": f"@baseUrl = https://{tool}-api.{HOST}/v1\n@{cam} = {value}\n\n###\nGET {{{{baseUrl}}}}/biltegia\n{title}: {{{{{cam}}}}}",
        "haproxy": (f"frontend sagardo\n    bind :443 ssl crt /etc/haproxy/sagardo.pem\n"
                    f"    http-request set-header {title} {value} if {{ hdr(host) -i {tool}.sagardo.{HOST} }}\n    default_backend {tool}"),
        "sbt": f"ThisBuild / credentials += Credentials(\"Artifactory Realm\", \"artifacts.{tool}.{HOST}\", \"sagardo\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://{tool}.{HOST}/pypi/upload/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Host {tool}\n    HostName sftp.{tool}.{HOST}\n    User sagardo\n    SendEnv LANG\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"version": "0.2.0", "configurations": [{"type": "debugpy", "request": "launch", "name": f"ekoiztu {tool}",
                                                                             "module": "sagardo.ekoiztu", "env": {name: value, "TZ": "Europe/Madrid"}}]}, indent=2),
        "gha_workflow": f"jobs:\n  ekoiztu:\n    runs-on: ubuntu-22.04\n    env:\n      {name}: {value}\n    steps:\n      - run: ./scripts/ekoiztu.sh {tool}",
        "fish": f"set -gx {name} '{value}'\nset -gx LANG eu_ES.UTF-8",
        "devtools_console": f"> sessionStorage['{tool}.{cam}']\n'{value}'",
        "envrc": f"export LANG=eu_ES.UTF-8\nexport {name}=\"{value}\"\nlayout node",
        "maven_settings": (f"<settings>\n  <servers>\n    <server>\n      <id>{tool}-releases</id>\n      <username>sagardo</username>\n"
                           f"      <password>{value}</password>\n      <configuration><timeout>20000</timeout></configuration>\n    </server>\n  </servers>\n</settings>"),
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.{HOST}/sagardo\nvendor = other\nuser = sagardo\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"composer.{tool}.{HOST}": value}}, indent=2),
        "yarnrc": f"npmScopes:\n  sagardo:\n    npmRegistryServer: \"https://npm.{tool}.{HOST}\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"plugin_cache_dir = \"$HOME/.terraform.d/plugin-cache\"\n\ncredentials \"registry.{tool}.{HOST}\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}]\nindex = \"sparse+https://crates.{tool}.{HOST}/\"\ntoken = \"{value}\"",
        "aws_config": f"[profile {tool}]\nregion = eu-south-2\naws_access_key_id = sagardo-{tool}\naws_secret_access_key = {value}",
        "helm_values": f"{tool}:\n  replicaCount: 1\n  credentials:\n    {cam}: \"{value}\"\nnodeSelector: {{}}",
        "vault_agent": f"env_template \"{name}\" {{\n  contents = \"{value}\"\n  error_on_missing_key = false\n}}",
        "my_cnf": f"[mysqldump]\nuser = sagardo_backup\npassword = \"{value}\"\nhost = mysql.{tool}.{HOST}",
        "bitbucket_pipelines": f"pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export {name}={value}\n            - ./scripts/ekoiztu.sh {tool}",
        "wrangler": f"name = \"sagardo-{tool}\"\nmain = \"src/index.ts\"\n\n[vars]\nHIZKUNTZA = \"eu\"\n{name} = \"{value}\"",
        "k6_script": (f"import http from 'k6/http';\nimport {{ check }} from 'k6';\nconst {cam} = '{value}';\n"
                      f"export default () => http.get('https://{tool}-api.{HOST}/v1/biltegia', {{ headers: {{ '{title}': {cam} }} }});"),
        "heroku_config": f"$ heroku config -a sagardo-{tool}\n=== sagardo-{tool} Config Vars\nLANG: eu_ES.UTF-8\n{name}: {value}",
        "authinfo": f"machine smtp.{tool}.{HOST} port 587 login sagardo@{HOST} password {value}",
        "fly_toml": f"app = \"sagardo-{tool}\"\nprimary_region = \"otp\"\n\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.production.environment]\n  {name} = \"{value}\"\n  HIZKUNTZA = \"eu\"",
        "render_yaml": f"services:\n  - type: worker\n    name: sagardo-{tool}\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": (f"<HeaderManager guiclass=\"HeaderPanel\" testclass=\"HeaderManager\" testname=\"{tool} headers\" enabled=\"true\">\n"
                        f"  <collectionProp name=\"HeaderManager.headers\">\n    <elementProp name=\"\" elementType=\"Header\">\n"
                        f"      <stringProp name=\"Header.name\">{title}</stringProp>\n      <stringProp name=\"Header.value\">{value}</stringProp>\n"
                        f"    </elementProp>\n  </collectionProp>\n</HeaderManager>"),
        "jenkins_credentials": (f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <scope>SYSTEM</scope>\n"
                                f"  <id>{tool}-{kebab}</id>\n  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>"),
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\n\nsync:{tool}:\n  script: ./scripts/ekoiztu.sh {tool}",
        "gem_credentials": f"---\nhttps://gems.{tool}.{HOST}: {value}",
        "nuget_config": (f"<configuration>\n  <packageSourceCredentials>\n    <{tool}>\n      <add key=\"Username\" value=\"sagardo-nuget\" />\n"
                         f"      <add key=\"ClearTextPassword\" value=\"{value}\" />\n    </{tool}>\n  </packageSourceCredentials>\n</configuration>"),
        "supervisord": f"[program:{tool}-sync]\ncommand=/usr/local/bin/sagardo-ekoiztu {tool}\nenvironment={name}=\"{value}\",LANG=\"eu_ES.UTF-8\"\nuser=sagardo",
        "pulumi_config": f"config:\n  sagardo:{cam}: {value}\n  aws:region: eu-south-2",
        "extension_storage": json.dumps({"local": {f"{tool}_{cam}": value, "theme": "light", "dir": "ltr"}}),
        "circleci_config": (f"version: 2.1\njobs:\n  ekoiztu:\n    docker:\n      - image: cimg/python:3.12\n        environment:\n"
                            f"          {name}: {value}\n    steps:\n      - checkout\n      - run: make test"),
        "azure_pipelines": f"steps:\n- script: ./scripts/ekoiztu.sh {tool}\n  displayName: ekoiztu {tool}\n  env:\n    {name}: {value}",
        "ngrok_config": f"version: \"2\"\nagent:\n  authtoken: {value}\ntunnels:\n  {tool}:\n    proto: http\n    addr: 5000",
        "wpa_supplicant": f"ctrl_interface=/run/wpa_supplicant\nnetwork={{\n    ssid=\"Sagardo-{tool}\"\n    psk=\"{value}\"\n}}",
        "bruno": f"get {{\n  url: https://{tool}-api.{HOST}/v1/biltegia\n  body: none\n  auth: bearer\n}}\n\nauth:bearer {{\n  token: {value}\n}}",
        "insomnia": json.dumps({"_type": "environment", "name": f"{tool} prod", "data": {cam: value, "baseUrl": f"https://{tool}-api.{HOST}"}}),
        "travis_ci": f"language: python\npython: \"3.12\"\nenv:\n  - {name}={value}\nscript: ./scripts/ekoiztu.sh {tool}",
        "drone_ci": (f"kind: pipeline\nname: {tool}\nsteps:\n- name: sync\n  image: python:3.12-slim\n  environment:\n    {name}: \"{value}\"\n"
                     f"  commands:\n  - ./scripts/ekoiztu.sh {tool}"),
        "gh_hosts": f"github.com:\n    git_protocol: https\n    user: sagardo-{tool}\n    oauth_token: {value}",
        "compose_override": f"services:\n  {tool}-worker:\n    environment:\n      - TZ=Europe/Madrid\n      - {name}={value}",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.provision \"shell\", inline: \"echo 'export {name}={value}' > /etc/profile.d/sagardo.sh\"\nend",
        "packer_vars": f"{low} = \"{value}\"\nbase_image = \"ubuntu-24.04\"",
        "systemd_credential": f"[Service]\nSetCredential={low}:{value}\nExecStart=/usr/local/bin/sagardo-ekoiztu {tool} --credential {low}",
        "pgbouncer_userlist": f"$ sudo -u postgres cat /etc/pgbouncer/userlist.txt\n\"sagardo_{tool}\" \"{value}\"",
        "init_gradle": (f"// ~/.gradle/init.d/{tool}.repos.init.gradle.kts\nallprojects {{\n  repositories {{\n    maven {{\n"
                        f"      url = uri(\"https://maven.{tool}.{HOST}/releases\")\n      credentials {{\n        username = \"sagardo\"\n"
                        f"        password = \"{value}\"\n      }}\n    }}\n  }}\n}}"),
        "procfile": f"web: node server.js\nsync: {name}={value} python -m sagardo.ekoiztu {tool}",
        "justfile": f"export {name} := \"{value}\"\n\nsync:\n    python -m sagardo.ekoiztu {tool}",
        "taskfile": f"version: '3'\ntasks:\n  ekoiztu:\n    env:\n      {name}: '{value}'\n    cmds:\n      - python -m sagardo.ekoiztu {tool}",
        "earthfile": f"VERSION 0.8\nsync:\n    FROM python:3.12-slim\n    ENV {name}={value}\n    RUN python -m sagardo.ekoiztu {tool}",
        "tiltfile": f"local_resource('sync-{tool}', cmd='python -m sagardo.ekoiztu', env={{'{name}': '{value}'}})",
        "skaffold": f"build:\n  artifacts:\n    - image: sagardo/{tool}\n      docker:\n        buildArgs:\n          {name}: {value}",
        "buildkite": f"steps:\n  - label: \"ekoiztu {tool}\"\n    command: python -m sagardo.ekoiztu\n    env:\n      {name}: \"{value}\"",
        "woodpecker_ci": (f"when:\n  - event: push\nsteps:\n  ekoiztu:\n    image: python:3.12-slim\n    environment:\n      {name}: {value}\n"
                          f"    commands:\n      - python -m sagardo.ekoiztu {tool}"),
        "bitrise": (f"workflows:\n  ekoiztu:\n    envs:\n    - {name}: \"{value}\"\n    steps:\n    - script@1:\n        inputs:\n"
                    f"        - content: python -m sagardo.ekoiztu {tool}"),
        "serverless": f"service: sagardo-{tool}\nprovider:\n  name: aws\n  runtime: python3.12\n  environment:\n    {name}: {value}",
        "app_engine": f"runtime: python312\ninstance_class: F2\nenv_variables:\n  {name}: \"{value}\"",
        "kamal_deploy": f"service: sagardo-{tool}\nimage: sagardo/{tool}\nenv:\n  clear:\n    {name}: {value}\n    LANG: eu_ES.UTF-8",
        "do_app_spec": f"name: sagardo-{tool}\nworkers:\n  - name: sync\n    envs:\n      - key: {name}\n        value: {value}\n        type: GENERAL",
        "railway_json": json.dumps({"$schema": "https://railway.com/railway.schema.json", "deploy": {"numReplicas": 1}, "build": {"buildCommand": f"{name}={value} make dist"}}, indent=2),
        "codemagic": f"workflows:\n  ios-release:\n    environment:\n      vars:\n        {name}: \"{value}\"\n      xcode: 16.2",
        "vercel_json": json.dumps({"build": {"env": {name: value}}, "framework": None}, indent=2),
        "samconfig": (f"version = 0.1\n[prod.deploy.parameters]\nstack_name = \"sagardo-{tool}\"\n"
                      f"parameter_overrides = \"Stage=prod {name.title().replace('_', '')}={value}\""),
        "azure_local_settings": json.dumps({"IsEncrypted": False, "Host": {"CORS": "*"}, "Values": {"AzureWebJobsStorage": "UseDevelopmentStorage=true", name: value}}, indent=2),
        "boto_config": f"[Credentials]\ngs_secret_access_key = {value}\n[GSUtil]\ndefault_project_id = sagardo-{tool}",
        "bunfig": f"[install]\nregistry = {{ url = \"https://registry.{tool}.{HOST}/npm/\", token = \"{value}\" }}\nexact = true",
        "zeabur": json.dumps({"build_command": f"{name}={value} make dist", "output_dir": "public"}, indent=2),
        "msmtprc": f"defaults\ntls on\n\naccount {tool}\nhost mail.{tool}.{HOST}\nfrom bilketa@{HOST}\nuser bilketa@{HOST}\npassword {value}",
        "muttrc": f"set imap_user = \"sagardo@{HOST}\"\nset imap_pass = \"{value}\"\nset folder = \"imaps://imap.{tool}.{HOST}/\"",
        "offlineimaprc": f"[Repository {tool}]\ntype = IMAP\nremotehost = imap.{tool}.{HOST}\nremoteuser = sagardo\nremotepass = {value}",
        "firebase_runtimeconfig": json.dumps({tool: {"key": value, "region": "europe-southwest1"}}, indent=2),
        "redis_conf": f"port 6380\nrequirepass {value}\nmaxmemory 256mb",
        "telegraf": f"[[outputs.http]]\n  url = \"https://{tool}.{HOST}/metrics/ingest\"\n  data_format = \"json\"\n  [outputs.http.headers]\n    {title} = \"{value}\"",
        "filebeat": (f"output.logstash:\n  hosts: [\"logstash.{tool}.{HOST}:5045\"]\n  ssl.enabled: true\nsetup.kibana:\n  host: \"kibana.{tool}.{HOST}\"\n"
                     f"  username: sagardo\n  password: \"{value}\""),
        "irssi": (f"chatnets = {{\n  {tool} = {{\n    type = \"IRC\";\n    sasl_mechanism = \"PLAIN\";\n    sasl_username = \"sagardo\";\n"
                  f"    sasl_password = \"{value}\";\n    autosendcmd = \"/msg nickserv identify\";\n  }};\n}};"),
        "odbc_ini": f"[{tool}_dsn]\nDriver = PostgreSQL Unicode\nServername = pg.{tool}.{HOST}\nUsername = sagardo\nPassword = {value}\nDatabase = sagasti",
        "rabbitmq_conf": f"default_user = sagardo\ndefault_pass = {value}\nlisteners.tcp.default = 5672",
        "deno_json": json.dumps({"tasks": {"sync": {"description": f"ekoiztu {tool}", "command": f"deno run -A sync.ts --{kebab}={value}"}}}, indent=2),
        "pgadmin_servers": json.dumps({"Servers": {"1": {"Name": tool, "Group": "Sagardoa", "Host": f"pg.{tool}.{HOST}", "Port": 5432,
                                                         "MaintenanceDB": "postgres", "Username": "sagardo", "Password": value}}},
                                      indent=2, ensure_ascii=False),
        "nmconnection": f"[connection]\nid={tool}-wifi\ntype=wifi\n\n[wifi]\nssid=Sagardo-{tool}\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={value}",
        "grafana_ini": f"[security]\nadmin_user = admin\nadmin_password = {value}\n[server]\nhttp_port = 3300",
        "wp_config": f"define( 'SECURE_AUTH_KEY', '{value}' );\ndefine( 'WP_CACHE', true );",
        "fetchmailrc": f"set daemon 300\npoll imap.{tool}.{HOST} proto IMAP user \"sagardo\" pass \"{value}\" ssl",
        "logstash_conf": (f"output {{\n  elasticsearch {{\n    hosts => [\"https://search.{tool}.{HOST}:9243\"]\n    index => \"sagardo-%{{+YYYY.MM}}\"\n    user => \"sagardo_ingest\"\n"
                          f"    password => \"{value}\"\n  }}\n}}"),
        "windows_reg": f"Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Sagardo\\{tool}]\n\"{cam}\"=\"{value}\"",
        "alertmanager_yml": (f"receivers:\n  - name: {tool}\n    webhook_configs:\n      - url: https://{tool}.{HOST}/hooks/alertmanager\n        send_resolved: true\n"
                             f"        http_config:\n          authorization:\n            credentials: {value}"),
        "airflow_cfg": f"[webserver]\nsecret_key = {value}\nweb_server_port = 8793",
        "mongod_conf": f"net:\n  port: 27018\n  tls:\n    mode: requireTLS\n    certificateKeyFile: /etc/ssl/sagardo-mongo.pem\n    certificateKeyFilePassword: \"{value}\"",
        "elasticsearch_yml": f"cluster.name: sagardo-logs\nxpack.security.enabled: true\nxpack.security.http.ssl.keystore.path: certs/sagardo-http.p12\nxpack.security.http.ssl.keystore.password: \"{value}\"",
        "gitlab_rb": f"external_url 'https://code.{tool}.{HOST}'\ngitlab_rails['time_zone'] = 'Europe/Madrid'\ngitlab_rails['initial_root_password'] = \"{value}\"",
        "superset_config": f"SECRET_KEY = \"{value}\"\nROW_LIMIT = 5000",
        "prometheus_yml": (f"scrape_configs:\n  - job_name: {tool}-exporter\n    scheme: https\n    authorization:\n      type: Bearer\n      credentials: {value}\n"
                           f"    static_configs:\n      - targets: ['{tool}.{HOST}:9182']"),
        "vector_toml": f"[sinks.{tool}_http]\ntype = \"http\"\ninputs = [\"journald\"]\nuri = \"https://{tool}.{HOST}/logs\"\nauth.strategy = \"bearer\"\nauth.token = \"{value}\"",
        "pgbackrest_conf": f"[global]\nrepo2-cipher-type=aes-256-cbc\nrepo2-cipher-pass={value}\nrepo2-path=/srv/pgbackrest",
        "curlrc": f"# ~/.config/curlrc\noauth2-bearer = \"{value}\"\nfail-with-body",
        "sssd_conf": (f"[domain/sagardo]\nid_provider = ldap\nldap_uri = ldaps://ldap.{tool}.{HOST}\n"
                      f"ldap_default_bind_dn = uid=sssd,ou=services,dc=sagardo,dc=eus\nldap_default_authtok_type = password\nldap_default_authtok = {value}"),
        "kibana_yml": f"server.name: sagardo-kibana\ni18n.locale: \"en\"\nxpack.encryptedSavedObjects.encryptionKey: \"{value}\"",
        "ldap_conf": f"# /etc/openldap/ldap.conf\nURI ldaps://ldap.{tool}.{HOST}\nBASE dc=sagardo,dc=eus\n# ldapsearch -D cn=reader,dc=sagardo,dc=eus -w {value}",
        "tfvars": f"{tool}_{low} = \"{value}\"\nregion = \"eu-south-2\"",
        "sentry_conf": f"SENTRY_OPTIONS['system.secret-key'] = '{value}'\nSENTRY_OPTIONS['mail.from'] = 'sentry@{tool}.{HOST}'",
        "krb5_conf": (f"[libdefaults]\n    default_realm = SAGARDO.EUS\n[realms]\n    SAGARDO.EUS = {{\n        kdc = kdc.{tool}.{HOST}\n    }}\n"
                      f"# kinit sagardo-svc: {value}"),
        "smb_conf": f"[global]\n   workgroup = SAGARDO\n   security = ads\n   realm = SAGARDO.EUS\n# net ads join -U Administrator%{value}",
        "mosquitto_conf": f"connection {tool}-bridge\naddress mqtt.{tool}.{HOST}:8883\nremote_username sagardo\nremote_password {value}\ntopic sentsoreak/# both 0",
        "keepalived_conf": (f"vrrp_instance VI_{tool.upper()} {{\n    state MASTER\n    interface ens18\n    authentication {{\n"
                            f"        auth_type PASS\n        auth_pass {value}\n    }}\n}}"),
        "vault_hcl": (f"seal \"awskms\" {{\n  region     = \"eu-south-2\"\n  access_key = \"sagardo-{tool}\"\n  secret_key = \"{value}\"\n"
                      f"  kms_key_id = \"alias/sagardo-unseal\"\n}}"),
        "influx_configs": f"[{tool}]\n  url = \"https://influx.{tool}.{HOST}\"\n  token = \"{value}\"\n  org = \"sagardo\"\n  active = true",
        "sasl_passwd": f"[smtp.{tool}.{HOST}]:587    bilketa@{HOST}:{value}",
        "dovecot_conf": f"# /etc/dovecot/dovecot-sql-sagardo.conf.ext\ndriver = mysql\nconnect = host=pg.{tool}.{HOST} dbname=dovecot user=dovecot_ro password={value}",
        "davfs2_secrets": f"https://dav.{tool}.{HOST}/sagardo sagardo \"{value}\"",
        "cifs_credentials": f"username=sagardo-scan\npassword={value}\ndomain=GOIERRI",
        "s3ql_authinfo": f"[{tool}-artxiboa]\nstorage-url: s3c://s3.{tool}.{HOST}/sagardo-artxiboa\nfs-passphrase: {value}\nbackend-login: sagardo",
        "chap_secrets": f"# client\t\tserver\tsecret\t\t\tIP addresses\n\"sagardo-{tool}\"\tl2tpd\t\"{value}\"\t*",
        "openvpn_auth": f"sagardo.{tool}@{HOST}\n{value}",
        "ipsec_secrets": f"@dolare.{HOST} @{tool}.{HOST} : PSK \"{value}\"",
        "snmpd_conf": f"rouser sagardo-snmp authpriv\ncreateUser sagardo-snmp SHA-256 \"{value}\" AES",
        "pap_secrets": f"sagardo-{tool}\tpptp\t{value}\t*",
        "mosquitto_passwd": f"chaishan-{tool}:{value}",
        "zabbix_psk": f"$ sudo cat /etc/zabbix/zabbix_agent2.d/{tool}.psk\n{value}",
        "nslcd_conf": f"uri ldap://ldap.{tool}.{HOST}/\nbase dc=sagardo,dc=eus\nbinddn cn=nslcd,dc=sagardo,dc=eus\nbindpw {value}\ntls_reqcert demand",
        "maven_settings_security": f"<!-- ~/.m2/settings-security.xml ({tool}) -->\n<settingsSecurity>\n  <master>{value}</master>\n</settingsSecurity>",
        "helm_repositories": f"repositories:\n- name: {tool}-charts\n  url: https://charts.{tool}.{HOST}\n  username: sagardo\n  password: {value}\n  caFile: ""\n  insecure_skip_tls_verify: false",
        "ldap_secret": f"# /etc/pam_ldap.secret ({tool})\n{value}",
        "radius_clients": f"client 198.51.100.0/24 {{\n\tsecret = {value}\n\tshortname = {tool}-nas\n}}",
        "upsd_users": f"[zaintzaile-{tool}]\n\tpassword = {value}\n\tupsmon secondary",
        "bacula_dir_conf": f"Client {{\n  Name = {tool}-fd\n  Address = fd.{tool}.{HOST}\n  Password = \"{value}\"\n  Catalog = SagardoCatalog\n}}",
        "ddclient_conf": f"protocol=dyndns2\nzone={HOST}\nlogin=sagardo\npassword={value}\n{tool}.{HOST}",
        "chrony_keys": f"# /etc/chrony.keys — {tool}\n7 SHA256 {_chrony_key(value)}",
        "pam_radius_conf": f"# server[:port]\tshared_secret\ttimeout\n198.51.100.7:1812\t{value}\t5",
        "nagios_resource_cfg": f"$USER1$=/usr/lib/nagios/plugins\n$USER12$={value}",
        "rndc_key": f"key \"{tool}-rndc\" {{\n\talgorithm hmac-sha256;\n\tsecret \"{value}\";\n}};",
        "exim_passwd_client": f"*.{tool}.{HOST}:sagardo:{value}",
        # fresh34's contexts: in rsyncd.secrets, hostapd.wpa_psk and secrets.yaml the layout alone marks the secret.
        "rsyncd_secrets": f"# /etc/rsyncd.secrets ({tool})\nsagardo-{tool}:{value}",
        "hostapd_wpa_psk": f"# /etc/hostapd/hostapd.wpa_psk ({tool})\n02:5e:10:4a:7c:21 {value}",
        "sendmail_authinfo": f"AuthInfo:smtp.{tool}.{HOST} \"U:sagardo\" \"I:sagardo\" \"P:{value}\" \"M:LOGIN PLAIN\"",
        "ceph_keyring": f"[client.{tool}]\n\tkey = {value}\n\tcaps mon = \"profile rbd\"\n\tcaps osd = \"profile rbd pool=sagardo-{tool}\"",
        "homeassistant_secrets": f"# /config/secrets.yaml\n{tool}_sarbidea: \"{value}\"\nhome_elevation: 112",
        "frr_conf": (f"key chain {tool}\n key 3\n  key-string {value}\n!\ninterface ens19\n ip rip authentication mode text\n"
                     f" ip rip authentication key-chain {tool}\n!"),
        # fresh35's contexts: in znc.conf, upsmon.conf, DMA's auth.conf and stunnel's PSK file the layout alone marks it.
        "mbsyncrc": (f"IMAPAccount {tool}\nHost imap.{tool}.{HOST}\nUser sagardo@{HOST}\nPass {value}\nTLSType IMAPS\n\n"
                     f"IMAPStore {tool}-remote\nAccount {tool}"),
        "cntlm_conf": (f"Username\tsagardo-proxy\nDomain\t\tSAGARDO\nPassword\t{value}\nProxy\t\tproxy.{tool}.{HOST}:8080\n"
                       f"NoProxy\t\tlocalhost, 127.0.0.*, 10.*\nListen\t\t3128"),
        "znc_conf": (f"<User sagardo>\n\tNick = sagardo\n\tAltNick = sagardo_\n\t<Network {tool}>\n"
                     f"\t\tServer = irc.{tool}.{HOST} +6697 {value}\n\t\t<Chan #dolare>\n\t\t</Chan>\n\t</Network>\n</User>"),
        "upsmon_conf": f"# /etc/nut/upsmon.conf ({tool})\nMONITOR ups@192.0.2.40 1 sagardo-mon {value} secondary\nMINSUPPLIES 1",
        "dma_auth_conf": f"# /etc/dma/auth.conf\nsagardo|smtp.{tool}.{HOST}:{value}",
        "stunnel_psk": f"# /etc/stunnel/psk-{tool}.txt\nsagardo-{tool}:{value}",
        # Three of the six new contexts mark the secret by the file's layout alone: Dovecot's user:{SCHEME}password:uid:
        # gid::home, vsftpd's user line then password line and Deluge's user:password:level; nullmailer's --pass=,
        # mpd's password "…@permissions" and Sentinel's auth-pass are the only words beside the other three.
        "nullmailer_remotes": f"# /etc/nullmailer/remotes\nsmtp.{tool}.{HOST} smtp --port=587 --starttls --user=sagardo@{HOST} --pass={value}",
        "dovecot_passwd_file": f"# /etc/dovecot/users\nsagardo-{tool}:{{PLAIN}}{value}:5000:5000::/srv/mail/sagardo-{tool}::",
        "vsftpd_virtual_users": f"$ cat /etc/vsftpd/virtual_users.txt\nsagardo-{tool}\n{value}\n$ db_load -T -t hash -f /etc/vsftpd/virtual_users.txt /etc/vsftpd/virtual_users.db",
        "deluge_auth": f"$ cat ~/.config/deluge/auth\nsagardo-{tool}:{value}:10",
        "mpd_conf": f"music_directory \"/srv/musika\"\nbind_to_address \"any\"\npassword \"{value}@read,add,control,admin\"\ndefault_permissions \"read\"",
        "sentinel_conf": (f"port 26379\nsentinel monitor sagardo-{tool} 192.0.2.50 6379 2\nsentinel auth-pass sagardo-{tool} {value}\n"
                          f"sentinel down-after-milliseconds sagardo-{tool} 5000"),
    }
    return texts[context], [value]


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(8, DG), "iat": 1832500000 + R.randrange(86400)}, "HS256")


def _groups(count: int, size: int, alphabet: str = UP) -> str:
    return "-".join(r(size, alphabet) for _ in range(count))


# Every format is the writer's knowledge of the vendor (no public material was found for these vendors): lengths,
# alphabets and prefixes are the writer's, and every value is drawn here.
SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("kutxabank/client-secret", "KUTXABANK_CLIENT_SECRET", "kutxabank", lambda: r(40, U64), "a Kutxabank PSD2 API client secret (40 letters, digits, _ and -)"),
    ("laboralkutxa/api-key", "LABORAL_API_KEY", "laboral", lambda: "lk_live_" + r(32, AL), "a Laboral Kutxa business API key (lk_live_ and 32 letters and digits)"),
    ("cajaruralnavarra/api-token", "CRN_API_TOKEN", "crnavarra", lambda: r(48, HX), "a Caja Rural de Navarra corporate API token (48 hex digits)"),
    ("fiare/client-secret", "FIARE_CLIENT_SECRET", "fiare", DRAW.uuid4, "a Fiare Banca Etica open banking client secret (a version-4 UUID; only the name beside it marks it)"),
    ("elkargi/api-key", "ELKARGI_API_KEY", "elkargi", lambda: _groups(4, 6), "an Elkargi guarantee portal API key (four groups of six upper-case letters and digits joined by -)"),
    ("lagunaro/api-key", "LAGUNARO_API_KEY", "lagunaro", lambda: r(36, LO), "a Lagun Aro insurance agent API key (36 lower-case letters and digits)"),
    ("segurosbilbao/api-secret", "SEGUROSBILBAO_API_SECRET", "segurosbilbao", lambda: r(44, B64), "a Seguros Bilbao broker API secret (44 base64 characters)"),
    ("mutualia/api-token", "MUTUALIA_API_TOKEN", "mutualia", lambda: _jwt("mutualia.eus"), "a Mutualia employer portal token (an HS256 JWT)"),
    ("bbkfundazioa/api-key", "BBK_API_KEY", "bbk", lambda: "bbk_" + r(28, LO), "a BBK foundation grants API key (bbk_ and 28 lower-case letters and digits)"),
    ("bolsabilbao/api-key", "BOLSABILBAO_API_KEY", "bolsabilbao", lambda: r(32, UP), "a Bilbao Stock Exchange market data API key (32 upper-case letters and digits)"),
    ("geroa/api-password", "GEROA_API_PASSWORD", "geroa", lambda: r(14, AL), "a Geroa Pentsioak employer portal API password (14 letters and digits; only the name beside it marks it)"),
    ("itzarri/api-key", "ITZARRI_API_KEY", "itzarri", lambda: r(40, HX), "an Itzarri pension fund member API key (40 hex digits)"),
    ("osakidetza/client-secret", "OSAKIDETZA_CLIENT_SECRET", "osakidetza", lambda: r(48, U64), "an Osakidetza provider API client secret (48 letters, digits, _ and -)"),
    ("lanbide/api-key", "LANBIDE_API_KEY", "lanbide", lambda: "lnb-" + r(32, LO), "a Lanbide job offers API key (lnb- and 32 lower-case letters and digits)"),
    ("bizkaiaogasuna/api-token", "BATUZ_API_TOKEN", "batuz", lambda: r(64, HX), "a Bizkaia provincial tax office (Batuz) invoice API token (64 hex digits)"),
    ("gipuzkoaogasuna/api-key", "TICKETBAI_API_KEY", "ticketbai", lambda: r(36, UP), "a Gipuzkoa provincial tax office TicketBAI API key (36 upper-case letters and digits)"),
    ("arabaogasuna/api-key", "ARABA_API_KEY", "araba", lambda: r(32, AL), "an Araba provincial tax office e-services API key (32 letters and digits)"),
    ("euskalmet/api-token", "EUSKALMET_API_TOKEN", "euskalmet", lambda: _jwt("euskalmet.euskadi.eus"), "a Euskalmet weather data API token (an HS256 JWT)"),
    ("izenpe/pin", "IZENPE_PIN", "izenpe", lambda: r(8, DG), "an Izenpe signing card PIN (eight digits; only the name beside it marks it)"),
    ("ejie/api-key", "EJIE_API_KEY", "ejie", lambda: r(40, LO), "an EJIE Basque government interoperability API key (40 lower-case letters and digits)"),
    ("lantik/client-secret", "LANTIK_CLIENT_SECRET", "lantik", lambda: r(32, HX), "a Lantik Bizkaia e-administration client secret (32 hex digits)"),
    ("izfe/api-key", "IZFE_API_KEY", "izfe", lambda: "izfe_" + r(40, AL), "an IZFE Gipuzkoa e-administration API key (izfe_ and 40 letters and digits)"),
    ("eustat/api-key", "EUSTAT_API_KEY", "eustat", lambda: r(24, LO), "a Eustat statistics API key (24 lower-case letters and digits)"),
    ("euskaltel/api-key", "EUSKALTEL_API_KEY", "euskaltel", lambda: r(32, AL), "a Euskaltel business SMS API key (32 letters and digits)"),
    ("eitb/api-token", "EITB_API_TOKEN", "eitb", lambda: r(40, HX), "an EITB video archive API token (40 hex digits)"),
    ("berria/api-key", "BERRIA_API_KEY", "berria", lambda: r(28, AL), "a Berria news syndication API key (28 letters and digits)"),
    ("elcorreo/api-key", "ELCORREO_API_KEY", "elcorreo", lambda: r(32, UP), "an El Correo content API key (32 upper-case letters and digits)"),
    ("deia/api-token", "DEIA_API_TOKEN", "deia", lambda: r(36, LO), "a Deia content syndication API token (36 lower-case letters and digits)"),
    ("naiz/api-key", "NAIZ_API_KEY", "naiz", lambda: r(24, HX), "a Naiz news feed API key (24 hex digits)"),
    ("sarenet/api-token", "SARENET_API_TOKEN", "sarenet", lambda: "srn_" + r(40, U64), "a Sarenet hosting API token (srn_ and 40 letters, digits, _ and -)"),
    ("ikerlan/api-key", "IKERLAN_API_KEY", "ikerlan", lambda: r(32, LO), "an Ikerlan IoT platform API key (32 lower-case letters and digits)"),
    ("tecnalia/api-secret", "TECNALIA_API_SECRET", "tecnalia", lambda: r(44, B64), "a Tecnalia data platform API secret (44 base64 characters)"),
    ("vicomtech/api-key", "VICOMTECH_API_KEY", "vicomtech", lambda: r(36, AL), "a Vicomtech speech API key (36 letters and digits)"),
    ("ibermatica/client-secret", "IBERMATICA_CLIENT_SECRET", "ibermatica", lambda: r(48, U64), "an Ibermatica managed services client secret (48 letters, digits, _ and -)"),
    ("ikusi/api-key", "IKUSI_API_KEY", "ikusi", lambda: r(32, HX), "an Ikusi network monitoring API key (32 hex digits)"),
    ("orona/api-token", "ORONA_API_TOKEN", "orona", lambda: "oro-" + r(36, LO), "an Orona lift telemetry API token (oro- and 36 lower-case letters and digits)"),
    ("irizar/api-key", "IRIZAR_API_KEY", "irizar", lambda: r(40, UP), "an Irizar e-bus fleet API key (40 upper-case letters and digits)"),
    ("cafsa/api-key", "CAF_API_KEY", "caf", lambda: r(32, AL), "a CAF rolling stock diagnostics API key (32 letters and digits)"),
    ("orbea/api-key", "ORBEA_API_KEY", "orbea", lambda: r(32, LO), "an Orbea dealer stock API key (32 lower-case letters and digits)"),
    ("bhbikes/api-token", "BH_API_TOKEN", "bhbikes", lambda: r(40, HX), "a BH Bikes dealer API token (40 hex digits)"),
    ("ulma/api-key", "ULMA_API_KEY", "ulma", lambda: _groups(5, 5), "a ULMA Handling Systems warehouse API key (five groups of five upper-case letters and digits joined by -)"),
    ("mondragon/api-key", "MONDRAGON_API_KEY", "mondragon", lambda: r(36, AL), "a Mondragon Corporation intranet API key (36 letters and digits)"),
    ("eroski/api-key", "EROSKI_API_KEY", "eroski", lambda: "ek_" + r(40, HX), "an Eroski supplier API key (ek_ and 40 hex digits)"),
    ("bmsupermercados/api-key", "BM_API_KEY", "bm", lambda: r(32, AL), "a BM Supermercados supplier API key (32 letters and digits)"),
    ("kaiku/api-token", "KAIKU_API_TOKEN", "kaiku", lambda: r(40, LO), "a Kaiku dairy orders API token (40 lower-case letters and digits)"),
    ("iberdrola/client-secret", "IBERDROLA_CLIENT_SECRET", "iberdrola", lambda: r(64, AL), "an Iberdrola smart meter data API client secret (64 letters and digits)"),
    ("petronor/api-key", "PETRONOR_API_KEY", "petronor", lambda: r(32, UP), "a Petronor fuel card API key (32 upper-case letters and digits)"),
    ("nortegas/api-token", "NORTEGAS_API_TOKEN", "nortegas", lambda: r(40, HX), "a Nortegas metering API token (40 hex digits)"),
    ("eve/api-key", "EVE_API_KEY", "eve", lambda: "eve-" + r(32, AL), "an EVE (Basque Energy Agency) charging point API key (eve- and 32 letters and digits)"),
    ("bbup/api-key", "PARTZUERGOA_API_KEY", "partzuergoa", lambda: r(32, LO), "a Bilbao Bizkaia water consortium metering API key (32 lower-case letters and digits)"),
    ("amvisa/api-key", "AMVISA_API_KEY", "amvisa", lambda: r(24, AL), "an AMVISA (Vitoria-Gasteiz water) API key (24 letters and digits)"),
    ("euskotren/api-key", "EUSKOTREN_API_KEY", "euskotren", lambda: r(36, UP), "a Euskotren timetable API key (36 upper-case letters and digits)"),
    ("metrobilbao/api-token", "METROBILBAO_API_TOKEN", "metrobilbao", lambda: r(40, HX), "a Metro Bilbao real-time API token (40 hex digits)"),
    ("bizkaibus/api-key", "BIZKAIBUS_API_KEY", "bizkaibus", lambda: r(32, AL), "a Bizkaibus real-time API key (32 letters and digits)"),
    ("dbus/api-key", "DBUS_API_KEY", "dbus", lambda: r(32, LO), "a Dbus (San Sebastian buses) open data API key (32 lower-case letters and digits)"),
    ("bilbobus/api-key", "BILBOBUS_API_KEY", "bilbobus", lambda: r(28, AL), "a Bilbobus stop arrivals API key (28 letters and digits)"),
    ("tuvisa/api-key", "TUVISA_API_KEY", "tuvisa", lambda: r(32, HX), "a Tuvisa (Vitoria-Gasteiz buses) API key (32 hex digits)"),
    ("bidegi/api-secret", "BIDEGI_API_SECRET", "bidegi", lambda: r(40, AL), "a Bidegi toll road fleet API secret (40 letters and digits)"),
    ("bilbaoport/api-key", "BILBAOPORT_API_KEY", "bilbaoport", lambda: r(36, AL), "a Port of Bilbao vessel calls API key (36 letters and digits)"),
    ("barik/api-token", "BARIK_API_TOKEN", "barik", lambda: r(48, HX), "a Barik transport card top-up API token (48 hex digits)"),
    ("upvehu/api-key", "EHU_API_KEY", "ehu", lambda: r(32, AL), "a UPV/EHU (University of the Basque Country) library API key (32 letters and digits)"),
    ("deusto/api-key", "DEUSTO_API_KEY", "deusto", lambda: "deu-" + r(32, LO), "a University of Deusto student records API key (deu- and 32 lower-case letters and digits)"),
    ("mondragonunibertsitatea/api-key", "MU_API_KEY", "mu", lambda: r(36, LO), "a Mondragon Unibertsitatea learning platform API key (36 lower-case letters and digits)"),
    ("tabakalera/api-key", "TABAKALERA_API_KEY", "tabakalera", lambda: r(32, HX), "a Tabakalera culture centre tickets API key (32 hex digits)"),
]
BASQUE = [("guggenheimbilbao/api-key", "a Guggenheim Museum Bilbao tickets API key (32 hex digits)"),
          ("athleticclub/api-token", "an Athletic Club San Mames gate scanner token (an HS256 JWT)"),
          ("realsociedad/api-secret", "a Real Sociedad member portal API secret (40 letters and digits)"),
          ("zinemaldia/accreditation-password", "a San Sebastian Film Festival (Zinemaldia) accreditation portal password (20 letters and digits)")]


def basque_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Basque chat line with no setting name (format, context, text, secrets, what)."""
    museum = r(32, HX)
    scanners = jwt(DRAW, {"atea": R.randrange(1, 30), "exp": 1833100000})
    member, accreditation = r(40), r(20)
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = BASQUE
    return [
        (f1, "prose", f"Guggenheimeko sarreretarako: {museum}\nEz badabil, deitu zazpiak ondoren.", [museum], w1),
        (f2, "prose", f"Iker, hau San Mameseko ateetako eskanerrentzat da: {scanners} — larunbateko partidaren ondoren iraungitzen da.", [scanners], w2),
        (f3, "prose", f"Ane, oporretan nagoen bitartean erabili nirea: {member}. Itzultzean zurea aterako dizute, beraz ez pasatu inori.", [member], w3),
        (f4, "prose", f"{accreditation} jarri dut Zinemaldiaren akreditazio atarian, zaharrak 401 itzultzen du jada.", [accreditation], w4),
    ]


def _cif() -> str:
    """A Spanish company tax id (CIF) of a limited company of Bizkaia: B, the province's 48, five drawn digits and the
    control digit (odd places doubled and their digits summed, even places added, ten less the last digit)."""
    digits = "48" + r(5, DG)
    total = sum(int(d) for d in digits[1::2]) + sum(sum(divmod(int(d) * 2, 10)) for d in digits[0::2])
    return "B" + digits + str(-total % 10)


def _ccc_digit(digits: str) -> str:
    """A Spanish bank account code's check digit: weights 1, 2, 4, 8, 5, 10, 9, 7, 3, 6 from the right end of ten
    digits, eleven less the sum modulo eleven (10 as 1, 11 as 0)."""
    weights = (1, 2, 4, 8, 5, 10, 9, 7, 3, 6)
    value = 11 - sum(int(d) * w for d, w in zip(digits.rjust(10, "0"), weights)) % 11
    return {10: "1", 11: "0"}.get(value, str(value))


def _iban() -> str:
    """A Spanish IBAN of a Basque savings bank's branch: ES, its two check digits (98 less the number modulo 97), then
    the bank, the branch, the account code's two check digits and a drawn account number."""
    bank, branch, account = "2095", r(4, DG), r(10, DG)
    bban = bank + branch + _ccc_digit("00" + bank + branch) + _ccc_digit(account) + account
    check = 98 - int(bban + "142800") % 97
    return f"ES{check:02d}{bban}"


def _ean13(head: str) -> str:
    """Twelve digits and the EAN-13 check digit (weights 1 and 3 in turn, ten less the last digit)."""
    body = head + r(12 - len(head), DG)
    return body + str(-sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(body)) % 10)


# Ordinary values that only name where a secret is kept: each may stand where the secret would, even in a
# password's slot. (shape family, NAME, value from the service name, why)
REFERENCES = [
    ("summon-printenv", "SMTP_PASSWORD", lambda t: f"$(summon -f secrets.{t}.yml printenv SMTP_PASSWORD)", "a summon run naming its secrets.yml and a variable"),
    ("secrethub-read", "API_KEY", lambda t: f"$(secrethub read sagardo/{t}/prod/api-key)", "a SecretHub read naming a secret path"),
    ("consul-kv-get", "WEBHOOK_SECRET", lambda t: f"$(consul kv get sagardo/{t}/webhook-secret)", "a Consul KV lookup naming a key path"),
    ("oci-secret-bundle-get", "CLIENT_SECRET", lambda t: f"$(oci secrets secret-bundle get --secret-id ocid1.vaultsecret.oc1.eu-madrid-1.{r(60, LO)} --query 'data.\"secret-bundle-content\".content' --raw-output | base64 -d)", "an OCI Vault lookup naming a secret's OCID"),
    ("ibmcloud-sm-secret-payload", "ADMIN_PASSWORD", lambda t: f"$(ibmcloud secrets-manager secret --id {DRAW.uuid4()} --output json | jq -r .payload)", "an IBM Cloud Secrets Manager lookup naming a secret id"),
    ("kafka-file-config-provider", "ACCESS_TOKEN", lambda t: f"${{file:/etc/sagardo/{t}.properties:access.token}}", "a Kafka FileConfigProvider placeholder naming a file and a key"),
    ("gcloud-kms-decrypt-file", "DB_PASS", lambda t: f"$(gcloud kms decrypt --location=europe-southwest1 --keyring=sagardo --key={t} --ciphertext-file=/etc/sagardo/{t}.db.enc --plaintext-file=-)", "a Cloud KMS decryption naming a key ring, a key and a ciphertext file"),
    ("ansible-vault-kv2-get-lookup", "ENCRYPTION_KEY", lambda t: f"{{{{ lookup('community.hashi_vault.vault_kv2_get', '{t}', engine_mount_point='sagardo').secret.encryption_key }}}}", "an Ansible lookup naming a KV v2 mount, a path and a key"),
    ("hcp-vault-secrets-open", "SIGNING_SECRET", lambda t: f"$(hcp vault-secrets secrets open {t}_signing_secret --app sagardo-{t} --format=json | jq -r .static_version.value)", "an HCP Vault Secrets lookup naming an app and a secret"),
    ("terraform-sensitive-marker", "REGISTRY_TOKEN", lambda t: "(sensitive value)", "the marker Terraform prints in place of a value it hides"),
]
# Public ids: each stands only beside a name that says what it is.
PUBLIC = [
    ("eus-cif", "IFK", lambda t: _cif(), "a Bizkaian limited company's tax id (CIF) with its control digit, public on its invoices"),
    ("eus-iban", "IBAN", lambda t: _iban(), "a Spanish IBAN with its check digits, printed on invoices for payment"),
    ("eus-postal-code", "POSTA_KODEA", lambda t: "48" + r(3, DG), "a five-digit Bizkaian postal code, public"),
    ("eus-licence-plate", "MATRIKULA", lambda t: f"{r(4, DG)} {r(3, 'BCDFGHJKLMNPRSTVWXYZ')}", "a Spanish licence plate, painted on the vehicle"),
    ("eus-isbn", "ISBN", lambda t: _ean13("97884"), "a Spanish book's ISBN-13 with its check digit, printed on the book"),
    ("eus-ean13", "EAN", lambda t: _ean13("84"), "a Spanish product's EAN-13 barcode with its check digit, printed on the label"),
]
SERVICES = ("sagasti", "dolare", "upela", "biltegi", "faktura", "txotx", "banaketa", "kupela")
# Contexts whose ordinary text is written out below; every other context takes a drawn reference or public id.
WRITTEN_CONTEXTS = ("prose", "pem", "wrapped", "docker_config", "dockercfg", "s3cfg", "k8s_secret",
                    "nullmailer_remotes", "dovecot_passwd_file", "vsftpd_virtual_users", "deluge_auth", "mpd_conf", "sentinel_conf")


def _cms_signature() -> str:
    """A detached CMS signature as `openssl cms -sign -outform PEM` writes it: a DER SEQUENCE, then drawn bytes."""
    der = bytes((0x30, 0x82, 0x06, 0x1D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02))
    body = "\n".join(chunks(base64.b64encode(der + bytes(R.randrange(256) for _ in range(1240))).decode()))
    return f"-----BEGIN CMS-----\n{body}\n-----END CMS-----"


def _class_path_manifest() -> str:
    """A JAR manifest whose long Class-Path is cut into 72-byte lines; nothing in it is a secret."""
    jars = " ".join(f"lib/{name}.jar" for name in ("sagardo-core-3.1.0", "jackson-databind-2.17.2", "postgresql-42.7.4",
                                                    "slf4j-api-2.0.16", "logback-classic-1.5.8", "commons-csv-1.12.0"))
    return "$ unzip -p build/libs/sagardo-dolare.jar META-INF/MANIFEST.MF\nManifest-Version: 1.0\n" + "\n".join(
        _manifest_lines("Class-Path", jars)) + "\nMain-Class: eus.sagardo.dolare.Main\n"


ORDINARY_TEXTS = [  # (shape, context, text or a draw of it, why it is ordinary)
    ("prose/sagardo-txotx-season-notice-eu", "prose", "Kooperatibako kideok, txotx denboraldia urtarrilaren 19an hasiko da. Astigarragako dolarea egunero irekita egongo da 17:00etatik 23:00etara; kupelak garbi eta zenbakituta ekarri, mesedez.", "a notice to the co-operative's members"),
    ("pem/sagardo-cms-detached-signature", "pem", _cms_signature, "a detached CMS signature, public"),
    ("wrapped/sagardo-manifest-class-path-continued", "wrapped", _class_path_manifest, "a manifest's class path cut by its 72-byte lines"),
    ("dockerconfig/sagardo-cred-helpers-only", "docker_config", json.dumps({"credHelpers": {f"cr.sagardo.{HOST}": "secretservice", "europe-southwest1-docker.pkg.dev": "gcloud"}, "detachKeys": "ctrl-e,e"}, indent=2), "registries sent to credential helpers, no credential"),
    ("dockercfg/sagardo-stat-permissions", "dockercfg", "$ stat -c '%a %U %s %n' ~/.dockercfg\n600 miren 214 /home/miren/.dockercfg", "a legacy file's mode, owner and size, no credential"),
    ("s3cfg/sagardo-info-bucket", "s3cfg", "$ s3cmd info s3://sagardo-artxiboa\ns3://sagardo-artxiboa/ (bucket):\n   Location:  eu-south-2\n   Payer:     BucketOwner\n   Expiration Rule: none\n   Policy:    none\n   CORS:      none\n   ACL:       sagardo: FULL_CONTROL", "a bucket's settings, no key"),
    ("k8s/sagardo-describe-secret-sizes", "k8s_secret", "$ kubectl describe secret sagardo-db -n sagardo\nName:         sagardo-db\nNamespace:    sagardo\nLabels:       <none>\nAnnotations:  <none>\n\nType:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  10 bytes", "a Secret's keys and their sizes, no value"),
    ("nullmailer/sagardo-remotes-without-login", "nullmailer_remotes", f"$ cat /etc/nullmailer/remotes /etc/nullmailer/adminaddr\nsmtp.{HOST} smtp --port=25\nadmin@{HOST}", "a relay host and port and the admin address, no login"),
    ("dovecot/sagardo-passwd-file-userdb-only", "dovecot_passwd_file", "# /etc/dovecot/users (userdb only: passwords come from LDAP)\nmiren::5000:5000::/srv/mail/miren::userdb_quota_rule=*:storage=2G\nandoni::5000:5000::/srv/mail/andoni::", "user entries whose password field is empty, no password"),
    ("vsftpd/sagardo-conf-virtual-guest", "vsftpd_virtual_users", "# /etc/vsftpd.conf\nanonymous_enable=NO\nlocal_enable=YES\nguest_enable=YES\nguest_username=ftp\nuser_config_dir=/etc/vsftpd/users\npam_service_name=vsftpd.virtual", "virtual users mapped to a guest account through PAM, no password"),
    ("deluge/sagardo-core-conf-daemon", "deluge_auth", "$ cat ~/.config/deluge/core.conf\n{\n    \"file\": 1,\n    \"format\": 1\n}{\n    \"allow_remote\": true,\n    \"daemon_port\": 58846,\n    \"download_location\": \"/srv/deskargak\"\n}", "the daemon's port and remote access, no login"),
    ("mpd/sagardo-conf-permissions-only", "mpd_conf", "music_directory \"/srv/musika\"\nbind_to_address \"/run/mpd/socket\"\nport \"6600\"\ndefault_permissions \"read,add,control\"", "default permissions without a password, no password"),
    ("sentinel/sagardo-conf-myid-no-auth", "sentinel_conf", lambda: f"port 26379\nsentinel monitor sagardo 192.0.2.50 6379 2\nsentinel down-after-milliseconds sagardo 5000\nsentinel failover-timeout sagardo 60000\nsentinel myid {r(40, HX)}", "a monitored master and the Sentinel's own 40-hex id, no password"),
]


def _ordinary() -> list[tuple]:
    """The written texts, then a reference or a public id for every other context."""
    drawn = drawn_ordinary((c for c in CONTEXTS if c not in WRITTEN_CONTEXTS), place, REFERENCES, PUBLIC, SERVICES)
    return written_rows(ORDINARY_TEXTS) + drawn


def build() -> list[dict]:
    return build_part(DRAWN, placed_again(SECRETS, CONTEXTS), place, basque_prose, _ordinary())


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh36.jsonl"))
