"""Writes the thirty-fourth fresh held-out part of the secrets corpus, fresh34.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (an rsync daemon `rsyncd.secrets`, a hostapd `hostapd.wpa_psk`, a Sendmail `authinfo`, a Ceph keyring, a Home
Assistant `secrets.yaml`, an FRR `frr.conf` key chain), and in three of them nothing but the file's layout says which
field is the secret; secrets in prose are in Bulgarian. Most ordinary strings only name where a secret is kept (a gpg
decryption, a Keeper notation, a chef-vault item, a Salt pillar lookup, an Argo CD Vault Plugin placeholder, the AWS
Lambda secrets extension, a Yandex Lockbox payload, an openssl decryption, a git-secret cat, a Scaleway secret
lookup), the rest are public ids. No vendor and no ordinary shape of this part is in another part.

    python tests/corpora/secrets/make_fresh34.py [OUT]   # default: fresh34.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import (AL, B64, DG, HX, LO, U64, UP, Seeded, build_part, camel, chunks, drawn_ordinary, jwt, placed_again,
                       url_quoted, write, written_rows)

SEED = 20270134
DRAW = Seeded(SEED)
R = DRAW.random
r = DRAW.text
DRAWN = f"value drawn by make_fresh34.py (seed {SEED})"
HOST = "example.bg"
LOWER = "abcdefghijklmnopqrstuvwxyz"

# Every context of the corpus up to fresh33, then the six this part adds; secrets take them in turn, so each has one.
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
            "extension_storage", "circleci_config", "azure_pipelines", "ngrok_config", "hgrc", "wpa_supplicant",
            "bruno", "insomnia", "travis_ci", "drone_ci", "gh_hosts", "condarc",
            "compose_override", "vagrantfile", "packer_vars", "systemd_credential", "pgbouncer_userlist", "init_gradle",
            "procfile", "justfile", "taskfile", "earthfile", "tiltfile", "skaffold",
            "buildkite", "woodpecker_ci", "bitrise", "serverless", "app_engine", "kamal_deploy",
            "do_app_spec", "railway_json", "codemagic", "vercel_json", "samconfig", "azure_local_settings",
            "boto_config", "bunfig", "zeabur", "msmtprc", "muttrc", "offlineimaprc",
            "firebase_runtimeconfig", "redis_conf", "lftprc", "telegraf", "filebeat", "irssi",
            "odbc_ini", "rabbitmq_conf", "deno_json", "pgadmin_servers", "nmconnection", "grafana_ini",
            "wp_config", "fetchmailrc", "logstash_conf", "dockercfg", "windows_reg", "alertmanager_yml",
            "airflow_cfg", "mongod_conf", "elasticsearch_yml", "gitlab_rb", "superset_config", "prometheus_yml",
            "vector_toml", "pgbackrest_conf", "curlrc", "sssd_conf", "kibana_yml", "ldap_conf",
            "tfvars", "sentry_conf", "krb5_conf", "smb_conf", "mosquitto_conf", "keepalived_conf",
            "vault_hcl", "influx_configs", "sasl_passwd", "dovecot_conf", "davfs2_secrets", "cifs_credentials",
            "s3ql_authinfo", "chap_secrets", "openvpn_auth", "ipsec_secrets", "snmpd_conf",
            "pap_secrets", "mosquitto_passwd", "zabbix_psk", "nslcd_conf", "maven_settings_security", "helm_repositories",
            "ldap_secret", "radius_clients", "upsd_users", "bacula_dir_conf", "ddclient_conf", "aerc_accounts",
            "passwd_s3fs", "chrony_keys", "pam_radius_conf", "nagios_resource_cfg", "rndc_key", "exim_passwd_client",
            "rsyncd_secrets", "hostapd_wpa_psk", "sendmail_authinfo", "ceph_keyring", "homeassistant_secrets", "frr_conf")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """A line the container runtime split: the CRI log format marks the first piece P (partial), the last F (full)."""
    cut = len(value) // 2 + 2
    head, tail = value[:cut], value[cut:]
    text = (f"2027-05-18T05:12:40.118402733+03:00 stdout P {tool}-sync: заредени настройки {name}={head}\n"
            f"2027-05-18T05:12:40.118402733+03:00 stdout F {tail} (източник: /etc/rozovo/{tool}.env)")
    return text, [head, tail]


def _pem(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """A vendor's credential file under an armour of its own: base64 of a small JSON body, each 64-character line listed."""
    body = chunks(base64.b64encode(json.dumps({"service": tool, "name": name, "secret": value}).encode()).decode())
    lines = "\n".join(body)
    return (f"-----BEGIN {tool.upper()} API SECRET-----\nVersion: 2\nComment: rozovo@kazan-1\n\n{lines}\n"
            f"-----END {tool.upper()} API SECRET-----"), body


