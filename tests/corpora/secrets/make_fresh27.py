"""Writes the twenty-seventh fresh held-out part of the secrets corpus, fresh27.jsonl (held-out material:
whoever tunes a redactor does not read this file). Every value is drawn from a fixed seed, so the
file is reproducible; each item's note says how its format is known. Six contexts are new with this
part (a Vector `vector.toml`, a `pgbackrest.conf`, a `.curlrc`, an `sssd.conf`, a `kibana.yml`, an
`ldap.conf`); secrets in prose are in Icelandic. No vendor and no ordinary shape of this part is in
another part.

    python tests/corpora/secrets/make_fresh27.py [OUT]   # default: fresh27.jsonl beside this file
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from fresh_kit import AL, DG, HX, LO, U64, UP, Seeded, build_part, camel, in_turn, jwt, url_quoted, write

SEED = 20261227
DRAW = Seeded(SEED)
R = DRAW.random
r, u4 = DRAW.text, DRAW.uuid4
DRAWN = f"value drawn by make_fresh27.py (seed {SEED})"
HOST = "example.is"

# Every context of the corpus up to fresh26, then the six this part adds; secrets take them in turn, so each has one.
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
            "vector_toml", "pgbackrest_conf", "curlrc", "sssd_conf", "kibana_yml", "ldap_conf")


def _wrapped(name: str, value: str, tool: str) -> tuple[str, list[str]]:
    cut = len(value) // 3 + 2
    head, tail = value[:cut], value[cut:]
    text = (f"des 27 06:40:12 laug-vefur-1 {tool}-hook[7731]: config {name}={head}\\\n"
            f"des 27 06:40:12 laug-vefur-1 {tool}-hook[7731]:   {tail} (línan heldur áfram)")
    return text, [head, tail]


def place(context: str, name: str, value: str, tool: str) -> tuple[str, list[str]]:
    """The value as it sits in a context, and the substrings that must go."""
    if context == "wrapped":
        return _wrapped(name, value, tool)
    if context == "pem":
        body = base64.b64encode(f"{name}={value};veita={tool}".encode()).decode()
        return f"-----BEGIN {tool.upper()} CREDENTIAL-----\n{body}\n-----END {tool.upper()} CREDENTIAL-----", [body]
    if context == "docker_config":
        encoded = base64.b64encode(f"sundlaug:{value}".encode()).decode()
        return json.dumps({"auths": {f"cr.{tool}.{HOST}": {"auth": encoded, "email": f"ops@{HOST}"}}}, indent=2), [encoded]
    if context == "dockercfg":
        encoded = base64.b64encode(f"sundlaug:{value}".encode()).decode()
        return json.dumps({f"https://cr.{tool}.{HOST}": {"auth": encoded, "email": f"it@{HOST}"}}, indent=2), [encoded]
    if context == "k8s_secret":
        encoded = base64.b64encode(value.encode()).decode()
        return (f"kind: Secret\napiVersion: v1\ntype: Opaque\nmetadata:\n  name: {tool}-adgangur\ndata:\n"
                f"  {name}: {encoded}"), [encoded]
    if context == "s3cfg":
        key_id = r(20, UP)
        return f"[laug]\naccess_key = {key_id}\nsecret_key = {value}\nhost_bucket = %(bucket)s.s3.{tool}.{HOST}", [key_id, value]
    quoted = url_quoted(value)
    if context in ("url", "connection_string", "git_credentials", "pip_conf", "condarc", "lftprc"):
        texts = {
            "url": f"https://hooks.{tool}.{HOST}/v1/eining/17?{name.lower()}={quoted}&tungumal=is",
            "connection_string": f"Server=sql.{tool}.{HOST};Database=gestir;User Id=laug_app;Password={quoted};Encrypt=true",
            "git_credentials": f"https://laug-ci:{quoted}@kodi.{tool}.{HOST}/gestir.git",
            "pip_conf": f"[global]\nextra-index-url = https://laug:{quoted}@pakkar.{tool}.{HOST}/simple\ntimeout = 30",
            "condarc": f"channels:\n  - conda-forge\n  - https://conda.{tool}.{HOST}/t/{quoted}/laug",
            "lftprc": f"set sftp:auto-confirm yes\nopen sftp://laug:{quoted}@filer.{tool}.{HOST}",
        }
        return texts[context], [quoted]
    low, kebab, cam, title = name.lower(), name.lower().replace("_", "-"), camel(name), "X-" + name.replace("_", "-").title()
    texts = {
        "env": f"# {tool}\nAPP_ENV=prod\n{name}={value}\nLOG_LEVEL=warn",
        "json": json.dumps({"tengingar": [{"heiti": tool, "virkt": True, cam: value}]}, indent=2),
        "escaped_json": json.dumps({"event": "integration.saved", "payload": json.dumps({"vendor": tool, low: value, "ok": True})}),
        "cli_flag": f"$ laug integration set {tool} --{kebab} '{value}' --region is-west",
        "prose": f"Hæ Sigga, ég var að stofna nýjan aðgang hjá {tool}, lykillinn er {value} — við þurfum að færa hann í hvelfinguna fyrir föstudag.",
        "tool_output": f"$ {tool}-cli whoami\nreikningur: laug-gestir\n{kebab}:  {value}\nrennur út:  aldrei",
        "diff": f"--- a/settings/{tool}.env\n+++ b/settings/{tool}.env\n@@ -3 +3 @@\n-{name}=\n+{name}={value}",
        "bytes_literal": f"self.key = bytes.fromhex('00') + b'{value}'",
        "yaml": f"{tool}:\n  enabled: true\n  {low}: '{value}'\n  timeout_s: 10",
        "csv": f"\"kerfi\";\"lykill\";\"gildi\"\n\"{tool}\";\"{name}\";\"{value}\"",
        "header": f"POST /v1/heimsoknir HTTP/2\nhost: api.{tool}.{HOST}\n{title.lower()}: {value}\ncontent-type: application/json",
        "log": f"2026-12-24 07:44:51,903 DEBUG [{tool}] request signed with {low}='{value}'",
        "code": f"const {cam} = process.env.{name} ?? '{value}';\nexport const {tool}Client = new Client({{ {cam} }});",
        "ini": f"; {tool}\n[{tool}]\n{low}={value}\nverify_ssl=1",
        "xml": f"<integration name=\"{tool}\">\n  <{cam}>{value}</{cam}>\n</integration>",
        "dockerfile": f"FROM node:22-alpine\nARG {name}={value}\nRUN npm ci --omit=dev",
        "netrc": f"machine dl.{tool}.{HOST}\n  login laug\n  password {value}",
        "toml": f"[integration.{tool}]\n{cam} = '{value}'\nregion = \"is\"",
        "shell_history": f"laug deploy --dry-run\n{name}=\"{value}\" laug sync {tool}\ngit status",
        "notebook": json.dumps({"cell_type": "code", "metadata": {}, "source": [f"import {tool}\n", f"{tool}.auth(\"{value}\")"]}),
        "hcl": f"variable \"{low}\" {{\n  type    = string\n  default = \"{value}\"\n}}",
        "properties": f"# {tool}\n{tool}.{cam}={value}",
        "powershell": f"PS /home/laug> $env:{name} = \"{value}\"\nPS /home/laug> laug sync {tool}",
        "systemd": f"$ systemctl show laug-{tool} -p Environment\nEnvironment={name}={value} TZ=Atlantic/Reykjavik",
        "har": json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": f"https://api.{tool}.{HOST}/opnun",
                                                                             "headers": [{"name": "Authorization", "value": f"Bearer {value}"}]}}]}}),
        "curl_trace": f"> GET /opnun HTTP/2\n> Host: api.{tool}.{HOST}\n> authorization: Bearer {value}\n>\n< HTTP/2 200",
        "crash_report": f"Traceback (most recent call last):\n  File \"laug/{tool}.py\", line 31, in connect\n{tool}.AuthError: rejected {low}='{value}'",
        "web_storage": json.dumps({"localStorage": {f"laug:{tool}:{cam}": value, "laug:tungumal": "is"}}),
        "plist": f"<plist version=\"1.0\">\n<dict>\n\t<key>{name}</key>\n\t<string>{value}</string>\n</dict>\n</plist>",
        "tfstate": json.dumps({"version": 4, "outputs": {f"{tool}_{low}": {"value": value, "type": "string", "sensitive": True}}}),
        "mobile_config": f"# android/key.properties\n{cam}={value}\nstoreFile=upload.jks",
        "sql_dump": f"UPDATE integration SET {low} = '{value}' WHERE vendor = '{tool}';",
        "email": f"To: ops@{HOST}\nSubject: Aðgangur: {tool}\n\nHér er {low} fyrir framleiðslu: {value}\n\nKveðja, Sigga",
        "nginx": f"location /{tool}/ {{\n    proxy_pass https://api.{tool}.{HOST}/;\n    proxy_set_header Authorization \"Bearer {value}\";\n}}",
        "markdown": f"## {tool}\n\n- umhverfi: prod\n- {low}: `{value}`",
        "postman": json.dumps({"info": {"name": f"{tool} laug"}, "auth": {"type": "bearer", "bearer": [{"key": "token", "value": value}]}}),
        "jenkinsfile": f"withEnv([\"{name}={value}\"]) {{\n    sh 'laug sync {tool}'\n}}",
        "compose": f"services:\n  {tool}-sync:\n    image: laug/sync:2\n    environment:\n      {name}: '{value}'",
        "gradle": f"# gradle.properties\n{tool}{name.title().replace('_', '')}={value}\norg.gradle.jvmargs=-Xmx2g",
        "chat_export": json.dumps([{"user": "sigga", "ts": "1798110000.000300", "text": f"nýr {kebab} fyrir {tool}: {value}"}]),
        "ansible": f"{tool}_{low}: \"{value}\"\n{tool}_endpoint: https://api.{tool}.{HOST}",
        "kubeconfig": f"users:\n- name: laug-{tool}\n  user:\n    exec: null\n    token: \"{value}\"",
        "hocon": f"{tool} {{\n  {cam} = \"{value}\"\n  timeout = 10s\n}}",
        "nix": f"services.laug.{tool} = {{\n  enable = true;\n  {cam} = \"{value}\";\n}};",
        "caddyfile": f"api.laug.{HOST} {{\n  reverse_proxy https://api.{tool}.{HOST} {{\n    header_up Authorization \"Bearer {value}\"\n  }}\n}}",
        "gitconfig": f"[http \"https://kodi.{tool}.{HOST}/\"]\n\textraHeader = Authorization: Bearer {value}",
        "makefile": f"{name} ?= {value}\n\nsync:\n\tlaug sync {tool} --key $({name})",
        "npmrc": f"@{tool}:registry=https://npm.{tool}.{HOST}/\n//npm.{tool}.{HOST}/:_authToken={value}",
        "pgpass": f"# host:port:database:user:password\npg.{tool}.{HOST}:6432:gestir:laug:{value}",
        "crontab": f"SHELL=/bin/bash\n0 5 * * * {name}='{value}' /opt/laug/bin/saekja-opnun {tool}",
        "http_file": f"@key = {value}\nGET https://api.{tool}.{HOST}/opnun\nAuthorization: Bearer {{{{key}}}}",
        "haproxy": f"frontend laug\n    http-request set-header Authorization \"Bearer {value}\" if {{ path_beg /{tool} }}",
        "sbt": f"ThisBuild / credentials += Credentials(\"{tool}\", \"maven.{tool}.{HOST}\", \"laug\", \"{value}\")",
        "pypirc": f"[distutils]\nindex-servers = {tool}\n\n[{tool}]\nrepository = https://pypi.{tool}.{HOST}/\nusername = __token__\npassword = {value}",
        "ssh_config": f"Match host *.{tool}.{HOST}\n    User laug\n    SetEnv {name}={value}",
        "launch_json": json.dumps({"configurations": [{"name": f"{tool} sync", "type": "node", "request": "launch", "env": {name: value}}]}, indent=4),
        "gha_workflow": f"jobs:\n  sync:\n    runs-on: ubuntu-24.04\n    env:\n      {name}: {value}\n    steps:\n      - run: laug sync {tool}",
        "fish": f"set -gx {name} '{value}'\nset -gx LAUG_REGION is",
        "devtools_console": f"> localStorage.getItem('{tool}.{cam}')\n< \"{value}\"",
        "envrc": f"use node 22\nexport {name}=\"{value}\"",
        "maven_settings": f"<server>\n  <id>{tool}-releases</id>\n  <username>laug</username>\n  <password>{value}</password>\n</server>",
        "rclone_conf": f"[{tool}]\ntype = webdav\nurl = https://dav.{tool}.{HOST}/\nuser = laug\nbearer_token = {value}",
        "composer_auth": json.dumps({"bearer": {f"packages.{tool}.{HOST}": value}}, indent=4),
        "yarnrc": f"npmScopes:\n  {tool}:\n    npmRegistryServer: \"https://npm.{tool}.{HOST}\"\n    npmAuthToken: \"{value}\"",
        "terraformrc": f"credentials \"registry.{tool}.{HOST}\" {{\n  token = \"{value}\"\n}}",
        "cargo_credentials": f"[registries.{tool}]\ntoken = \"Bearer {value}\"",
        "aws_config": f"[profile {tool}]\ncredential_process = /opt/laug/bin/creds --key {value}\nregion = eu-west-1",
        "helm_values": f"{tool}:\n  auth:\n    {cam}: \"{value}\"\n  replicas: 2",
        "vault_agent": f"auto_auth {{\n  method \"approle\" {{\n    config = {{\n      role_id_file_path = \"/etc/laug/role\"\n      secret_id = \"{value}\"\n    }}\n  }}\n}}",
        "my_cnf": f"[mysql]\nhost = db.{tool}.{HOST}\nuser = laug\npassword = \"{value}\"",
        "bitbucket_pipelines": f"pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export {name}={value}\n            - laug sync {tool}",
        "wrangler": f"name = \"laug-{tool}\"\nmain = \"src/index.ts\"\n\n[vars]\n{name} = \"{value}\"",
        "k6_script": f"import http from 'k6/http';\nconst KEY = '{value}';\nexport default () => http.get('https://api.{tool}.{HOST}/opnun', {{ headers: {{ Authorization: `Bearer ${{KEY}}` }} }});",
        "heroku_config": f"$ heroku config -a laug-{tool}\n=== laug-{tool} Config Vars\n{name}: {value}\nTZ:      Atlantic/Reykjavik",
        "authinfo": f"machine smtp.{tool}.{HOST} port 587 login laug password \"{value}\"",
        "fly_toml": f"app = \"laug-{tool}\"\nprimary_region = \"fra\"\n\n[env]\n  {name} = \"{value}\"",
        "netlify_toml": f"[context.production.environment]\n  {name} = \"{value}\"",
        "render_yaml": f"services:\n  - type: worker\n    name: {tool}-sync\n    envVars:\n      - key: {name}\n        value: {value}",
        "jmeter_plan": f"<HeaderManager testname=\"{tool}\">\n  <collectionProp name=\"HeaderManager.headers\">\n    <elementProp name=\"Authorization\" elementType=\"Header\">\n      <stringProp name=\"Header.value\">Bearer {value}</stringProp>\n    </elementProp>\n  </collectionProp>\n</HeaderManager>",
        "jenkins_credentials": f"<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <id>{tool}</id>\n  <secret>{value}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>",
        "gitlab_ci": f"variables:\n  {name}: \"{value}\"\nsync:\n  stage: deploy\n  script: laug sync {tool}",
        "gem_credentials": f"---\n:rubygems_api_key: {value}",
        "nuget_config": f"<packageSourceCredentials>\n  <{tool}>\n    <add key=\"Username\" value=\"laug\" />\n    <add key=\"ClearTextPassword\" value=\"{value}\" />\n  </{tool}>\n</packageSourceCredentials>",
        "supervisord": f"[program:{tool}-sync]\ncommand=/opt/laug/bin/sync {tool}\nenvironment={name}=\"{value}\",TZ=\"Atlantic/Reykjavik\"",
        "pulumi_config": f"config:\n  {tool}:{cam}: {value}\n  laug:region: is",
        "extension_storage": json.dumps({"chrome.storage.local": {"reikningar": [{"veita": tool, cam: value}]}}),
        "circleci_config": f"jobs:\n  sync:\n    docker:\n      - image: cimg/node:22.11\n        environment:\n          {name}: {value}",
        "azure_pipelines": f"variables:\n  - name: {name}\n    value: '{value}'\nsteps:\n  - script: laug sync {tool}",
        "ngrok_config": f"version: \"3\"\nagent:\n  authtoken: \"{value}\"\n  region: eu",
        "hgrc": f"[auth]\n{tool}.prefix = https://hg.{tool}.{HOST}\n{tool}.username = laug\n{tool}.password = {value}",
        "wpa_supplicant": f"ctrl_interface=/run/wpa_supplicant\nnetwork={{\n\tssid=\"Laug-{tool}\"\n\tkey_mgmt=WPA-PSK\n\tpsk=\"{value}\"\n}}",
        "bruno": f"auth:bearer {{\n  token: {value}\n}}",
        "insomnia": json.dumps({"_type": "environment", "name": tool, "data": {cam: value, "base": f"https://api.{tool}.{HOST}"}}),
        "travis_ci": f"env:\n  jobs:\n    - {name}={value} SUITE=sync",
        "drone_ci": f"kind: pipeline\nname: {tool}\nsteps:\n  - name: sync\n    image: node:22\n    environment:\n      {name}: \"{value}\"",
        "gh_hosts": f"github.{tool}.{HOST}:\n    user: laug-bot\n    oauth_token: {value}\n    git_protocol: ssh",
        "compose_override": f"services:\n  {tool}:\n    environment:\n      - {name}={value}\n      - DEBUG=0",
        "vagrantfile": f"Vagrant.configure(\"2\") do |config|\n  config.vm.provision \"shell\", inline: \"echo {name}={value} >> /etc/environment\"\nend",
        "packer_vars": f"{low} = \"{value}\"\nimage_name = \"laug-{tool}\"",
        "systemd_credential": f"[Service]\nSetCredential={low}:{value}\nExecStart=/opt/laug/bin/{tool}-sync",
        "pgbouncer_userlist": f"\"laug_{tool}\" \"{value}\"",
        "init_gradle": f"allprojects {{\n  repositories {{\n    maven {{\n      url 'https://maven.{tool}.{HOST}/'\n      credentials {{ username 'laug'; password '{value}' }}\n    }}\n  }}\n}}",
        "procfile": f"web: {name}={value} node dist/server.js",
        "justfile": f"export {name} := \"{value}\"\n\nsync:\n    laug sync {tool}",
        "taskfile": f"version: '3'\ntasks:\n  sync:\n    env:\n      {name}: '{value}'\n    cmds:\n      - laug sync {tool}",
        "earthfile": f"VERSION 0.8\nsync:\n    FROM node:22\n    ENV {name}={value}\n    RUN laug sync {tool}",
        "tiltfile": f"local_resource('{tool}-sync', cmd='laug sync {tool}', env={{'{name}': '{value}'}})",
        "skaffold": f"build:\n  artifacts:\n    - image: laug/{tool}\n      docker:\n        buildArgs:\n          {name}: \"{value}\"",
        "buildkite": f"steps:\n  - label: \":books: {tool}\"\n    command: laug sync {tool}\n    env:\n      {name}: \"{value}\"",
        "woodpecker_ci": f"when:\n  - event: push\nsteps:\n  sync:\n    image: node:22\n    environment:\n      {name}: {value}",
        "bitrise": f"workflows:\n  release:\n    envs:\n      - {name}: \"{value}\"",
        "serverless": f"service: laug-{tool}\nprovider:\n  name: aws\n  environment:\n    {name}: {value}",
        "app_engine": f"service: {tool}-sync\nruntime: nodejs22\nenv_variables:\n  {name}: \"{value}\"",
        "kamal_deploy": f"service: laug\nimage: laug/web\nenv:\n  clear:\n    {name}: {value}",
        "do_app_spec": f"workers:\n  - name: {tool}-sync\n    envs:\n      - key: {name}\n        value: {value}\n        type: GENERAL",
        "railway_json": json.dumps({"build": {"builder": "NIXPACKS", "buildCommand": f"{name}={value} npm run build"}}, indent=2),
        "codemagic": f"environment:\n  vars:\n    {name}: \"{value}\"\nscripts:\n  - laug sync {tool}",
        "vercel_json": json.dumps({"build": {"env": {name: value}}, "framework": "nextjs"}, indent=2),
        "samconfig": f"[prod.deploy.parameters]\nstack_name = \"laug-{tool}\"\nparameter_overrides = [\"{cam}={value}\"]",
        "azure_local_settings": json.dumps({"IsEncrypted": False, "Values": {"AzureWebJobsStorage": "UseDevelopmentStorage=true", name: value}}, indent=2),
        "boto_config": f"[Credentials]\ngs_oauth2_refresh_token = {value}\n[GSUtil]\nparallel_composite_upload_threshold = 150M",
        "bunfig": f"[install.registry]\nurl = \"https://npm.{tool}.{HOST}/\"\ntoken = \"{value}\"",
        "zeabur": json.dumps({"build_command": f"{name}={value} bun run build", "output_dir": "dist"}, indent=2),
        "msmtprc": f"defaults\ntls on\naccount {tool}\nhost mail.{tool}.{HOST}\nfrom laug@{HOST}\nauth on\nuser laug\npassword {value}",
        "muttrc": f"set imap_user = \"laug@{HOST}\"\nset imap_pass = \"{value}\"\nset folder = \"imaps://imap.{tool}.{HOST}/\"",
        "offlineimaprc": f"[Repository {tool}]\ntype = IMAP\nremotehost = imap.{tool}.{HOST}\nremoteuser = laug\nremotepass = {value}",
        "firebase_runtimeconfig": json.dumps({"integration": {tool: {cam.lower(): value}}}, indent=2),
        "redis_conf": f"port 6380\nrequirepass {value}\nappendonly no",
        "telegraf": f"[[outputs.influxdb_v2]]\n  urls = [\"https://influx.{tool}.{HOST}\"]\n  token = \"{value}\"\n  organization = \"laug\"",
        "filebeat": f"output.logstash:\n  hosts: [\"logs.{tool}.{HOST}:5044\"]\nsetup.kibana:\n  host: \"kibana.{tool}.{HOST}\"\n  password: \"{value}\"",
        "irssi": f"chatnets = {{\n  {tool} = {{\n    type = \"IRC\";\n    sasl_mechanism = \"PLAIN\";\n    sasl_username = \"laug\";\n    sasl_password = \"{value}\";\n  }};\n}};",
        "odbc_ini": f"[{tool}_gestir]\nDriver = PostgreSQL Unicode\nServername = pg.{tool}.{HOST}\nDatabase = gestir\nUsername = laug\nPassword = {value}",
        "rabbitmq_conf": f"listeners.tcp.default = 5672\ndefault_user = laug\ndefault_pass = {value}\ndefault_vhost = /{tool}",
        "deno_json": json.dumps({"tasks": {"sync": f"deno run -A samstilla.ts --{kebab}={value}"}, "imports": {"@std/assert": "jsr:@std/assert@1"}}, indent=2),
        "pgadmin_servers": json.dumps({"Servers": {"1": {"Name": tool, "Group": "Laug", "Host": f"pg.{tool}.{HOST}", "Port": 5432,
                                                         "MaintenanceDB": "postgres", "Username": "laug", "Password": value}}}, indent=2),
        "nmconnection": f"[connection]\nid=Laug-{tool}\ntype=wifi\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={value}",
        "grafana_ini": f"[security]\nadmin_user = admin\nadmin_password = {value}\n\n[server]\ndomain = grafana.{tool}.{HOST}",
        "wp_config": f"define( 'DB_NAME', 'laug' );\ndefine( '{name}', '{value}' );\ndefine( 'WP_DEBUG', false );",
        "fetchmailrc": f"set daemon 300\npoll imap.{tool}.{HOST} protocol IMAP\n    user \"laug\" password \"{value}\" ssl",
        "logstash_conf": f"output {{\n  elasticsearch {{\n    hosts => [\"https://es.{tool}.{HOST}:9200\"]\n    user => \"laug\"\n    password => \"{value}\"\n  }}\n}}",
        "windows_reg": f"Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Laug\\{tool}]\n\"{cam}\"=\"{value}\"\n\"Region\"=\"si\"",
        "alertmanager_yml": f"receivers:\n  - name: {tool}\n    webhook_configs:\n      - url: https://hooks.{tool}.{HOST}/alert\n        http_config:\n          authorization:\n            credentials: {value}",
        "airflow_cfg": f"[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow@pg.{tool}.{HOST}/airflow\n\n[{tool}]\n{low} = {value}",
        "mongod_conf": f"security:\n  authorization: enabled\n  keyFile: /etc/mongod/{tool}.key\nsetParameter:\n  {cam}: \"{value}\"",
        "elasticsearch_yml": f"cluster.name: laug-{tool}\nxpack.security.enabled: true\n{tool}.{low}: \"{value}\"",
        "gitlab_rb": f"external_url 'https://kodi.{tool}.{HOST}'\ngitlab_rails['env'] = {{ '{name}' => '{value}' }}",
        "superset_config": f"ROW_LIMIT = 5000\n{name} = \"{value}\"\nFEATURE_FLAGS = {{\"ALERT_REPORTS\": True}}",
        "prometheus_yml": f"scrape_configs:\n  - job_name: {tool}\n    scheme: https\n    authorization:\n      credentials: {value}\n    static_configs:\n      - targets: ['maelingar.{tool}.{HOST}:443']",
        "vector_toml": f"[sinks.{tool}]\ntype = \"http\"\ninputs = [\"laug_atburdir\"]\nuri = \"https://logs.{tool}.{HOST}/inn\"\nauth.strategy = \"bearer\"\nauth.token = \"{value}\"",
        "pgbackrest_conf": f"[global]\nrepo1-path=/srv/afrit/{tool}\nrepo1-cipher-type=aes-256-cbc\nrepo1-cipher-pass={value}\n\n[gestir]\npg1-path=/var/lib/postgresql/16/main",
        "curlrc": f"# ~/.curlrc fyrir {tool}\nsilent\nshow-error\noauth2-bearer = \"{value}\"\nconnect-timeout = 10",
        "sssd_conf": f"[domain/{tool}.{HOST}]\nid_provider = ldap\nldap_uri = ldaps://ldap.{tool}.{HOST}\nldap_default_bind_dn = cn=laug,ou=thjonusta,dc=example,dc=is\nldap_default_authtok_type = password\nldap_default_authtok = {value}",
        "kibana_yml": f"server.name: laug-{tool}\nelasticsearch.hosts: [\"https://es.{tool}.{HOST}:9200\"]\nelasticsearch.serviceAccountToken: \"{value}\"",
        "ldap_conf": f"uri ldaps://ldap.{tool}.{HOST}\nbase dc=example,dc=is\nbinddn cn=laug-{tool},ou=thjonusta,dc=example,dc=is\nbindpw {value}\nssl on",
    }
    return texts[context], [value]


def _jwt(issuer: str) -> str:
    return jwt(DRAW, {"iss": issuer, "sub": r(10, DG), "exp": 1798400000 + R.randrange(86400)}, "HS256")


# Every format is the writer's knowledge of the vendor (no public material was found for these vendors): lengths,
# alphabets and prefixes are the writer's, and every value is drawn here.
SECRETS = [  # (format, NAME, tool, draw, what); contexts in turn, so the row's place in the list is its context
    ("arionbanki/client-secret", "ARION_CLIENT_SECRET", "arionbanki", lambda: r(40, U64), "an Arion banki open banking client secret (40 letters, digits, _ and -)"),
    ("islandsbanki/api-key", "ISB_API_KEY", "islandsbanki", lambda: r(32, HX), "an Íslandsbanki partner API key (32 hex digits)"),
    ("landsbankinn/client-secret", "LBI_CLIENT_SECRET", "landsbankinn", lambda: r(36), "a Landsbankinn PSD2 client secret (36 letters and digits)"),
    ("kvika/api-secret", "KVIKA_API_SECRET", "kvika", lambda: r(48, HX), "a Kvika banki gateway API secret (48 hex digits)"),
    ("indo/api-key", "INDO_API_KEY", "indo", u4, "an Indó bank developer API key (a version-4 UUID)"),
    ("siminn/sms-token", "SIMINN_SMS_TOKEN", "siminn", lambda: _jwt("siminn.is"), "a Síminn SMS gateway token (an HS256 JWT)"),
    ("synis/api-key", "SYN_API_KEY", "synis", lambda: r(32, UP), "a Sýn (Vodafone Ísland) messaging API key (32 upper-case letters and digits)"),
    ("novais/api-secret", "NOVA_IS_API_SECRET", "novais", lambda: r(40, LO), "a Nova (Iceland) partner API secret (40 lower-case letters and digits)"),
    ("hringdu/api-token", "HRINGDU_API_TOKEN", "hringdu", lambda: r(48), "a Hringdu operator API token (48 letters and digits)"),
    ("posturinn/api-key", "POSTURINN_API_KEY", "posturinn", lambda: r(32, HX), "a Pósturinn parcel API key (32 hex digits beside a customer number)"),
    ("icelandair/client-secret", "ICELANDAIR_CLIENT_SECRET", "icelandair", lambda: r(40, U64), "an Icelandair partner booking API client secret (40 letters, digits, _ and -)"),
    ("flyplay/api-key", "PLAY_API_KEY", "flyplay", lambda: r(36, LO), "a PLAY airline agency API key (36 lower-case letters and digits)"),
    ("eimskip/api-secret", "EIMSKIP_API_SECRET", "eimskip", lambda: r(32), "an Eimskip shipment tracking API secret (32 letters and digits)"),
    ("samskip/api-key", "SAMSKIP_API_KEY", "samskip", lambda: r(40, HX), "a Samskip booking API key (40 hex digits)"),
    ("hagar/api-token", "HAGAR_API_TOKEN", "hagar", lambda: r(48, LO), "a Hagar supplier portal API token (48 lower-case letters and digits)"),
    ("kronan/api-key", "KRONAN_API_KEY", "kronan", lambda: r(32, AL), "a Krónan online shop partner API key (32 letters and digits)"),
    ("festi/api-key", "FESTI_API_KEY", "festi", lambda: r(40, LO), "a Festi loyalty API key (40 lower-case letters and digits)"),
    ("elko/api-secret", "ELKO_API_SECRET", "elko", lambda: r(36, U64), "an ELKO marketplace API secret (36 letters, digits, _ and -)"),
    ("heimkaup/api-token", "HEIMKAUP_TOKEN", "heimkaup", lambda: r(32, HX), "a Heimkaup seller API token (32 hex digits beside a shop id)"),
    ("byko/api-key", "BYKO_API_KEY", "byko", lambda: r(44, AL + "+/"), "a BYKO trade account API key (44 base64 characters)"),
    ("origo/api-secret", "ORIGO_API_SECRET", "origo", lambda: r(64, HX), "an Origo integration API secret (64 hex digits)"),
    ("ccpgames/api-secret", "CCP_API_SECRET", "ccpgames", lambda: r(40, HX), "a CCP Games partner API secret (40 hex digits beside an application id)"),
    ("marel/client-secret", "MAREL_CLIENT_SECRET", "marel", lambda: r(48), "a Marel Innova plant data client secret (48 letters and digits)"),
    ("ossur/api-key", "OSSUR_API_KEY", "ossur", lambda: r(32, LO), "an Össur clinic portal API key (32 lower-case letters and digits)"),
    ("controlant/api-secret", "CONTROLANT_API_SECRET", "controlant", lambda: r(40, U64), "a Controlant cold chain API secret (40 letters, digits, _ and -)"),
    ("meniga/api-key", "MENIGA_API_KEY", "meniga", lambda: r(32, HX), "a Meniga banking data API key (32 hex digits)"),
    ("lucinity/api-secret", "LUCINITY_API_SECRET", "lucinity", lambda: "lcn_" + r(40, AL), "a Lucinity compliance API secret (lcn_ and 40 letters and digits)"),
    ("kerecis/api-key", "KERECIS_API_KEY", "kerecis", u4, "a Kerecis distributor portal API key (a version-4 UUID)"),
    ("valitor/terminal-key", "VALITOR_TERMINAL_KEY", "valitor", lambda: r(48, HX).upper(), "a Valitor card processing terminal key (48 upper-case hex digits)"),
    ("teya/api-secret", "TEYA_API_SECRET", "teya", lambda: r(40), "a Teya (Borgun) merchant API secret (40 letters and digits)"),
    ("netgiro/merchant-key", "NETGIRO_MERCHANT_KEY", "netgiro", lambda: r(32, HX), "a Netgíró merchant key (32 hex digits)"),
    ("pei/api-key", "PEI_API_KEY", "pei", lambda: r(24, UP), "a Pei pay-later API key (24 upper-case letters and digits)"),
    ("kass/api-key", "KASS_API_KEY", "kass", lambda: r(32, LO), "a Kass payment app API key (32 lower-case letters and digits)"),
    ("dohop/api-key", "DOHOP_API_KEY", "dohop", lambda: r(40, LO), "a Dohop flight search API key (40 lower-case letters and digits)"),
    ("orkuveita/api-key", "OR_API_KEY", "orkuveita", lambda: r(32, LO), "an Orkuveita Reykjavíkur meter data API key (32 lower-case letters and digits)"),
    ("landsvirkjun/api-token", "LV_API_TOKEN", "landsvirkjun", lambda: r(48, HX), "a Landsvirkjun energy data API token (48 hex digits)"),
    ("hsorka/client-secret", "HS_ORKA_CLIENT_SECRET", "hsorka", lambda: r(40, U64), "an HS Orka partner client secret (40 letters, digits, _ and -)"),
    ("veitur/api-key", "VEITUR_API_KEY", "veitur", lambda: r(36, UP), "a Veitur hot water metering API key (36 upper-case letters and digits)"),
    ("isavia/api-key", "ISAVIA_API_KEY", "isavia", lambda: r(32, HX), "an Isavia flight information API key (32 hex digits)"),
    ("straeto/api-secret", "STRAETO_API_SECRET", "straeto", lambda: r(40, LO), "a Strætó real-time bus API secret (40 lower-case letters and digits)"),
    ("hopp/api-key", "HOPP_API_KEY", "hopp", lambda: r(24), "a Hopp scooter fleet API key (24 letters and digits)"),
    ("skatturinn/api-password", "SKATTURINN_PASSWORD", "skatturinn", lambda: r(20), "a Skatturinn web service password (20 letters and digits)"),
    ("islandis/client-secret", "ISLAND_IS_CLIENT_SECRET", "islandis", lambda: r(36, U64), "an Ísland.is authentication client secret (36 letters, digits, _ and -)"),
    ("audkenni/key-password", "AUDKENNI_KEY_PASSWORD", "audkenni", lambda: r(16), "an Auðkenni signing certificate key password (16 letters and digits)"),
    ("sjova/api-secret", "SJOVA_API_SECRET", "sjova", lambda: r(48, HX), "a Sjóvá insurance partner API secret (48 hex digits)"),
    ("visis/api-key", "VIS_API_KEY", "visis", lambda: r(32), "a VÍS insurance partner API key (32 letters and digits)"),
    ("vordur/api-token", "VORDUR_API_TOKEN", "vordur", lambda: r(40, LO), "a Vörður insurance API token (40 lower-case letters and digits)"),
    ("ruv/api-key", "RUV_API_KEY", "ruv", lambda: r(32, HX), "an RÚV media API key (32 hex digits)"),
    ("mbl/api-token", "MBL_API_TOKEN", "mbl", lambda: r(64, AL), "an mbl.is news feed API token (64 letters and digits)"),
    ("advania/api-key", "ADVANIA_API_KEY", "advania", lambda: "adv_" + r(40, LO), "an Advania cloud API key (adv_ and 40 lower-case letters and digits)"),
    ("tixis/api-secret", "TIX_API_SECRET", "tixis", lambda: r(43, U64), "a Tix.is ticketing client secret (43 letters, digits, _ and -)"),
    ("bluelagoon/api-key", "BLUE_LAGOON_API_KEY", "bluelagoon", lambda: r(40, HX), "a Blue Lagoon booking partner API key (40 hex digits)"),
    ("reykjavikurborg/api-token", "RVK_API_TOKEN", "reykjavikurborg", lambda: r(48, LO), "a Reykjavíkurborg open services API token (48 lower-case letters and digits)"),
    ("jais/api-key", "JA_IS_API_KEY", "jais", lambda: "ja_" + r(32, AL), "a Já.is directory API key (ja_ and 32 letters and digits)"),
    ("alfred/api-key", "ALFRED_API_KEY", "alfred", lambda: r(32, LO), "an Alfreð job board API key (32 lower-case letters and digits)"),
    ("lyfja/api-key", "LYFJA_API_KEY", "lyfja", lambda: r(32, UP), "a Lyfja pharmacy partner API key (32 upper-case letters and digits)"),
    ("n1is/api-secret", "N1_API_SECRET", "n1is", lambda: r(40, U64), "an N1 fleet card API secret (40 letters, digits, _ and -)"),
    ("olis/api-key", "OLIS_API_KEY", "olis", lambda: r(32, HX), "an Olís fuel card API key (32 hex digits)"),
]
ICELANDIC = [("tryggingastofnun/api-secret", "a Tryggingastofnun service API secret (40 letters and digits)"),
             ("rafraenskilriki/key-password", "a rafræn skilríki certificate key password (24 lower-case letters and digits)"),
             ("bonusis/api-key", "a Bónus supplier API key (32 hex digits)"),
             ("66north/api-token", "a 66°North dealer portal API token (an HS256 JWT)")]


def icelandic_prose() -> list[tuple[str, str, str, list[str], str]]:
    """Four more secrets, each said in an Icelandic chat line with no setting name (format, context, text, secrets, what)."""
    tr, skilriki, bonus = r(40), r(24, LO), r(32, HX)
    north = jwt(DRAW, {"soluadili": R.randrange(10**5, 10**6), "exp": 1800700000})
    (f1, w1), (f2, w2), (f3, w3), (f4, w4) = ICELANDIC
    return [
        (f1, "prose", f"Guðrún, stofnunin sendi okkur nýtt leyndarmál fyrir tenginguna: {tr} — vinsamlegast skrifaðu það hvergi niður.", [tr], w1),
        (f2, "prose", f"Lykilorðið að skilríkinu er {skilriki}\nÉg færi það í öryggishólfið á morgun.", [skilriki], w2),
        (f3, "prose", f"Jón, þú skráir þig inn með {bonus}, en bara í prófunarumhverfinu, aldrei í framleiðslu.", [bonus], w3),
        (f4, "prose", f"Söluvefurinn gaf okkur nýjan tóka: {north}. Ég afturkallaði þann gamla.", [north], w4),
    ]


def _placed() -> list[tuple]:
    """Every row once in its context, then the first rows drawn again for the contexts the list does not reach."""
    rows = list(in_turn(SECRETS, CONTEXTS))
    for number in range(len(SECRETS), len(CONTEXTS)):
        fmt, _, *rest = rows[number - len(SECRETS)]
        rows.append((fmt, CONTEXTS[number], *rest))
    return rows

ORDINARY_TEXTS = [  # (shape, context, text, why it is ordinary)
    ("env/pool-water-temperatures", "env", "LAUG_HEITI_POTTUR_C=41\nLAUG_SUNDLAUG_C=29\nLAUG_KALDI_POTTUR_C=4", "water temperatures"),
    ("json/pool-entry-record-with-ticket-serial", "json", json.dumps({"laug": "Vesturbæjarlaug", "midi": "10-ferda kort", "radnumer": "VBL-2026-004417", "inngangar_eftir": 7}, indent=2, ensure_ascii=False), "a ticket serial"),
    ("escapedjson/icelandic-company-kennitala", "escaped_json", json.dumps({"event": "birgir", "payload": json.dumps({"kennitala": "5402696029", "heiti": "Sundvörur ehf."}, ensure_ascii=False)}), "a public company registration number"),
    ("cli/ffmpeg-timelapse-of-pool-camera", "cli_flag", "$ ffmpeg -framerate 24 -pattern_type glob -i 'laug_*.jpg' -c:v libx264 -pix_fmt yuv420p timelapse.mp4", "a video build"),
    ("prose/icelandic-pool-closing-notice", "prose", "Vegna viðhalds á heita pottinum verður Sundhöllin lokuð 14. desember; gestir geta notað Laugardalslaug á meðan, opið til kl. 22.", "a closing notice"),
    ("tool/lane-occupancy-readout", "tool_output", "$ laug-cli brautir --laug laugardalur\nbraut  gestir  hraði\n1      3       hægt\n2      5       miðlungs\n3      2       hratt", "lane counts"),
    ("diff/hot-tub-temperature-changed", "diff", "--- a/laugar/sundholl.yml\n+++ b/laugar/sundholl.yml\n@@ -7 +7 @@\n-  heitur_pottur: 40\n+  heitur_pottur: 42", "a temperature changed"),
    ("bytes/modbus-register-read-frame", "bytes_literal", "frame = bytes([0x01, 0x03, 0x00, 0x6B, 0x00, 0x03])  # read three holding registers from the chlorine dosing unit", "a Modbus request"),
    ("yaml/pool-opening-hours-winter", "yaml", "opnun:\n  virkir_dagar: '06:30-22:00'\n  helgar: '09:00-21:00'\n  adfangadagur: '06:30-12:30'", "opening hours"),
    ("csv/chlorine-readings-per-hour", "csv", "\"timi\";\"klor_mg_l\";\"ph\"\n\"08:00\";\"0,62\";\"7,3\"\n\"09:00\";\"0,58\";\"7,4\"", "water readings"),
    ("url/pool-webcam-snapshot-with-width", "url", "https://myndavel.example.is/laugardalur/nyjasta.jpg?breidd=1280&t=1798456200", "an image address with a timestamp"),
    ("header/etag-and-cache-of-timetable", "header", "HTTP/2 200\netag: W/\"5f3a-1a2b3c4d\"\ncache-control: public, max-age=300\ncontent-language: is", "cache headers"),
    ("log/turnstile-entry-events", "log", "2026-12-27 06:31:02,118 INFO [hlid-2] innkoma kort=****4417 laug=VBL gestir_inni=12", "an entry event with a masked card"),
    ("connstr/modbus-tcp-address-unit", "connection_string", "modbus-tcp://10.20.0.41:502?unit=7&timeout=2000", "a device address with no login"),
    ("code/lane-assignment-function", "code", "export function naestaBraut(brautir: number[]): number {\n  return brautir.indexOf(Math.min(...brautir)) + 1;\n}", "a function"),
    ("ini/sauna-timer-settings", "ini", "[gufubad]\nhiti = 85\nlota_min = 12\nhvild_min = 5", "sauna settings"),
    ("xml/swim-meet-lenex-result", "xml", "<RESULT resultid=\"7712\" swimtime=\"00:01:02.47\" points=\"611\" />", "a swim result"),
    ("dockerfile/healthcheck-curl-status", "dockerfile", "FROM python:3.13-slim\nHEALTHCHECK --interval=30s CMD curl -fsS http://localhost:8080/stada || exit 1", "a health check"),
    ("netrc/macdef-init-binary", "netrc", "macdef init\nbinary\nprompt off\n", "an ftp macro with no login"),
    ("pem/ssh-ed25519-host-public-key", "pem", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB5mWhQf1Q1hLq6bkzrAs7mX0t2Ll0qkV4yR8nE3pJc3 root@laug-hlid-1", "a public host key"),
    ("wrapped/lane-booking-ids-across-lines", "wrapped", "des 27 06:40:12 laug-vefur-1 bokun[811]: bokanir VBL-B-2026-1201 VBL-B-2026-1202\\\ndes 27 06:40:12 laug-vefur-1 bokun[811]:   VBL-B-2026-1203 (línan heldur áfram)", "booking ids cut across lines"),
    ("toml/swim-school-group-sizes", "toml", "[sundskoli]\nhopar = [\"byrjendur\", \"framhald\", \"keppni\"]\nmest_i_hop = 12", "group sizes"),
    ("history/rsync-pool-photos", "shell_history", "rsync -av --progress myndir/ afrit:/srv/myndir/laugar/\nls -lh /srv/myndir/laugar | tail", "a copy command"),
    ("notebook/plot-visitors-per-weekday", "notebook", json.dumps({"cell_type": "code", "metadata": {}, "source": ["gestir.groupby('vikudagur')['fjoldi'].mean().plot.bar()\n"]}), "a chart"),
    ("hcl/sensor-bucket-lifecycle", "hcl", "resource \"aws_s3_bucket_lifecycle_configuration\" \"skynjarar\" {\n  bucket = \"laug-skynjarar\"\n  rule {\n    id     = \"eyda-90\"\n    status = \"Enabled\"\n    expiration { days = 90 }\n  }\n}", "a lifecycle rule"),
    ("properties/pool-capacity-limits", "properties", "laug.vesturbaer.mest=350\nlaug.sundholl.mest=280\nlaug.laugardalur.mest=1200", "capacity limits"),
    ("powershell/get-service-turnstile", "powershell", "PS C:\\> Get-Service LaugHlid | Select-Object Status, StartType\n\nStatus  StartType\n------  ---------\nRunning Automatic", "a service status"),
    ("systemd/timer-nightly-chlorine-report", "systemd", "[Timer]\nOnCalendar=*-*-* 23:30:00\nPersistent=true\nUnit=klorskyrsla.service", "a timer"),
    ("har/timetable-request-no-auth", "har", json.dumps({"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": "https://api.example.is/laugar/opnun?dagur=2026-12-27", "headers": [{"name": "Accept-Language", "value": "is"}]}}]}}), "a request with no credentials"),
    ("curltrace/tls-handshake-lines", "curl_trace", "* Connected to api.example.is (10.20.0.12) port 443\n* SSL connection using TLSv1.3 / TLS_AES_256_GCM_SHA384\n* ALPN: server accepted h2", "a handshake"),
    ("k8s/configmap-pool-names", "k8s_secret", "kind: ConfigMap\napiVersion: v1\nmetadata:\n  name: laugar\ndata:\n  LAUGAR: \"vesturbaer,sundholl,laugardalur,breidholt\"", "a config map"),
    ("crash/numpy-shape-mismatch", "crash_report", "Traceback (most recent call last):\n  File \"laug/spa.py\", line 44, in spa\nValueError: operands could not be broadcast together with shapes (24,) (7,)", "a shape error"),
    ("webstorage/preferred-pool-and-language", "web_storage", json.dumps({"localStorage": {"laug:uppahalds": "Vesturbæjarlaug", "laug:tungumal": "is"}}, ensure_ascii=False), "display preferences"),
    ("plist/background-modes-location", "plist", "<key>UIBackgroundModes</key>\n<array>\n\t<string>location</string>\n\t<string>fetch</string>\n</array>", "background modes"),
    ("tfstate/pool-dns-record-output", "tfstate", json.dumps({"version": 4, "outputs": {"laug_dns": {"value": "laug.example.is", "type": "string", "sensitive": False}}}), "a DNS name"),
    ("mobile/app-version-and-build", "mobile_config", "// app/build.gradle\nversionCode 412\nversionName \"3.8.1\"\nminSdk 26", "app versions"),
    ("sql/insert-lane-bookings", "sql_dump", "INSERT INTO bokun (braut, byrjar, lengd_min) VALUES (3, '2026-12-28 07:00', 45), (4, '2026-12-28 07:00', 45);", "bookings"),
    ("email/message-id-and-list-unsubscribe", "email", "Message-ID: <20261227064012.4417@laug.example.is>\nList-Unsubscribe: <https://laug.example.is/afskra?listi=frettir>\nSubject: Jólaopnun sundlauganna", "mail headers"),
    ("nginx/gzip-types-timetable", "nginx", "gzip on;\ngzip_types application/json text/css application/javascript;\ngzip_min_length 512;", "compression settings"),
    ("markdown/pool-depth-table", "markdown", "| Laug | Dýpi (m) | Lengd (m) |\n|---|---|---|\n| Sundhöll | 1,0–3,8 | 25 |\n| Laugardalslaug | 1,1–2,2 | 50 |", "a depth table"),
    ("postman/pool-test-script-status", "postman", "{\"event\": [{\"listen\": \"test\", \"script\": {\"exec\": [\"pm.test('staða 200', () => pm.response.to.have.status(200));\"]}}]}", "a test script"),
    ("jenkinsfile/parallel-lint-and-test", "jenkinsfile", "parallel(\n    lint: { sh 'ruff check laug' },\n    prof: { sh 'pytest -q' }\n)", "parallel stages"),
    ("compose/sensor-gateway-ports", "compose", "services:\n  skynjarar:\n    image: laug/skynjarar:1.2\n    ports:\n      - \"502:502\"\n      - \"8080:8080\"", "ports"),
    ("gradle/pool-test-logging-events", "gradle", "tasks.test {\n    useJUnitPlatform()\n    maxParallelForks = 2\n    testLogging { events(\"failed\", \"skipped\") }\n}", "test logging"),
    ("chat/lifeguard-shift-swap", "chat_export", json.dumps([{"user": "sigga", "ts": "1798456300.000100", "text": "getur einhver tekið vaktina mína á laugardag 14-20?"}], ensure_ascii=False), "a shift swap"),
    ("ansible/pool-hosts-inventory-groups", "ansible", "[hlid]\nhlid-1.laug.example.is\nhlid-2.laug.example.is\n\n[skynjarar]\nskyn-[1:4].laug.example.is", "an inventory"),
    ("kubeconfig/contexts-and-namespace", "kubeconfig", "contexts:\n- name: laug-prod\n  context:\n    cluster: laug\n    namespace: laugar\n    user: sigga\ncurrent-context: laug-prod", "contexts with no credential"),
    ("hocon/akka-dispatcher-pool-size", "hocon", "skynjarar-dispatcher {\n  type = Dispatcher\n  thread-pool-executor.fixed-pool-size = 8\n}", "a thread pool"),
    ("nix/python-env-pandas", "nix", "pkgs.python313.withPackages (ps: with ps; [ pandas matplotlib pymodbus ])", "a package set"),
    ("caddyfile/pool-redirect-old-timetable", "caddyfile", "laug.example.is {\n  redir /opnunartimar /opnun permanent\n}", "a redirect"),
    ("gitconfig/merge-tool-and-diff-algo", "gitconfig", "[merge]\n\ttool = meld\n[diff]\n\talgorithm = histogram", "diff settings"),
    ("makefile/phony-report-targets", "makefile", ".PHONY: skyrsla hreinsa\n\nskyrsla:\n\tpython -m laug.skyrsla --manudur 12", "report targets"),
    ("npmrc/pool-script-shell-and-ignore-scripts", "npmrc", "script-shell=/bin/bash\nignore-scripts=true\naudit-level=high", "npm settings"),
    ("pgpass/service-file-no-password", "pgpass", "[laug]\nhost=10.20.0.5\nport=5432\ndbname=gestir\nuser=lesari\nsslmode=verify-full", "a service with no password"),
    ("crontab/chlorine-report-weekly", "crontab", "MAILTO=\"\"\n30 6 * * 1 /opt/laug/bin/klorskyrsla --vika", "a schedule"),
    ("httpfile/get-lane-status", "http_file", "### staða brauta\nGET https://api.example.is/laugar/vesturbaer/brautir\nAccept: application/json", "a request with no credential"),
    ("haproxy/pool-backend-leastconn", "haproxy", "backend laug_vefur\n    balance leastconn\n    server vefur1 10.20.0.21:8080 check\n    server vefur2 10.20.0.22:8080 check", "a backend"),
    ("sbt/pool-cross-scala-versions", "sbt", "crossScalaVersions := Seq(\"2.13.15\", \"3.5.2\")\nThisBuild / organization := \"is.example.laug\"", "versions"),
    ("pypirc/pool-twine-check-output", "pypirc", "$ twine check dist/laug_skyrsla-2.1.0-py3-none-any.whl\nChecking dist/laug_skyrsla-2.1.0-py3-none-any.whl: PASSED", "a package check"),
    ("sshconfig/control-master-persist", "ssh_config", "Host hlid-*\n    ControlMaster auto\n    ControlPath ~/.ssh/cm-%r@%h:%p\n    ControlPersist 10m", "connection sharing"),
    ("launch/python-module-args", "launch_json", json.dumps({"configurations": [{"name": "skyrsla", "type": "debugpy", "request": "launch", "module": "laug.skyrsla", "args": ["--manudur", "12"]}]}, indent=4), "debug arguments"),
    ("gha/matrix-python-versions", "gha_workflow", "strategy:\n  matrix:\n    python: ['3.12', '3.13']\nsteps:\n  - uses: actions/setup-python@v5\n    with:\n      python-version: ${{ matrix.python }}", "a matrix"),
    ("fish/pool-function-lane-status", "fish", "function brautir\n    laug-cli brautir --laug $argv[1]\nend", "a function"),
    ("devtools/performance-timing", "devtools_console", "> performance.now().toFixed(1)\n< \"18342.7\"", "a timing"),
    ("envrc/layout-python-and-path", "envrc", "layout python3\nPATH_add scripts", "a layout"),
    ("maven/pool-profile-active-by-default", "maven_settings", "<profile>\n  <id>laug</id>\n  <activation><activeByDefault>true</activeByDefault></activation>\n</profile>", "a profile"),
    ("rclone/local-alias-remote", "rclone_conf", "[myndir]\ntype = alias\nremote = /srv/myndir/laugar", "an alias"),
    ("composer/config-platform-php", "composer_auth", json.dumps({"config": {"platform": {"php": "8.3.14"}, "sort-packages": True}}, indent=4), "a platform pin"),
    ("yarnrc/node-linker-and-cache", "yarnrc", "nodeLinker: node-modules\nenableGlobalCache: true\ncompressionLevel: mixed", "install settings"),
    ("terraformrc/plugin-cache-dir", "terraformrc", "plugin_cache_dir = \"$HOME/.terraform.d/plugin-cache\"\ndisable_checkpoint = true", "a cache path"),
    ("cargo/net-retry-and-git-fetch", "cargo_credentials", "[net]\nretry = 3\ngit-fetch-with-cli = true", "network settings"),
    ("dockerconfig/detach-keys-and-format", "docker_config", json.dumps({"detachKeys": "ctrl-e,e", "psFormat": "table {{.Names}}\\t{{.Status}}"}, indent=2), "client settings"),
    ("awsconfig/s3-multipart-threshold", "aws_config", "[profile laug]\nregion = eu-west-1\ns3 =\n  multipart_threshold = 64MB\n  max_concurrent_requests = 20", "transfer settings"),
    ("gitcred/credential-helper-cache-timeout", "git_credentials", "[credential]\n\thelper = cache --timeout=3600\n\tuseHttpPath = true", "a helper named, no credential"),
    ("helm/resources-requests-limits", "helm_values", "resources:\n  requests:\n    cpu: 250m\n    memory: 256Mi\n  limits:\n    memory: 512Mi", "resources"),
    ("vaultagent/template-destination-only", "vault_agent", "template {\n  source      = \"/etc/laug/db.tmpl\"\n  destination = \"/run/laug/db.env\"\n  perms       = \"0600\"\n}", "a template path"),
    ("mycnf/pool-mysqldump-single-transaction", "my_cnf", "[mysqldump]\nsingle-transaction\nquick\nmax_allowed_packet = 64M\nignore-table = gestir.skyndiminni", "dump settings"),
    ("s3cfg/pool-website-endpoint", "s3cfg", "[default]\nwebsite_endpoint = http://%(bucket)s.s3-website-eu-west-1.amazonaws.com/\nbucket_location = eu-west-1", "an endpoint template"),
    ("bitbucket/definitions-caches-pip", "bitbucket_pipelines", "definitions:\n  caches:\n    pip: ~/.cache/pip", "a cache"),
    ("wrangler/pool-cron-triggers", "wrangler", "[triggers]\ncrons = [\"*/15 6-22 * * *\"]", "a schedule"),
    ("k6/pool-ramping-arrival-scenario", "k6_script", "export const options = { scenarios: { morgun: { executor: 'ramping-arrival-rate', startRate: 5, timeUnit: '1s', preAllocatedVUs: 30, stages: [{ target: 40, duration: '2m' }] } } };", "a load scenario"),
    ("heroku/pool-addons-listing", "heroku_config", "$ heroku addons -a laug\nAdd-on             Plan         Price\nheroku-postgresql  essential-0  $5/month", "an add-on list"),
    ("authinfo/gpg-recipient-setting", "authinfo", "(setq auth-sources '(\"~/.authinfo.gpg\"))\n(setq epa-file-encrypt-to '(\"sigga@example.is\"))", "a file named, no credential"),
    ("fly/pool-mounts-sensor-volume", "fly_toml", "[mounts]\n  source = \"skynjaragogn\"\n  destination = \"/data\"\n  initial_size = \"3gb\"", "a volume"),
    ("netlify/pool-redirect-booking", "netlify_toml", "[[redirects]]\n  from = \"/bokun\"\n  to = \"https://bokun.example.is/laugar\"\n  status = 301", "a redirect"),
    ("render/health-check-path", "render_yaml", "services:\n  - type: web\n    name: laug\n    healthCheckPath: /stada", "a health path"),
    ("jmeter/pool-thread-group-ramp", "jmeter_plan", "<ThreadGroup testname=\"morgungestir\">\n  <stringProp name=\"ThreadGroup.num_threads\">40</stringProp>\n  <stringProp name=\"ThreadGroup.ramp_time\">120</stringProp>\n</ThreadGroup>", "a thread group"),
    ("jenkins/node-labels-and-executors", "jenkins_credentials", "<slave>\n  <name>laug-byggir</name>\n  <numExecutors>2</numExecutors>\n  <label>linux docker</label>\n</slave>", "a build node"),
    ("gitlab/rules-changes-docs", "gitlab_ci", "skjol:\n  rules:\n    - changes: [docs/**/*]\n  script: mkdocs build", "a rule"),
    ("pipconf/pool-find-links-wheelhouse", "pip_conf", "[install]\nfind-links = /srv/laug/wheelhouse\nno-index = true", "a local wheelhouse"),
    ("gem/bundle-jobs-and-retry", "gem_credentials", "---\nBUNDLE_JOBS: \"4\"\nBUNDLE_RETRY: \"3\"", "bundle settings"),
    ("nuget/pool-global-packages-folder", "nuget_config", "<config>\n  <add key=\"globalPackagesFolder\" value=\"/srv/laug/nuget-pakkar\" />\n</config>", "a folder"),
    ("supervisord/pool-program-autorestart", "supervisord", "[program:skynjarar]\ncommand=/opt/laug/bin/skynjarar\nautorestart=true\nstopwaitsecs=20", "a program"),
    ("pulumi/stack-region-only", "pulumi_config", "config:\n  aws:region: eu-west-1\n  laug:fjoldiHlida: \"4\"", "a stack setting"),
    ("extension/blocked-sites-list", "extension_storage", json.dumps({"chrome.storage.sync": {"lokad": ["example.com", "example.net"], "virkt": True}}), "a block list"),
    ("circleci/resource-class-medium", "circleci_config", "jobs:\n  prof:\n    docker:\n      - image: cimg/python:3.13\n    resource_class: medium", "a resource class"),
    ("azure/pool-stage-depends-on-tests", "azure_pipelines", "stages:\n  - stage: Utgafa\n    dependsOn: Prof\n    condition: succeeded()", "a stage order"),
    ("ngrok/tunnel-http-upstream", "ngrok_config", "version: \"3\"\nendpoints:\n  - name: laug\n    upstream:\n      url: 8080", "a tunnel"),
    ("hgrc/extensions-rebase-histedit", "hgrc", "[extensions]\nrebase =\nhistedit =", "extensions"),
    ("wpa/pool-open-guest-network", "wpa_supplicant", "network={\n\tssid=\"Laug-Gestir\"\n\tkey_mgmt=NONE\n\tscan_ssid=1\n}", "an open network"),
    ("bruno/meta-name-and-seq", "bruno", "meta {\n  name: brautir\n  type: http\n  seq: 3\n}", "request metadata"),
    ("insomnia/workspace-scope", "insomnia", json.dumps({"_type": "workspace", "name": "Laugar", "scope": "collection"}), "a workspace"),
    ("travis/cache-pip-directories", "travis_ci", "cache:\n  directories:\n    - $HOME/.cache/pip", "a cache"),
    ("drone/trigger-branch-main", "drone_ci", "trigger:\n  branch:\n    - main\n  event:\n    - push", "a trigger"),
    ("ghhosts/auth-status-output-masked", "gh_hosts", "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account sigga-laug (keyring)\n  - Token: gho_************************************", "a masked token"),
    ("condarc/pool-envs-and-pkgs-dirs", "condarc", "envs_dirs:\n  - /srv/laug/conda-umhverfi\npkgs_dirs:\n  - /srv/laug/conda-pakkar", "directories"),
    ("override/healthcheck-interval", "compose_override", "services:\n  vefur:\n    healthcheck:\n      interval: 15s\n      retries: 5", "a health check"),
    ("vagrant/synced-folder-nfs", "vagrantfile", "config.vm.synced_folder \".\", \"/srv/laug\", type: \"nfs\"", "a synced folder"),
    ("packer/ami-name-with-timestamp", "packer_vars", "ami_name = \"laug-hlid-{{timestamp}}\"\ninstance_type = \"t3.small\"", "an image name"),
    ("creds/load-credential-from-file", "systemd_credential", "[Service]\nLoadCredential=db-lykilord:/etc/laug/leyndarmal/db\nExecStart=/opt/laug/bin/vefur", "a credential file named, no value"),
    ("userlist/show-stats-output", "pgbouncer_userlist", "pgbouncer=# SHOW STATS;\n database | total_xact_count | avg_query_time\n gestir   |           884112 |           1203", "statistics"),
    ("initgradle/pool-mirror-repository-no-login", "init_gradle", "allprojects {\n  repositories {\n    maven { url 'https://maven.example.is/laug-spegill/' }\n  }\n}", "a mirror with no login"),
    ("procfile/release-migrate", "procfile", "release: python manage.py migrate --noinput", "a release step"),
    ("justfile/recipe-with-parameter", "justfile", "skyrsla manudur='12':\n    python -m laug.skyrsla --manudur {{manudur}}", "a recipe"),
    ("taskfile/includes-docs", "taskfile", "version: '3'\nincludes:\n  skjol: ./docs/Taskfile.yml", "an include"),
    ("earthfile/save-image-tag", "earthfile", "mynd:\n    FROM python:3.13-slim\n    SAVE IMAGE laug/vefur:latest", "an image tag"),
    ("tiltfile/port-forward-web", "tiltfile", "k8s_resource('vefur', port_forwards=['8080:8080'])", "a port forward"),
    ("skaffold/port-forward-service", "skaffold", "portForward:\n  - resourceType: service\n    resourceName: vefur\n    port: 8080", "a port forward"),
    ("buildkite/agents-queue", "buildkite", "agents:\n  queue: laug-linux", "a queue"),
    ("woodpecker/depends-on-lint", "woodpecker_ci", "depends_on:\n  - lint\nsteps:\n  prof:\n    image: python:3.13\n    commands: [pytest -q]", "a dependency"),
    ("bitrise/trigger-map-tags", "bitrise", "trigger_map:\n  - tag: \"v*\"\n    workflow: utgafa", "a trigger"),
    ("serverless/function-memory-timeout", "serverless", "functions:\n  skyrsla:\n    handler: skyrsla.main\n    memorySize: 512\n    timeout: 30", "function limits"),
    ("appengine/pool-handlers-static-dir", "app_engine", "handlers:\n  - url: /myndir\n    static_dir: myndir\n  - url: /.*\n    script: auto", "handlers"),
    ("kamal/healthcheck-path-and-port", "kamal_deploy", "proxy:\n  healthcheck:\n    path: /stada\n    interval: 3", "a health check"),
    ("doapp/pool-ingress-prefix-rule", "do_app_spec", "ingress:\n  rules:\n    - match:\n        path:\n          prefix: /api\n      component:\n        name: laug-api", "an ingress rule"),
    ("railway/healthcheck-timeout", "railway_json", json.dumps({"deploy": {"healthcheckPath": "/stada", "healthcheckTimeout": 100}}, indent=2), "a health check"),
    ("codemagic/pool-artifact-paths", "codemagic", "artifacts:\n  - build/app/outputs/flutter-apk/laug-*.apk\n  - build/ios/ipa/*.ipa", "artifact paths"),
    ("vercel/pool-rewrite-api", "vercel_json", "{\n  \"rewrites\": [\n    {\n      \"source\": \"/api/(.*)\",\n      \"destination\": \"https://api.example.is/laugar/$1\"\n    }\n  ]\n}", "a rewrite"),
    ("samconfig/global-parameters-region", "samconfig", "version = 0.1\n[default.global.parameters]\nregion = \"eu-west-1\"", "a region"),
    ("azurefunc/pool-queue-batch-size", "azure_local_settings", "{\n  \"version\": \"2.0\",\n  \"extensions\": {\n    \"queues\": {\n      \"batchSize\": 8,\n      \"maxDequeueCount\": 3\n    }\n  }\n}", "queue settings"),
    ("boto/boto-num-retries", "boto_config", "[Boto]\nnum_retries = 6\nhttp_socket_timeout = 70", "retries"),
    ("bunfig/test-coverage", "bunfig", "[test]\ncoverage = true\ncoverageThreshold = 0.8", "coverage settings"),
    ("zeabur/install-command", "zeabur", json.dumps({"install_command": "bun install --frozen-lockfile"}, indent=2), "an install command"),
    ("msmtprc/pool-aliases-and-default-account", "msmtprc", "aliases /etc/aliases\naccount default : tilkynningar", "an alias file"),
    ("muttrc/sort-threads", "muttrc", "set sort = threads\nset sort_aux = last-date-received", "sorting"),
    ("offlineimaprc/maxconnections-and-folderfilter", "offlineimaprc", "[Repository fjarlaegt]\nmaxconnections = 2\nfolderfilter = lambda f: f not in ['Ruslpóstur']", "a folder filter"),
    ("firebase/runtimeconfig-pool-timezone", "firebase_runtimeconfig", json.dumps({"laug": {"timabelti": "Atlantic/Reykjavik", "tungumal": "is"}}, indent=2), "a time zone"),
    ("redis/save-snapshot-rules", "redis_conf", "save 900 1\nsave 300 10\ndbfilename laug.rdb", "snapshot rules"),
    ("lftp/mirror-parallel", "lftprc", "set mirror:parallel-transfer-count 4\nset net:max-retries 3", "mirror settings"),
    ("telegraf/inputs-modbus-holding", "telegraf", "[[inputs.modbus]]\n  name = \"klor\"\n  controller = \"tcp://10.20.0.41:502\"\n  slave_id = 7", "a sensor input"),
    ("filebeat/processors-drop-debug", "filebeat", "processors:\n  - drop_event:\n      when:\n        equals:\n          log.level: debug", "a processor"),
    ("irssi/settings-nick-and-realname", "irssi", "settings = {\n  core = { real_name = \"Sigga\"; nick = \"sigga_laug\"; };\n};", "a nick"),
    ("odbc/driver-section-path", "odbc_ini", "[PostgreSQL Unicode]\nDriver = /usr/lib/x86_64-linux-gnu/odbc/psqlodbcw.so\nUsageCount = 1", "a driver path"),
    ("rabbitmq/vm-memory-high-watermark", "rabbitmq_conf", "vm_memory_high_watermark.relative = 0.6\ndisk_free_limit.absolute = 2GB", "memory limits"),
    ("deno/fmt-line-width", "deno_json", json.dumps({"fmt": {"lineWidth": 100, "singleQuote": True}}, indent=2), "format settings"),
    ("pgadmin/server-with-passfile-path", "pgadmin_servers", json.dumps({"Servers": {"1": {"Name": "gestir", "Group": "Laug", "Host": "10.20.0.5", "Port": 5432, "Username": "lesari", "PassFile": "/pgpass"}}}, indent=2), "a password file named, no value"),
    ("nmconnection/ipv4-manual-address", "nmconnection", "[ipv4]\nmethod=manual\naddress1=10.20.0.41/24,10.20.0.1\ndns=10.20.0.2;", "an address"),
    ("grafana/panels-timezone-and-theme", "grafana_ini", "[users]\ndefault_theme = light\n[date_formats]\ndefault_timezone = Atlantic/Reykjavik", "display settings"),
    ("wpconfig/disallow-file-edit", "wp_config", "define( 'DISALLOW_FILE_EDIT', true );\ndefine( 'WP_AUTO_UPDATE_CORE', 'minor' );", "site flags"),
    ("fetchmailrc/keep-and-fetchlimit", "fetchmailrc", "set no bouncemail\ndefaults keep fetchlimit 50", "fetch settings"),
    ("logstash/filter-date-match", "logstash_conf", "filter {\n  date {\n    match => [\"timi\", \"ISO8601\"]\n    timezone => \"Atlantic/Reykjavik\"\n  }\n}", "a date filter"),
    ("dockercfg/registry-with-email-only", "dockercfg", json.dumps({"https://cr.example.is": {"email": "rekstur@example.is"}}, indent=2), "a registry with no auth"),
    ("windowsreg/kiosk-autologon-disabled", "windows_reg", "Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Laug\\Soluskjar]\n\"Tungumal\"=\"is-IS\"\n\"Endurraesa\"=dword:00000001", "kiosk settings"),
    ("alertmanager/group-by-and-wait", "alertmanager_yml", "route:\n  group_by: [laug, alertname]\n  group_wait: 30s\n  repeat_interval: 4h", "routing"),
    ("airflow/scheduler-heartbeat", "airflow_cfg", "[scheduler]\nscheduler_heartbeat_sec = 5\nmin_file_process_interval = 60", "scheduler timing"),
    ("mongod/system-log-path", "mongod_conf", "systemLog:\n  destination: file\n  path: /var/log/mongodb/mongod.log\n  logAppend: true", "a log path"),
    ("elasticsearch/index-shards-and-replicas", "elasticsearch_yml", "action.auto_create_index: \".monitoring*,laug-*\"\nindices.memory.index_buffer_size: 15%", "index settings"),
    ("gitlabrb/registry-external-url", "gitlab_rb", "registry_external_url 'https://cr.example.is'\ngitlab_rails['registry_enabled'] = true", "a registry address"),
    ("superset/row-limit-and-cache-timeout", "superset_config", "ROW_LIMIT = 10000\nCACHE_DEFAULT_TIMEOUT = 600\nBABEL_DEFAULT_LOCALE = \"is\"", "limits"),
    ("prometheus/alerting-alertmanagers-target", "prometheus_yml", "alerting:\n  alertmanagers:\n    - static_configs:\n        - targets: ['alertmanager:9093']", "an alert target"),
    ("vector/source-file-include", "vector_toml", "[sources.laug_atburdir]\ntype = \"file\"\ninclude = [\"/var/log/laug/*.log\"]\nread_from = \"end\"", "a log source"),
    ("vector/transform-remap-level", "vector_toml", "[transforms.stig]\ntype = \"remap\"\ninputs = [\"laug_atburdir\"]\nsource = '.level = downcase(string!(.level))'", "a transform"),
    ("pgbackrest/retention-full-and-diff", "pgbackrest_conf", "[global]\nrepo1-retention-full=2\nrepo1-retention-diff=6\nprocess-max=4\nstart-fast=y", "retention settings"),
    ("pgbackrest/info-output-backups", "pgbackrest_conf", "$ pgbackrest --stanza=gestir info\nstanza: gestir\n    status: ok\n    cipher: aes-256-cbc\n        full backup: 20261220-013001F", "backup listing, a cipher named"),
    ("curlrc/netrc-file-named", "curlrc", "# innskráning er lesin úr skránni, ekki skrifuð hér\nnetrc-file = \"~/.config/laug/netrc\"\nretry = 3", "a credential file named, no value"),
    ("curlrc/user-agent-and-compressed", "curlrc", "user-agent = \"laug-skyrsla/2.1\"\ncompressed\nlocation", "request settings"),
    ("sssd/krb5-keytab-path", "sssd_conf", "[domain/laug.example.is]\nauth_provider = krb5\nkrb5_realm = LAUG.EXAMPLE.IS\nkrb5_keytab = /etc/krb5.keytab", "a keytab path, no key"),
    ("sssd/cache-and-enumerate", "sssd_conf", "[sssd]\ndomains = laug.example.is\nservices = nss, pam\n\n[nss]\nentry_cache_timeout = 600", "cache settings"),
    ("kibana/i18n-locale-and-ports", "kibana_yml", "server.port: 5601\nserver.host: \"0.0.0.0\"\ni18n.locale: \"en\"", "ports"),
    ("kibana/keystore-list-names", "kibana_yml", "$ bin/kibana-keystore list\nelasticsearch.serviceAccountToken\nxpack.encryptedSavedObjects.encryptionKey", "setting names, no values"),
    ("ldapconf/tls-cacert-and-reqcert", "ldap_conf", "BASE dc=example,dc=is\nURI ldaps://ldap.example.is\nTLS_CACERT /etc/ssl/certs/ca-certificates.crt\nTLS_REQCERT demand", "TLS settings"),
    ("ldapconf/sasl-gssapi-no-bindpw", "ldap_conf", "SASL_MECH GSSAPI\nSASL_REALM LAUG.EXAMPLE.IS\nSIZELIMIT 500", "a login by Kerberos, no password"),
]
ORDINARY = [(shape, context, lambda text=text: text, why) for shape, context, text, why in ORDINARY_TEXTS]


def build() -> list[dict]:
    return build_part(DRAWN, _placed(), place, icelandic_prose, ORDINARY)


if __name__ == "__main__":
    write(build(), Path(__file__).with_name("fresh27.jsonl"))