def _chrony_key(value: str) -> str:
    """A chrony key as its file writes it: HEX: before a hexadecimal key, else the ASCII key as it stands."""
    return f"HEX:{value.upper()}" if all(c in HX for c in value) else value


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        return _pem(name, value, tool)
    if context == "docker_config":
        encoded = base64.b64encode(f"rozovo-bot:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.{HOST}": {"auth": encoded}},
                           "HttpHeaders": {"User-Agent": "Docker-Client/27.3.1 (linux)"}}, indent=2), [encoded]
    if context == "dockercfg":
        encoded = base64.b64encode(f"rozovo:{value}".encode()).decode()
        return json.dumps({f"https://cr.{tool}.{HOST}": {"auth": encoded, "email": f"it@{HOST}"}}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {tool}-credentials\n  namespace: rozovo\n  labels:\n"
                f"    app.kubernetes.io/part-of: rozovo\ntype: Opaque\ndata:\n  {name.lower().replace('_', '-')}: {encoded}"), [encoded]
    if context in ("s3cfg", "passwd_s3fs"):
        key_id = r(20, UP)
        texts = {
            "s3cfg": (f"[default]\naccess_key = {key_id}\nsecret_key = {value}\nhost_base = s3.{tool}.{HOST}\n"
                      f"bucket_location = BG\nsignature_v2 = False"),
            # The global form of s3fs's file, access key id:secret key, no bucket; nothing else marks the secret.
            "passwd_s3fs": f"# /etc/passwd-s3fs ({tool}, chmod 640)\n{key_id}:{value}",
        }
        return texts[context], [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc", "lftprc", "gitconfig", "hgrc", "aerc_accounts"):
        texts = {
            "url": f"https://{tool}.{HOST}/api/v2/reports?from=2027-05-01&{name.lower()}={quoted}&lang=bg",
            "connection_string": f"mongodb+srv://rozovo:{quoted}@cluster0.{tool}.{HOST}/rosa?retryWrites=true&w=majority",
            "git_credentials": f"https://oauth2:{quoted}@gitlab.{tool}.{HOST}",
            "pip_conf": f"[global]\ntimeout = 30\nextra-index-url = https://rozovo:{quoted}@pypi.{tool}.{HOST}/simple/",
            "condarc": f"channels:\n  - https://conda.{tool}.{HOST}/t/{quoted}/rozovo\n  - conda-forge\nchannel_priority: strict",
            "lftprc": f"set ssl:verify-certificate yes\nset net:max-retries 3\nopen sftp://rozovo:{quoted}@sftp.{tool}.{HOST}",
            "gitconfig": (f"[credential \"https://git.{tool}.{HOST}\"]\n\tusername = rozovo\n[remote \"origin\"]\n"
                          f"\turl = https://rozovo:{quoted}@git.{tool}.{HOST}/rozovo/sync.git"),
            "hgrc": f"[ui]\nusername = Rozovo <it@{HOST}>\n[paths]\ndefault = https://rozovo:{quoted}@hg.{tool}.{HOST}/rozovo-sync",
            "aerc_accounts": (f"[{tool}]\nsource = imaps://rozovo:{quoted}@imap.{tool}.{HOST}:993\n"
                              f"outgoing = smtp+plain://rozovo@smtp.{tool}.{HOST}:587\ndefault = INBOX"),
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), "X-" + name.replace("_", "-").title()
    texts = {
        "env": f"# {tool} — производство\nAPP_ENV=prod\n{name}={value}\nLANG=bg_BG.UTF-8",
        "json": json.dumps({"integracii": [{"dostavchik": tool, low: value, "aktivna": True}]}, indent=2),
        "escaped_json": json.dumps({"ts": "2027-05-18T05:12:40+03:00", "event": "settings.reload",
                                    "payload": json.dumps({"service": tool, cam: value, "region": "kazanlak"})}),
        "cli_flag": f"$ rozovo sync --dostavchik {tool} --{kebab} {value} --oblast stara-zagora",
        "prose": f"Колеги, за {tool} вече имаме достъп — ключ {value}. Не го слагайте в git; довечера ще го преместя в хранилището за тайни.",
        "tool_output": f"$ {tool} whoami --verbose\nакаунт:  rozovo-kazanlak\n{low}: {value}\nизтича:  никога",
        "diff": f"--- a/.env.{tool}\n+++ b/.env.{tool}\n@@ -1,2 +1,2 @@\n LANG=bg_BG.UTF-8\n-{name}=\n+{name}={value}",
        "bytes_literal": f"payload = b'{name}=' + b'{value}' + b'\\n'",
        "yaml": f"{tool}:\n  base_url: https://api.{tool}.{HOST}/v2\n  {low}: \"{value}\"\n  timeout: 15s",
        "csv": f"\"услуга\";\"ключ\";\"стойност\"\n\"{tool}\";\"{name}\";\"{value}\"",
        "header": f"POST /api/v2/pratki HTTP/1.1\nHost: api.{tool}.{HOST}\nContent-Type: application/json\n{title}: {value}",
        "log": f"2027-05-18 05:12:40,311 INFO  [{tool}-client] initialised with {low}={value} (attempt 1/3)",
        "code": f"const {cam} = process.env.{name} ?? \"{value}\";\nexport const client = new {tool.capitalize()}Client({{ {cam} }});",
        "ini": f"; {tool}\n[{tool}]\nurl = https://api.{tool}.{HOST}/v2\n{low} = {value}\nezik = bg",
        "xml": f"<nastroiki>\n  <usluga ime=\"{tool}\">\n    <{cam}>{value}</{cam}>\n  </usluga>\n</nastroiki>",
        "dockerfile": f"FROM node:22-alpine\nWORKDIR /app\nARG {name}={value}\nRUN npm ci && npm run build",
        "netrc": f"machine {tool}.{HOST}\n  login rozovo\n  password {value}",
        "toml": f"[{tool}]\nbase_url = \"https://api.{tool}.{HOST}/v2\"\n{low} = \"{value}\"\nretries = 3",
        "shell_history": f": 1810620000:0;cd ~/rozovo/sync\n: 1810620011:0;{name}={value} npm run sync:{tool}\n: 1810620042:0;git status",
        "notebook": json.dumps({"cell_type": "code", "execution_count": 7, "metadata": {}, "outputs": [],
                                "source": ["import os\n", f"os.environ[\"{name}\"] = \"{value}\"\n", f"df = {tool}_export(\"2027-05\")"]}),
        "hcl": f"resource \"{tool}_webhook\" \"berba\" {{\n  url    = \"https://rozovo.{HOST}/hooks/{tool}\"\n  {low} = \"{value}\"\n}}",
        "properties": f"# {tool}\nrozovo.{tool}.base-url=https://api.{tool}.{HOST}/v2\nrozovo.{tool}.{kebab}={value}",
        "powershell": f"PS C:\\rozovo> $env:{name} = '{value}'\nPS C:\\rozovo> .\\sync.ps1 -Usluga {tool} -Mesec 2027-05",
        "systemd": f"[Unit]\nDescription=Rozovo {tool} sync\n\n[Service]\nEnvironment={name}={value}\nExecStart=/opt/rozovo/bin/sync {tool}",
        "har": json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": f"https://api.{tool}.{HOST}/v2/sklad",
                                                                              "headers": [{"name": "Accept", "value": "application/json"},
                                                                                          {"name": title, "value": value}]},
                                                                  "response": {"status": 200}}]}}),
        "curl_trace": (f"*   Trying 192.0.2.77:443...\n* Connected to api.{tool}.{HOST} (192.0.2.77) port 443\n> GET /v2/sklad HTTP/2\n"
                       f"> Host: api.{tool}.{HOST}\n> {title}: {value}\n< HTTP/2 200"),
        "crash_report": (f"Traceback (most recent call last):\n  File \"/opt/rozovo/sync.py\", line 41, in <module>\n"
                         f"    client = {tool.capitalize()}({low}=\"{value}\")\n{tool.capitalize()}AuthError: 401 Unauthorized"),
        "web_storage": json.dumps({"origin": f"https://app.rozovo.{HOST}", "localStorage": {"ezik": "bg", f"{tool}:{cam}": value}}),
        "plist": f"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>{name}</key>\n\t<string>{value}</string>\n</dict>\n</plist>",
        "tfstate": json.dumps({"version": 4, "terraform_version": "1.9.8", "resources": [
            {"mode": "managed", "type": f"{tool}_api_key", "name": "rozovo", "instances": [{"attributes": {"id": "rozovo-kazanlak", "value": value}}]}]}),
        "mobile_config": f"# android/gradle.properties\norg.gradle.jvmargs=-Xmx2g\nROZOVO_{name}={value}",
        "sql_dump": f"INSERT INTO integration_keys (service, key_name, key_value, created_at) VALUES ('{tool}', '{low}', '{value}', '2027-05-18 05:12:40');",
        "email": (f"From: Гергана <gergana@{HOST}>\nTo: it@{HOST}\nSubject: Достъп до {tool}\nContent-Type: text/plain; charset=UTF-8\n\n"
                  f"Здравей,\n{name}: {value}\nМоля, запиши го в трезора.\n\nГергана"),
        "nginx": (f"server {{\n    listen 443 ssl;\n    server_name {tool}.rozovo.{HOST};\n    location / {{\n"
                  f"        proxy_set_header {title} {value};\n        proxy_pass https://api.{tool}.{HOST};\n    }}\n}}"),
        "markdown": f"## Достъпи\n\n- **{tool}** — `{name}={value}`\n- **поща** — виж трезора",
        "postman": json.dumps({"info": {"name": f"rozovo-{tool}"}, "auth": {"type": "apikey", "apikey": [
            {"key": "key", "value": title}, {"key": "value", "value": value}, {"key": "in", "value": "header"}]}}),
        "jenkinsfile": f"node {{\n  withEnv([\"{name}={value}\"]) {{\n    stage('sync') {{ sh './sync.sh {tool}' }}\n  }}\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: rozovo/sync:2.3\n    environment:\n      {name}: \"{value}\"\n    restart: unless-stopped",
        "gradle": f"android {{\n  defaultConfig {{\n    buildConfigField 'String', '{name}', '\"{value}\"'\n  }}\n}}",
        "chat_export": json.dumps({"name": "rozovo-it", "messages": [{"id": 4411, "from": "Гергана", "date": "2027-05-18T08:03:11",
                                                                   "text": f"{name} за {tool}: {value}"}]}, ensure_ascii=False),
        "ansible": f"# group_vars/kazan.yml\n{tool}_endpoint: https://api.{tool}.{HOST}\n{tool}_{low}: \"{value}\"",
        "kubeconfig": f"apiVersion: v1\nkind: Config\nusers:\n- name: rozovo-{tool}\n  user:\n    token: {value}\ncurrent-context: rozovo-{tool}",
        "hocon": f"{tool} {{\n  base-url = \"https://api.{tool}.{HOST}/v2\"\n  {kebab} = \"{value}\"\n}}",
        "nix": f"services.rozovo-sync = {{\n  enable = true;\n  environment.{name} = \"{value}\";\n}};",
        "caddyfile": f"{tool}.rozovo.{HOST} {{\n  reverse_proxy https://api.{tool}.{HOST} {{\n    header_up {title} \"{value}\"\n  }}\n}}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\t{name}=$({name}) ./bin/sync {tool}",
        "npmrc": f"@rozovo:registry=https://npm.{tool}.{HOST}/\n//npm.{tool}.{HOST}/:_authToken={value}",
        "pgpass": f"# ~/.pgpass\ndb.{tool}.{HOST}:5432:rosa:rozovo_app:{value}",
        "crontab": f"SHELL=/bin/bash\n{name}={value}\n15 5 * * * /opt/rozovo/bin/sync {tool} >/dev/null 2>&1",
        "http_file": f"@baseUrl = https://api.{tool}.{HOST}/v2\n@{cam} = {value}\n\n###\nGET {{{{baseUrl}}}}/sklad\n{title}: {{{{{cam}}}}}",
        "haproxy": (f"frontend rozovo\n    bind :443 ssl crt /etc/haproxy/rozovo.pem\n"
                    f"    http-request set-header {title} {value} if {{ path_beg /{tool} }}\n    default_backend {tool}"),
        "sbt": f"ThisBuild / credentials += Credentials(\"Artifactory Realm\", \"artifacts.{tool}.{HOST}\", \"rozovo\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://pypi.{tool}.{HOST}/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Host {tool}\n    HostName sftp.{tool}.{HOST}\n    User rozovo\n    SendEnv LANG\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"version": "0.2.0", "configurations": [{"type": "node", "request": "launch", "name": f"sync {tool}",
                                                                             "program": "${workspaceFolder}/sync.js", "env": {name: value}}]}, indent=2),
        "gha_workflow": f"jobs:\n  sync:\n    runs-on: ubuntu-24.04\n    env:\n      {name}: {value}\n    steps:\n      - run: ./bin/sync {tool}",
        "fish": f"set -gx {name} '{value}'\nset -gx LANG bg_BG.UTF-8",
        "devtools_console": f"> localStorage.getItem('{tool}:{cam}')\n< '{value}'",
        "envrc": f"export LANG=bg_BG.UTF-8\nexport {name}=\"{value}\"\nlayout node",
        "maven_settings": (f"<settings>\n  <servers>\n    <server>\n      <id>{tool}-releases</id>\n      <username>rozovo</username>\n"
                           f"      <password>{value}</password>\n    </server>\n  </servers>\n</settings>"),
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.{HOST}/rozovo\nvendor = other\nuser = rozovo\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"packages.{tool}.{HOST}": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  rozovo:\n    npmRegistryServer: \"https://npm.{tool}.{HOST}\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"disable_checkpoint = true\n\ncredentials \"registry.{tool}.{HOST}\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registry]\ntoken = \"{value}\"\n\n[registries.{tool}]\nindex = \"sparse+https://cargo.{tool}.{HOST}/index/\"",
        "aws_config": f"[profile {tool}]\nregion = eu-central-1\naws_access_key_id = rozovo-{tool}\naws_secret_access_key = {value}",
        "helm_values": f"{tool}:\n  enabled: true\n  auth:\n    {cam}: \"{value}\"\nresources: {{}}",
        "vault_agent": f"env_template \"{name}\" {{\n  contents = \"{value}\"\n  error_on_missing_key = true\n}}",
        "my_cnf": f"[mysqldump]\nuser = rozovo_backup\npassword = \"{value}\"\nhost = mysql.{tool}.{HOST}",
        "bitbucket_pipelines": f"pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export {name}={value}\n            - ./bin/sync {tool}",
        "wrangler": f"name = \"rozovo-{tool}\"\nmain = \"src/index.ts\"\n\n[vars]\nEZIK = \"bg\"\n{name} = \"{value}\"",
        "k6_script": (f"import http from 'k6/http';\nconst {cam} = '{value}';\n"
                      f"export default () => http.get('https://api.{tool}.{HOST}/v2/sklad', {{ headers: {{ '{title}': {cam} }} }});"),
        "heroku_config": f"$ heroku config -a rozovo-{tool}\n=== rozovo-{tool} Config Vars\nLANG: bg_BG.UTF-8\n{name}: {value}",
        "authinfo": f"machine smtp.{tool}.{HOST} port 587 login rozovo@{HOST} password {value}",
        "fly_toml": f"app = \"rozovo-{tool}\"\nprimary_region = \"otp\"\n\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.production.environment]\n  {name} = \"{value}\"\n  EZIK = \"bg\"",
        "render_yaml": f"services:\n  - type: worker\n    name: rozovo-{tool}\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": (f"<HeaderManager guiclass=\"HeaderPanel\" testclass=\"HeaderManager\" testname=\"{tool}\">\n"
                        f"  <collectionProp name=\"HeaderManager.headers\">\n    <elementProp name=\"\" elementType=\"Header\">\n"
                        f"      <stringProp name=\"Header.name\">{title}</stringProp>\n      <stringProp name=\"Header.value\">{value}</stringProp>\n"
                        f"    </elementProp>\n  </collectionProp>\n</HeaderManager>"),
        "jenkins_credentials": (f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <scope>GLOBAL</scope>\n"
                                f"  <id>{tool}-{kebab}</id>\n  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>"),
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\n\nsync:{tool}:\n  script: ./bin/sync {tool}",
        "gem_credentials": f"---\nhttps://rubygems.{tool}.{HOST}/private: {value}",
        "nuget_config": (f"<configuration>\n  <packageSourceCredentials>\n    <{tool}>\n      <add key=\"Username\" value=\"rozovo\" />\n"
                         f"      <add key=\"ClearTextPassword\" value=\"{value}\" />\n    </{tool}>\n  </packageSourceCredentials>\n</configuration>"),
        "supervisord": f"[program:{tool}-sync]\ncommand=/opt/rozovo/bin/sync {tool}\nenvironment={name}=\"{value}\",LANG=\"bg_BG.UTF-8\"\nuser=rozovo",
        "pulumi_config": f"config:\n  rozovo:{cam}: {value}\n  aws:region: eu-central-1",
        "extension_storage": json.dumps({"local": {f"{tool}_{cam}": value, "theme": "light"}}),
        "circleci_config": (f"version: 2.1\njobs:\n  sync:\n    docker:\n      - image: cimg/node:22.11\n        environment:\n"
                            f"          {name}: {value}\n    steps:\n      - checkout"),
        "azure_pipelines": f"steps:\n- script: ./bin/sync {tool}\n  displayName: sync {tool}\n  env:\n    {name}: {value}",
        "ngrok_config": f"version: \"3\"\nagent:\n  authtoken: {value}\ntunnels:\n  {tool}:\n    proto: http\n    addr: 8080",
        "wpa_supplicant": f"ctrl_interface=/run/wpa_supplicant\nnetwork={{\n    ssid=\"Rozovo-{tool}\"\n    psk=\"{value}\"\n}}",
        "bruno": f"get {{\n  url: https://api.{tool}.{HOST}/v2/sklad\n  body: none\n  auth: bearer\n}}\n\nauth:bearer {{\n  token: {value}\n}}",
        "insomnia": json.dumps({"_type": "environment", "name": f"{tool} prod", "data": {cam: value, "baseUrl": f"https://api.{tool}.{HOST}"}}),
        "travis_ci": f"language: node_js\nnode_js: 22\nenv:\n  - {name}={value}\nscript: ./bin/sync {tool}",
        "drone_ci": (f"kind: pipeline\nname: {tool}\nsteps:\n- name: sync\n  image: node:22\n  environment:\n    {name}: \"{value}\"\n"
                     f"  commands:\n  - ./bin/sync {tool}"),
        "gh_hosts": f"github.com:\n    git_protocol: https\n    user: rozovo-{tool}\n    oauth_token: {value}",
        "compose_override": f"services:\n  {tool}:\n    environment:\n      - {name}={value}",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.provision \"shell\", inline: \"echo {name}={value} >> /etc/environment\"\nend",
        "packer_vars": f"{low} = \"{value}\"\nbase_image = \"debian-12\"",
        "systemd_credential": f"[Service]\nSetCredential={low}:{value}\nExecStart=/opt/rozovo/bin/sync {tool} --credential {low}",
        "pgbouncer_userlist": f";; /etc/pgbouncer/userlist.txt\n\"{tool}_app\" \"{value}\"",
        "init_gradle": (f"// ~/.gradle/init.d/{tool}.init.gradle.kts\nallprojects {{\n  repositories {{\n    maven {{\n"
                        f"      url = uri(\"https://maven.{tool}.{HOST}/releases\")\n      credentials {{\n        username = \"rozovo\"\n"
                        f"        password = \"{value}\"\n      }}\n    }}\n  }}\n}}"),
        "procfile": f"web: node server.js\nsync: {name}={value} node sync.js {tool}",
        "justfile": f"export {name} := \"{value}\"\n\nsync:\n    node sync.js {tool}",
        "taskfile": f"version: '3'\ntasks:\n  sync:\n    env:\n      {name}: '{value}'\n    cmds:\n      - node sync.js {tool}",
        "earthfile": f"VERSION 0.8\nsync:\n    FROM node:22-alpine\n    ENV {name}={value}\n    RUN node sync.js {tool}",
        "tiltfile": f"local_resource('sync-{tool}', cmd='node sync.js', env={{'{name}': '{value}'}})",
        "skaffold": f"build:\n  artifacts:\n    - image: rozovo/{tool}\n      docker:\n        buildArgs:\n          {name}: {value}",
        "buildkite": f"steps:\n  - label: \"sync {tool}\"\n    command: node sync.js\n    env:\n      {name}: \"{value}\"",
        "woodpecker_ci": (f"when:\n  - event: push\nsteps:\n  sync:\n    image: node:22\n    environment:\n      {name}: {value}\n"
                          f"    commands:\n      - node sync.js {tool}"),
        "bitrise": (f"workflows:\n  sync:\n    envs:\n    - {name}: \"{value}\"\n    steps:\n    - script@1:\n        inputs:\n"
                    f"        - content: node sync.js {tool}"),
        "serverless": f"service: rozovo-{tool}\nprovider:\n  name: aws\n  runtime: nodejs22.x\n  environment:\n    {name}: {value}",
        "app_engine": f"runtime: nodejs22\ninstance_class: F1\nenv_variables:\n  {name}: \"{value}\"",
        "kamal_deploy": f"service: rozovo-{tool}\nimage: rozovo/{tool}\nenv:\n  clear:\n    {name}: {value}\n    LANG: bg_BG.UTF-8",
        "do_app_spec": f"name: rozovo-{tool}\nworkers:\n  - name: sync\n    envs:\n      - key: {name}\n        value: {value}\n        type: GENERAL",
        "railway_json": json.dumps({"$schema": "https://railway.com/railway.schema.json", "build": {"buildCommand": f"{name}={value} npm run build"}}, indent=2),
        "codemagic": f"workflows:\n  ios-release:\n    environment:\n      vars:\n        {name}: \"{value}\"\n      xcode: latest",
        "vercel_json": json.dumps({"build": {"env": {name: value}}, "framework": "nextjs"}, indent=2),
        "samconfig": (f"version = 0.1\n[prod.deploy.parameters]\nstack_name = \"rozovo-{tool}\"\n"
                      f"parameter_overrides = [\"{name.title().replace('_', '')}={value}\"]"),
        "azure_local_settings": json.dumps({"IsEncrypted": False, "Values": {"AzureWebJobsStorage": "UseDevelopmentStorage=true", name: value}}, indent=2),
        "boto_config": f"[Credentials]\ngs_secret_access_key = {value}\n[GSUtil]\ndefault_project_id = rozovo-{tool}",
        "bunfig": f"[install]\nregistry = {{ url = \"https://npm.{tool}.{HOST}/\", token = \"{value}\" }}",
        "zeabur": json.dumps({"build_command": f"{name}={value} npm run build", "output_dir": "dist"}, indent=2),
        "msmtprc": f"defaults\ntls on\n\naccount {tool}\nhost mail.{tool}.{HOST}\nfrom berba@{HOST}\nuser berba@{HOST}\npassword {value}",
        "muttrc": f"set imap_user = \"rozovo@{HOST}\"\nset imap_pass = \"{value}\"\nset folder = \"imaps://imap.{tool}.{HOST}/\"",
        "offlineimaprc": f"[Repository {tool}]\ntype = IMAP\nremotehost = imap.{tool}.{HOST}\nremoteuser = rozovo\nremotepass = {value}",
        "firebase_runtimeconfig": json.dumps({tool: {"key": value, "region": "europe-west3"}}, indent=2),
        "redis_conf": f"port 6379\nrequirepass {value}\nappendonly yes",
        "telegraf": f"[[outputs.http]]\n  url = \"https://metrics.{tool}.{HOST}/write\"\n  [outputs.http.headers]\n    {title} = \"{value}\"",
        "filebeat": (f"output.logstash:\n  hosts: [\"ls.{tool}.{HOST}:5044\"]\nsetup.kibana:\n  host: \"kibana.{tool}.{HOST}\"\n"
                     f"  username: rozovo\n  password: \"{value}\""),
        "irssi": (f"chatnets = {{\n  {tool} = {{\n    type = \"IRC\";\n    sasl_mechanism = \"PLAIN\";\n    sasl_username = \"rozovo\";\n"
                  f"    sasl_password = \"{value}\";\n  }};\n}};"),
        "odbc_ini": f"[{tool}_dsn]\nDriver = PostgreSQL Unicode\nServername = pg.{tool}.{HOST}\nUsername = rozovo\nPassword = {value}\nDatabase = rosa",
        "rabbitmq_conf": f"default_user = rozovo\ndefault_pass = {value}\nlisteners.tcp.default = 5672",
        "deno_json": json.dumps({"tasks": {"sync": {"description": f"sync {tool}", "command": f"deno run -A sync.ts --{kebab}={value}"}}}, indent=2),
        "pgadmin_servers": json.dumps({"Servers": {"1": {"Name": tool, "Group": "Розово", "Host": f"pg.{tool}.{HOST}", "Port": 5432,
                                                         "MaintenanceDB": "postgres", "Username": "rozovo", "Password": value}}},
                                      indent=2, ensure_ascii=False),
        "nmconnection": f"[connection]\nid={tool}-wifi\ntype=wifi\n\n[wifi]\nssid=Rozovo-{tool}\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={value}",
        "grafana_ini": f"[security]\nadmin_user = admin\nadmin_password = {value}\n[server]\nhttp_port = 3000",
        "wp_config": f"define( 'AUTH_KEY', '{value}' );\ndefine( 'WP_DEBUG', false );",
        "fetchmailrc": f"set daemon 300\npoll imap.{tool}.{HOST} proto IMAP user \"rozovo\" pass \"{value}\" ssl",
        "logstash_conf": (f"output {{\n  elasticsearch {{\n    hosts => [\"https://es.{tool}.{HOST}:9200\"]\n    user => \"logstash_writer\"\n"
                          f"    password => \"{value}\"\n  }}\n}}"),
        "windows_reg": f"Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Rozovo\\{tool}]\n\"{cam}\"=\"{value}\"",
        "alertmanager_yml": (f"receivers:\n  - name: {tool}\n    webhook_configs:\n      - url: https://hooks.{tool}.{HOST}/alerts\n"
                             f"        http_config:\n          authorization:\n            credentials: {value}"),
        "airflow_cfg": f"[webserver]\nsecret_key = {value}\nweb_server_port = 8080",
        "mongod_conf": f"net:\n  port: 27017\n  tls:\n    mode: requireTLS\n    certificateKeyFile: /etc/ssl/mongod.pem\n    certificateKeyFilePassword: \"{value}\"",
        "elasticsearch_yml": f"xpack.security.enabled: true\nxpack.security.http.ssl.keystore.path: http.p12\nxpack.security.http.ssl.keystore.password: \"{value}\"",
        "gitlab_rb": f"external_url 'https://gitlab.{tool}.{HOST}'\ngitlab_rails['initial_root_password'] = \"{value}\"",
        "superset_config": f"SECRET_KEY = \"{value}\"\nSQLALCHEMY_DATABASE_URI = \"postgresql://superset@db/superset\"",
        "prometheus_yml": (f"scrape_configs:\n  - job_name: {tool}\n    authorization:\n      type: Bearer\n      credentials: {value}\n"
                           f"    static_configs:\n      - targets: ['{tool}.{HOST}:9100']"),
        "vector_toml": f"[sinks.{tool}]\ntype = \"http\"\nuri = \"https://ingest.{tool}.{HOST}/v1\"\nauth.strategy = \"bearer\"\nauth.token = \"{value}\"",
        "pgbackrest_conf": f"[global]\nrepo1-cipher-type=aes-256-cbc\nrepo1-cipher-pass={value}\nrepo1-path=/var/lib/pgbackrest",
        "curlrc": f"# ~/.curlrc\noauth2-bearer = \"{value}\"\nsilent",
        "sssd_conf": (f"[domain/rozovo]\nid_provider = ldap\nldap_uri = ldaps://ldap.{tool}.{HOST}\n"
                      f"ldap_default_bind_dn = uid=sssd,ou=services,dc=rozovo,dc=bg\nldap_default_authtok_type = password\nldap_default_authtok = {value}"),
        "kibana_yml": f"server.publicBaseUrl: \"https://kibana.{tool}.{HOST}\"\nxpack.encryptedSavedObjects.encryptionKey: \"{value}\"",
        "ldap_conf": f"# /etc/openldap/ldap.conf\nURI ldaps://ldap.{tool}.{HOST}\nBASE dc=rozovo,dc=bg\n# ldapsearch -D cn=reader,dc=rozovo,dc=bg -w {value}",
        "tfvars": f"{tool}_{low} = \"{value}\"\nregion = \"eu-central-1\"",
        "sentry_conf": f"SENTRY_OPTIONS['system.secret-key'] = '{value}'\nSENTRY_OPTIONS['system.url-prefix'] = 'https://sentry.{tool}.{HOST}'",
        "krb5_conf": (f"[libdefaults]\n    default_realm = ROZOVO.BG\n[realms]\n    ROZOVO.BG = {{\n        kdc = kdc.{tool}.{HOST}\n    }}\n"
                      f"# kinit rozovo-svc: {value}"),
        "smb_conf": f"[global]\n   workgroup = ROZOVO\n   security = ads\n   realm = ROZOVO.BG\n# net ads join -U Administrator%{value}",
        "mosquitto_conf": f"connection {tool}-bridge\naddress mqtt.{tool}.{HOST}:8883\nremote_username rozovo\nremote_password {value}\ntopic sensors/# out 1",
        "keepalived_conf": (f"vrrp_instance VI_{tool.upper()} {{\n    state MASTER\n    interface eth0\n    authentication {{\n"
                            f"        auth_type AH\n        auth_pass {value}\n    }}\n}}"),
        "vault_hcl": (f"seal \"awskms\" {{\n  region     = \"eu-central-1\"\n  access_key = \"rozovo-{tool}\"\n  secret_key = \"{value}\"\n"
                      f"  kms_key_id = \"alias/rozovo-unseal\"\n}}"),
        "influx_configs": f"[{tool}]\n  url = \"https://influx.{tool}.{HOST}\"\n  token = \"{value}\"\n  org = \"rozovo\"\n  active = true",
        "sasl_passwd": f"[smtp.{tool}.{HOST}]:587    berba@{HOST}:{value}",
        "dovecot_conf": f"# /etc/dovecot/dovecot-sql.conf.ext\ndriver = pgsql\nconnect = host=pg.{tool}.{HOST} dbname=mail user=dovecot password={value}",
        "davfs2_secrets": f"https://dav.{tool}.{HOST}/rozovo rozovo \"{value}\"",
        "cifs_credentials": f"username=rozovo\npassword={value}\ndomain=ROZOVO",
        "s3ql_authinfo": f"[{tool}-arhiv]\nstorage-url: s3c://s3.{tool}.{HOST}/rozovo-arhiv\nfs-passphrase: {value}",
        "chap_secrets": f"# client\t\tserver\tsecret\t\t\tIP addresses\n\"rozovo-{tool}\"\t*\t\"{value}\"\t192.0.2.50",
        "openvpn_auth": f"rozovo-{tool}\n{value}",
        "ipsec_secrets": f"%any @{tool}.{HOST} : PSK \"{value}\"",
        "snmpd_conf": f"rouser rozovo-mon priv\ncreateUser rozovo-mon SHA-512 \"{value}\" AES",
        "pap_secrets": f"rozovo-{tool}  *  {value}  *",
        "mosquitto_passwd": f"{tool}-sensor:{value}",
        "zabbix_psk": f"$ cat /etc/zabbix/zabbix_agentd.d/{tool}.psk\n{value}",
        "nslcd_conf": f"uri ldap://ldap.{tool}.{HOST}/\nbase dc=rozovo,dc=bg\nbinddn cn=nslcd,dc=rozovo,dc=bg\nbindpw {value}\nssl start_tls",
        "maven_settings_security": f"<?xml version=\"1.0\"?>\n<settingsSecurity>\n  <master>{value}</master>\n</settingsSecurity>",
        "helm_repositories": f"repositories:\n- name: {tool}-charts\n  url: https://charts.{tool}.{HOST}\n  username: rozovo\n  password: {value}\n  pass_credentials_all: false",
        "ldap_secret": f"# /etc/libnss-ldap.secret ({tool})\n{value}",
        "radius_clients": f"client 192.0.2.0/24 {{\n\tsecret = {value}\n\tshortname = {tool}-nas\n}}",
        "upsd_users": f"[monuser-{tool}]\n\tpassword = {value}\n\tupsmon primary",
        "bacula_dir_conf": f"Client {{\n  Name = {tool}-fd\n  Address = fd.{tool}.{HOST}\n  Password = \"{value}\"\n  Catalog = MyCatalog\n}}",
        "ddclient_conf": f"protocol=cloudflare\nzone={HOST}\nlogin=token\npassword={value}\n{tool}.{HOST}",
        "chrony_keys": f"# /etc/chrony.keys — {tool}\n42 SHA512 {_chrony_key(value)}",
        "pam_radius_conf": f"# server[:port]\tshared_secret\ttimeout\n192.0.2.12:1812\t{value}\t5",
        "nagios_resource_cfg": f"$USER1$=/usr/lib/nagios/plugins\n$USER9$={value}",
        "rndc_key": f"key \"{tool}-rndc\" {{\n\talgorithm hmac-sha512;\n\tsecret \"{value}\";\n}};",
        "exim_passwd_client": f"*.{tool}.{HOST}:rozovo:{value}",
        # Three of the six new contexts mark the secret by the file's layout alone: rsyncd.secrets' user:password, a
        # hostapd.wpa_psk's MAC address and passphrase, Home Assistant's label: value; Sendmail's P: and the key chain's
        # key-string are the only words beside the other two.
        "rsyncd_secrets": f"# /etc/rsyncd.secrets ({tool})\nrozovo-{tool}:{value}",
        "hostapd_wpa_psk": f"# /etc/hostapd/hostapd.wpa_psk ({tool})\n00:00:00:00:00:00 {value}",
        "sendmail_authinfo": f"AuthInfo:smtp.{tool}.{HOST} \"U:rozovo\" \"I:rozovo\" \"P:{value}\" \"M:LOGIN PLAIN\"",
        "ceph_keyring": f"[client.{tool}]\n\tkey = {value}\n\tcaps mon = \"allow r\"\n\tcaps osd = \"profile rbd pool={tool}\"",
        "homeassistant_secrets": f"# /config/secrets.yaml\n{tool}_dostap: \"{value}\"\nhome_elevation: 371",
        "frr_conf": (f"key chain {tool}\n key 1\n  key-string {value}\n!\ninterface eth1\n ip rip authentication mode md5\n"
                     f" ip rip authentication key-chain {tool}"),
    }
    return texts[context], [value]


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(8, DG), "iat": 1810600000 + R.randrange(86400)}, "HS256")


def _groups(count: int, size: int, alphabet: str = UP) -> str:
    return "-".join(r(size, alphabet) for _ in range(count))


# Every format is the writer's knowledge of the vendor (no public material was found for these vendors): lengths,
# alphabets and prefixes are the writer's, and every value is drawn here.
SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("unicreditbulbank/client-secret", "BULBANK_CLIENT_SECRET", "bulbank", lambda: r(40, U64), "a UniCredit Bulbank PSD2 API client secret (40 letters, digits, _ and -)"),
    ("dskbank/api-key", "DSK_API_KEY", "dskbank", lambda: "dsk_live_" + r(32, LO), "a DSK Bank merchant API key (dsk_live_ and 32 lower-case letters and digits)"),
    ("postbankbg/api-token", "POSTBANK_API_TOKEN", "postbank", lambda: r(64, HX), "a Postbank (Eurobank Bulgaria) corporate API token (64 hex digits)"),
    ("fibank/api-key", "FIBANK_API_KEY", "fibank", lambda: _groups(5, 4), "a Fibank (First Investment Bank) e-banking API key (five groups of four upper-case letters and digits joined by -)"),
    ("ubbbg/client-secret", "UBB_CLIENT_SECRET", "ubb", DRAW.uuid4, "a UBB (United Bulgarian Bank) open banking client secret (a version-4 UUID; only the name beside it marks it)"),
    ("ccbank/api-secret", "CCB_API_SECRET", "ccb", lambda: r(44, B64), "a Central Cooperative Bank API secret (44 base64 characters)"),
    ("bnb/api-key", "BNB_API_KEY", "bnb", lambda: r(32, LO), "a Bulgarian National Bank statistics API key (32 lower-case letters and digits)"),
    ("bsesofia/api-key", "BSE_API_KEY", "bse", lambda: r(24, HX), "a Bulgarian Stock Exchange market data API key (24 hex digits)"),
    ("borica/api-key", "BORICA_API_KEY", "borica", lambda: "BRC" + r(29, UP), "a BORICA card payments API key (BRC and 29 upper-case letters and digits)"),
    ("epaybg/merchant-secret", "EPAY_SECRET", "epay", lambda: r(64, UP), "an ePay.bg merchant secret word (64 upper-case letters and digits)"),
    ("icard/api-secret", "ICARD_API_SECRET", "icard", lambda: r(48, AL), "an iCard business API secret (48 letters and digits)"),
    ("paynetics/client-secret", "PAYNETICS_CLIENT_SECRET", "paynetics", lambda: "pn_sk_" + r(40, AL), "a Paynetics API client secret (pn_sk_ and 40 letters and digits)"),
    ("payhawk/api-key", "PAYHAWK_API_KEY", "payhawk", lambda: r(40, HX), "a Payhawk expenses API key (40 hex digits)"),
    ("bulstrad/api-key", "BULSTRAD_API_KEY", "bulstrad", lambda: r(36, UP), "a Bulstrad insurer broker API key (36 upper-case letters and digits)"),
    ("dzi/api-token", "DZI_API_TOKEN", "dzi", lambda: _jwt("dzi.bg"), "a DZI insurance partner portal token (an HS256 JWT)"),
    ("nzok/api-key", "NZOK_API_KEY", "nzok", lambda: r(32, HX), "an NZOK (National Health Insurance Fund) provider API key (32 hex digits)"),
    ("noibg/api-key", "NOI_API_KEY", "noi", lambda: r(40, LO), "an NOI (National Social Security Institute) employer API key (40 lower-case letters and digits)"),
    ("napbg/api-token", "NAP_API_TOKEN", "nap", lambda: "nap_" + r(48, U64), "an NAP (National Revenue Agency) e-services token (nap_ and 48 letters, digits, _ and -)"),
    ("a1bulgaria/api-key", "A1_API_KEY", "a1bg", lambda: r(32, AL), "an A1 Bulgaria business SMS API key (32 letters and digits)"),
    ("yettelbg/client-secret", "YETTEL_CLIENT_SECRET", "yettel", lambda: r(48, U64), "a Yettel Bulgaria partner API client secret (48 letters, digits, _ and -)"),
    ("vivacom/api-token", "VIVACOM_API_TOKEN", "vivacom", lambda: "vvc-" + r(36, LO), "a Vivacom business API token (vvc- and 36 lower-case letters and digits)"),
    ("btvmedia/api-key", "BTV_API_KEY", "btv", lambda: r(32, HX), "a bTV Media Group video API key (32 hex digits)"),
    ("novabg/api-key", "NOVA_API_KEY", "nova", lambda: r(28, AL), "a Nova Broadcasting Group content API key (28 letters and digits)"),
    ("bnt/api-key", "BNT_API_KEY", "bnt", lambda: r(32, UP), "a BNT (Bulgarian National Television) archive API key (32 upper-case letters and digits)"),
    ("dnevnikbg/api-key", "DNEVNIK_API_KEY", "dnevnik", lambda: r(40, LO), "a Dnevnik.bg news syndication API key (40 lower-case letters and digits)"),
    ("mediapoolbg/api-key", "MEDIAPOOL_API_KEY", "mediapool", lambda: r(24, AL), "a Mediapool.bg feed API key (24 letters and digits)"),
    ("abvbg/app-password", "ABV_APP_PASSWORD", "abv", lambda: r(16, LOWER), "an abv.bg mail app password (16 lower-case letters)"),
    ("dirbg/api-token", "DIRBG_API_TOKEN", "dirbg", lambda: r(40, HX), "a Dir.bg portal API token (40 hex digits)"),
    ("telerik/license-key", "TELERIK_LICENSE_KEY", "telerik", lambda: _jwt("telerik.com"), "a Progress Telerik license key (an HS256 JWT)"),
    ("chaosgroup/license-token", "CHAOS_LICENSE_TOKEN", "chaos", lambda: r(64, HX), "a Chaos (V-Ray) license server token (64 hex digits)"),
    ("siteground/api-token", "SITEGROUND_API_TOKEN", "siteground", lambda: r(40, AL), "a SiteGround hosting API token (40 letters and digits)"),
    ("shelly/cloud-auth-key", "SHELLY_AUTH_KEY", "shelly", lambda: r(116, B64), "a Shelly Cloud authorization key (116 base64 characters)"),
    ("gtmhub/api-token", "GTMHUB_API_TOKEN", "gtmhub", lambda: "gtm_" + r(40, AL), "a Gtmhub (Quantive) OKR API token (gtm_ and 40 letters and digits)"),
    ("superhostingbg/api-key", "SUPERHOSTING_API_KEY", "superhosting", lambda: r(32, LO), "a SuperHosting.BG API key (32 lower-case letters and digits)"),
    ("imperiaonline/api-key", "IMPERIA_API_KEY", "imperia", lambda: r(36, AL), "an Imperia Online game partner API key (36 letters and digits)"),
    ("ontotext/api-key", "GRAPHDB_API_KEY", "ontotext", lambda: "gdb." + r(48, AL), "an Ontotext GraphDB cloud API key (gdb. and 48 letters and digits)"),
    ("ozonebg/api-key", "OZONE_API_KEY", "ozone", lambda: r(32, HX), "an Ozone.bg marketplace API key (32 hex digits)"),
    ("technopolisbg/api-key", "TECHNOPOLIS_API_KEY", "technopolis", lambda: r(36, UP), "a Technopolis supplier API key (36 upper-case letters and digits)"),
    ("econt/api-password", "ECONT_API_PASSWORD", "econt", lambda: r(20, AL), "an Econt Express shipping API password (20 letters and digits)"),
    ("speedybg/api-password", "SPEEDY_PASSWORD", "speedy", lambda: r(10, DG), "a Speedy courier API password (10 digits; only the name beside it marks it)"),
    ("bgpost/api-key", "BGPOST_API_KEY", "bgpost", lambda: r(32, AL), "a Bulgarian Posts parcel API key (32 letters and digits)"),
    ("bazarbg/api-key", "BAZAR_API_KEY", "bazar", lambda: r(28, LO), "a Bazar.bg classifieds API key (28 lower-case letters and digits)"),
    ("imotbg/api-key", "IMOT_API_KEY", "imot", lambda: r(32, HX), "an imot.bg listings import API key (32 hex digits)"),
    ("mobilebg/api-key", "MOBILEBG_API_KEY", "mobilebg", lambda: r(40, AL), "a mobile.bg car listings API key (40 letters and digits)"),
    ("jobsbg/api-token", "JOBSBG_API_TOKEN", "jobsbg", lambda: "jb_" + r(40, LO), "a jobs.bg job posting API token (jb_ and 40 lower-case letters and digits)"),
    ("zagorka/api-key", "ZAGORKA_API_KEY", "zagorka", lambda: r(32, UP), "a Zagorka brewery trade API key (32 upper-case letters and digits)"),
    ("kamenitza/api-key", "KAMENITZA_API_KEY", "kamenitza", lambda: r(36, AL), "a Kamenitza brewery distributor API key (36 letters and digits)"),
    ("devinbg/api-token", "DEVIN_API_TOKEN", "devin", lambda: r(40, HX), "a Devin mineral water orders API token (40 hex digits)"),
    ("fantastico/api-key", "FANTASTICO_API_KEY", "fantastico", lambda: r(32, LO), "a Fantastico supermarkets supplier API key (32 lower-case letters and digits)"),
    ("bulgargaz/api-key", "BULGARGAZ_API_KEY", "bulgargaz", lambda: r(32, AL), "a Bulgargaz customer API key (32 letters and digits)"),
    ("nekbg/api-token", "NEK_API_TOKEN", "nek", lambda: r(64, HX), "an NEK (National Electricity Company) trading API token (64 hex digits)"),
    ("toplofikaciasofia/api-key", "TOPLO_API_KEY", "toplo", lambda: r(32, UP), "a Toplofikatsia Sofia district heating API key (32 upper-case letters and digits)"),
    ("energopro/client-secret", "ENERGOPRO_CLIENT_SECRET", "energopro", lambda: r(48, U64), "an Energo-Pro customer portal client secret (48 letters, digits, _ and -)"),
    ("evnbg/api-key", "EVN_API_KEY", "evn", lambda: r(32, HX), "an EVN Bulgaria metering API key (32 hex digits)"),
    ("electrohold/api-key", "ELECTROHOLD_API_KEY", "electrohold", lambda: "eh-" + r(36, AL), "an Electrohold electricity supply API key (eh- and 36 letters and digits)"),
    ("sofiyskavoda/api-key", "SOFVODA_API_KEY", "sofvoda", lambda: r(32, LO), "a Sofiyska voda water meter API key (32 lower-case letters and digits)"),
    ("ibexbg/api-key", "IBEX_API_KEY", "ibex", lambda: r(40, AL), "an IBEX (Independent Bulgarian Energy Exchange) data API key (40 letters and digits)"),
    ("bdz/api-key", "BDZ_API_KEY", "bdz", lambda: r(36, UP), "a BDZ (Bulgarian State Railways) ticketing API key (36 upper-case letters and digits)"),
    ("sofiaairport/api-key", "SOF_API_KEY", "sofairport", lambda: r(32, HX), "a Sofia Airport flight information API key (32 hex digits)"),
    ("sofiatraffic/api-key", "SOFIATRAFFIC_API_KEY", "sofiatraffic", lambda: r(32, AL), "a Sofia Urban Mobility Center (sofiatraffic) real-time API key (32 letters and digits)"),
    ("bulgariaair/api-secret", "BULGARIAAIR_API_SECRET", "bulgariaair", lambda: r(44, B64), "a Bulgaria Air corporate booking API secret (44 base64 characters)"),
    ("egovbg/api-token", "EGOV_API_TOKEN", "egov", lambda: _jwt("egov.bg"), "an egov.bg e-services integration token (an HS256 JWT)"),
    ("registryagencybg/api-key", "BRRA_API_KEY", "brra", lambda: r(32, LO), "a Registry Agency (commercial register) API key (32 lower-case letters and digits)"),
    ("unisofia/api-key", "SU_API_KEY", "unisofia", lambda: r(36, AL), "a Sofia University student records API key (36 letters and digits)"),
]
BULGARIAN = [("ndk/api-key", "a National Palace of Culture (NDK) events API key (32 hex digits)"),
             ("sofiaopera/portal-password", "a Sofia Opera and Ballet box office portal password (20 letters and digits)"),
             ("pfclevski/api-token", "a PFC Levski Sofia stadium ticket scanner token (an HS256 JWT)"),
             ("banskoski/api-secret", "a Bansko ski area lift pass API secret (40 letters and digits)")]


def bulgarian_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in a Bulgarian chat line with no setting name (format, context, text, secrets, what)."""
    lent, box_office = r(32, HX), r(20)
    scanners = jwt(DRAW, {"vhod": R.randrange(1, 12), "exp": 1811300000})
    lifts = r(40)
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = BULGARIAN
    return [
        (f1, "prose", f"Гери, докато съм в отпуска, ползвай моя: {lent}. Като се върна, ще ти извадят собствен, така че не го давай на никого.", [lent], w1),
        (f2, "prose", f"За касата на операта: {box_office}\nАко не става, звънни ми след седем.", [box_office], w2),
        (f3, "prose", f"Ники, това е за скенерите на входа на стадиона: {scanners} — изтича след мача в неделя.", [scanners], w3),
        (f4, "prose", f"Сложих {lifts} в касата на лифта, старият вече връща 401.", [lifts], w4),
    ]


def _mod11(digits: list[int], weights: range | tuple, again: range | tuple) -> int:
    """The check digit both BULSTAT lengths use: the weighted sum mod 11, or with the second weights where that is 10,
    and 0 where it is 10 again."""
    check = sum(w * d for w, d in zip(weights, digits)) % 11
    return sum(w * d for w, d in zip(again, digits)) % 11 % 10 if check == 10 else check


def _eik() -> str:
    """A Bulgarian company id (EIK, BULSTAT): eight drawn digits and their check digit (weights 1 to 8, then 3 to 10)."""
    digits = r(8, DG)
    return digits + str(_mod11([int(d) for d in digits], range(1, 9), range(3, 11)))


def _bulstat_branch() -> str:
    """A branch's 13-digit BULSTAT: its company's EIK, three drawn digits and a check digit over digits 9 to 12
    (weights 2, 7, 3, 5, then 4, 9, 5, 7)."""
    head = _eik() + r(3, DG)
    return head + str(_mod11([int(d) for d in head[8:12]], (2, 7, 3, 5), (4, 9, 5, 7)))


def _iban() -> str:
    """A Bulgarian IBAN: BG, two check digits (98 minus the ISO 7064 mod 97 of the rest), a bank's BIC letters, a branch,
    an account type and an eight-character account."""
    bban = R.choice(("UNCR", "STSA", "FINV", "UBBS", "BPBI", "CECB")) + r(4, DG) + R.choice(("10", "15")) + r(8, DG)
    number = int("".join(str(int(c, 36)) for c in bban + "BG00"))
    return f"BG{98 - number % 97:02d}{bban}"


# Ordinary values that only name where a secret is kept: each may stand where the secret would, even in a
# password's slot. (shape family, NAME, value from the service name, why)
REFERENCES = [
    ("gpg-batch-decrypt", "SMTP_PASSWORD", lambda t: f"$(gpg --quiet --batch --decrypt /etc/rozovo/tajni/{t}.gpg)", "a gpg decryption naming an encrypted file"),
    ("keeper-ksm-notation", "API_KEY", lambda t: f"$(ksm secret notation keeper://{r(22, U64)}/field/password)", "a Keeper Secrets Manager notation naming a record uid and a field"),
    ("chef-vault-item", "WEBHOOK_SECRET", lambda t: f"<%= chef_vault_item('rozovo', '{t}')['webhook_secret'] %>", "a chef-vault item naming a vault, an item and a key"),
    ("salt-pillar-get", "CLIENT_SECRET", lambda t: f"{{{{ salt['pillar.get']('rozovo:{t}:client_secret') }}}}", "a Salt pillar lookup naming a key path"),
    ("argocd-vault-plugin-path", "ADMIN_PASSWORD", lambda t: f"<path:kv/data/rozovo/{t}#admin_password>", "an Argo CD Vault Plugin placeholder naming a path and a key"),
    ("lambda-secrets-extension-get", "ACCESS_TOKEN", lambda t: f"$(curl -s -H \"X-Aws-Parameters-Secrets-Token: $AWS_SESSION_TOKEN\" \"http://localhost:2773/secretsmanager/get?secretId=rozovo/{t}\" | jq -r .SecretString)", "an AWS Lambda secrets extension lookup naming a secret id"),
    ("yc-lockbox-payload-get", "DB_PASS", lambda t: f"$(yc lockbox payload get --name rozovo-{t} --key db_pass)", "a Yandex Lockbox lookup naming a secret and a key"),
    ("openssl-enc-decrypt", "ENCRYPTION_KEY", lambda t: f"$(openssl enc -d -aes-256-cbc -pbkdf2 -in /etc/rozovo/tajni/{t}.enc -pass file:/etc/rozovo/master.pass)", "an openssl decryption naming an encrypted file and a pass file"),
    ("git-secret-cat", "SIGNING_SECRET", lambda t: f"$(git secret cat secrets/{t}.signing.txt)", "a git-secret decryption naming a file"),
    ("scw-secret-access-by-path", "REGISTRY_TOKEN", lambda t: f"$(scw secret version access-by-path secret-path=/rozovo secret-name={t}-registry-token revision=latest field=token)", "a Scaleway Secret Manager lookup naming a path and a secret"),
]
# Public ids: each stands only beside a name that says what it is.
PUBLIC = [
    ("bg-eik", "EIK", lambda t: _eik(), "a Bulgarian company id (EIK) with its check digit, public in the commercial register"),
    ("bg-vat-id", "DDS_NOMER", lambda t: "BG" + _eik(), "a Bulgarian VAT id (BG and the EIK), public"),
    ("bg-bulstat-branch", "BULSTAT_KLON", lambda t: _bulstat_branch(), "a branch's 13-digit BULSTAT with its check digit, public"),
    ("bg-iban", "IBAN", lambda t: _iban(), "a company's IBAN with its check digits, printed on its invoices"),
    ("bg-cadastral-id", "KADASTRALEN_ID", lambda t: f"35167.{R.randrange(500, 512)}.{R.randrange(1, 2400)}.{R.randrange(1, 6)}", "a cadastral identifier of a building in Kazanlak, public in the cadastral map"),
    ("bg-unique-sale-number", "UNP", lambda t: f"{R.choice(('DT', 'ZK', 'DY', 'IN'))}{r(6, DG)}-{r(4, DG)}-{r(7, DG)}", "a fiscal receipt's unique sale number (fiscal device, operator, sequence), printed on the receipt"),
]
SERVICES = ("maslo", "berba", "kazan", "polya", "cvetove", "fakturi", "sklad", "magazin")
# Contexts whose ordinary text is written out below; every other context takes a drawn reference or public id.
WRITTEN_CONTEXTS = ("prose", "pem", "wrapped", "docker_config", "dockercfg", "s3cfg", "k8s_secret",
                    "rsyncd_secrets", "hostapd_wpa_psk", "sendmail_authinfo", "ceph_keyring", "homeassistant_secrets", "frr_conf")


def _pkcs7_signed_data() -> str:
    """A signature under the legacy PKCS #7 SIGNED DATA label: a DER SEQUENCE with the signedData OID, then drawn bytes."""
    der = bytes((0x30, 0x82, 0x03, 0x1C, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02))
    body = "\n".join(chunks(base64.b64encode(der + bytes(R.randrange(256) for _ in range(785))).decode()))
    return f"-----BEGIN PKCS #7 SIGNED DATA-----\n{body}\n-----END PKCS #7 SIGNED DATA-----"


ORDINARY_TEXTS = [  # (shape, context, text or a draw of it, why it is ordinary)
    ("prose/rozovo-rose-harvest-notice-bg", "prose", "Уважаеми членове на кооперацията, розоберът започва на 18 май. Изкупвателният пункт в Казанлък работи всеки ден от 5:30 до 11:00; розов цвят се приема само в чисти чували, претеглен пред изкупвача.", "a notice to the co-operative's members"),
    ("pem/rozovo-pkcs7-signed-data-legacy-label", "pem", _pkcs7_signed_data, "a signature under a legacy armour label, public"),
    ("wrapped/rozovo-distillation-record-cri-partial", "wrapped", "2027-05-18T05:40:02.551907114+03:00 stdout P kazan-3: партида {\"id\":\"R-2027-118\",\"roza_kg\":3120,\n2027-05-18T05:40:02.551907114+03:00 stdout F \"maslo_g\":940,\"temp_c\":98.6}", "a distillation record the runtime split in two"),
    ("dockerconfig/rozovo-secret-format-only", "docker_config", json.dumps({"auths": {}, "secretFormat": "table {{.ID}}\t{{.Name}}\t{{.CreatedAt}}", "configFormat": "table {{.ID}}\t{{.Name}}", "currentContext": "kazan-swarm"}, indent=2), "output formats for secrets and configs, no credential"),
    ("dockercfg/rozovo-registry-and-email-listed", "dockercfg", "$ jq -r 'to_entries[] | \"\\(.key) \\(.value.email)\"' ~/.dockercfg\nhttps://cr.rozovo.example.bg it@example.bg", "a legacy file's registries and e-mail, no credential"),
    ("s3cfg/rozovo-put-upload", "s3cfg", "$ s3cmd put --encrypt berba-2027-05-18.csv s3://rozovo-arhiv/berba/\nupload: 'berba-2027-05-18.csv' -> 's3://rozovo-arhiv/berba/berba-2027-05-18.csv'  [1 of 1]\n 48213 of 48213   100% in    0s   612.44 KB/s  done", "an upload, no key"),
    ("k8s/rozovo-can-i-get-secrets", "k8s_secret", "$ kubectl auth can-i get secrets --namespace rozovo --as system:serviceaccount:rozovo:sync\nno\n$ kubectl auth can-i list secrets --namespace rozovo --as system:serviceaccount:rozovo:ops\nyes", "a permission check that names secrets, no value"),
    ("rsyncd/rozovo-module-naming-secrets-file", "rsyncd_secrets", "# /etc/rsyncd.conf\n[arhiv]\n    path = /srv/arhiv\n    read only = false\n    auth users = rozovo-arhiv\n    secrets file = /etc/rsyncd.secrets\n    hosts allow = 192.0.2.0/24\n$ rsync --password-file=/root/.rsync.pass -a /srv/berba/ rsync://rozovo-arhiv@nas.example.bg/arhiv/", "a module and a client naming their files, no password"),
    ("hostapd/rozovo-conf-naming-psk-file", "hostapd_wpa_psk", "# /etc/hostapd/hostapd.conf\ninterface=wlan0\nssid=Rozovo-Kazan\nbssid=02:1a:7d:3c:90:e4\nwpa=2\nwpa_key_mgmt=WPA-PSK\nrsn_pairwise=CCMP\nwpa_psk_file=/etc/hostapd/hostapd.wpa_psk", "a network naming its passphrase file, no passphrase"),
    ("sendmail/rozovo-mc-feature-and-makemap", "sendmail_authinfo", "dnl /etc/mail/sendmail.mc\ndefine(`SMART_HOST', `[smtp.example.bg]')dnl\ndefine(`confAUTH_MECHANISMS', `LOGIN PLAIN')dnl\nFEATURE(`authinfo', `hash -o /etc/mail/authinfo.db')dnl\n# makemap hash /etc/mail/authinfo < /etc/mail/authinfo", "a smart host and the authinfo map named, no password"),
    ("ceph/rozovo-conf-fsid-and-keyring-path", "ceph_keyring", lambda: f"# /etc/ceph/ceph.conf\n[global]\n\tfsid = {DRAW.uuid4()}\n\tmon_host = [v2:192.0.2.21:3300/0,v1:192.0.2.21:6789/0]\n[client.rozovo]\n\tkeyring = /etc/ceph/ceph.client.rozovo.keyring", "a cluster id and a keyring's path, no key"),
    ("homeassistant/rozovo-configuration-secret-tags", "homeassistant_secrets", "# /config/configuration.yaml\nhomeassistant:\n  name: Дестилерия\n  elevation: !secret home_elevation\nsensor:\n  - platform: rest\n    resource: https://api.rozovo.example.bg/v2/kazan/3\n    headers:\n      Authorization: !secret rozovo_api_bearer", "a configuration naming its secrets by tag, no value"),
    ("frr/rozovo-show-ip-rip-status", "frr_conf", "kazan-1# show ip rip status\nRouting Protocol is \"rip\"\n  Sending updates every 30 seconds with +/-50%, next due in 12 seconds\n  Default version control: send version 2, receive version 2\n    Interface        Send  Recv   Key-chain\n    eth1             2     2      rozovo\n  Routing for Networks:\n    192.0.2.0/24", "a key chain named, no key"),
]


def _ordinary() -> list[tuple]:
    """The written texts, then a reference or a public id for every other context."""
    drawn = drawn_ordinary((c for c in CONTEXTS if c not in WRITTEN_CONTEXTS), place, REFERENCES, PUBLIC, SERVICES)
    return written_rows(ORDINARY_TEXTS) + drawn


def build() -> list[dict]:
    return build_part(DRAWN, placed_again(SECRETS, CONTEXTS), place, bulgarian_prose, _ordinary())


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh34.jsonl"))
