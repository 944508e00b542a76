"""Where a secret is kept, written in a secret store's documented reference syntax.

A tool resolves such a value to the secret when it runs; the value itself only names the store and
the path under which the secret is kept, as public as the name of an environment variable. Read in
a value's place (quoted, after an auth scheme's word, or URL-encoded in a URL or a query string).
"""

from __future__ import annotations

from urllib.parse import unquote

from skillopt_sleep.capture.lazy_regex import lazy

_STORE_REFERENCE = lazy(
    # An Amazon Resource Name: the partition, service, region, account and the resource's path
    # (an SSM parameter, a Secrets Manager secret), never the value stored under it.
    r"arn:aws(?:-[a-z]+)*:[a-z0-9\-]+:[a-z0-9\-]*:\d{12}:[\w./:+=@,\-]+"
    # A CloudFormation dynamic reference: `{{resolve:secretsmanager:<id>:SecretString:<key>}}`.
    r"|\{\{resolve:(?:ssm|ssm-secure|secretsmanager):[^{}\s]+\}\}"
    # Berglas: `sm://<project>/<secret>[#<version>]`, `berglas://<bucket>/<object>`.
    r"|(?:sm|berglas)://[\w.\-]+/[\w./\-]+(?:#\w+)?"
    # A 1Password secret reference: `op://<vault>/<item>/[<section>/]<field>[?attribute=...]`.
    r"|op://[^\s/]+/[^\s/]+/[^\s/?]+(?:/[^\s/?]+)?(?:\?[\w=&\-]+)?"
    # vals: `ref+<backend>://<path>[#/<key path>][+]`.
    r"|ref\+[a-z0-9]+://[^\s\"'<>]+"
    # An Azure Pipelines macro (`$(System.AccessToken)`), a variable the agent fills in; or a shell's
    # command substitution (`$(bws secret get <id>)`, `$(vault kv get -field=x ...)`), whose program
    # prints the secret when the line runs: the text names a command, never the value.
    r"|\$\([A-Za-z_][\w.\-]*(?:[ \t]+[^\s()$`;|&<>]+)*\)"
    # A Jenkins pipeline's `credentials('<id>')`: the id of an entry in Jenkins' credentials store.
    r"|credentials\((?:'[\w.:/@\-]+'|\"[\w.:/@\-]+\")\)"
    # A Terraform interpolation of a data source, variable, local or module output
    # (`${data.aws_secretsmanager_secret_version.x.secret_string}`, `${var.db_password}`).
    r"|\$\{(?:data|var|local|module)\.[\w.\-\[\]\"]+\}"
    # A Hiera interpolation of a lookup (`%{lookup('profile::db::password')}`, `%{hiera('x')}`, `%{alias('x')}`).
    r"|%\{(?:lookup|hiera|alias|literal)\((?:'[\w.:/\-]+'|\"[\w.:/\-]+\")\)\}")
# A value may carry an auth scheme's word before it (`Bearer sm://...`), as a header's is written.
_SCHEME = lazy(r"(?:Bearer|Token|token|bearer)[ \t]+")
# Texts holding none of these hold no reference: most values are tested by a substring only.
_MARKS = ("arn:aws", "{{resolve:", "://", "$(", "%", "credentials(", "${")


def store_reference(value: str) -> bool:
    """`value` (quotes around it allowed) is a reference to a secret kept in a store, not a secret."""
    if not any(mark in value for mark in _MARKS):
        return False
    bare = value.strip().strip("'\"")
    if "%" in bare:
        bare = unquote(bare)
    scheme = _SCHEME.match(bare)
    if scheme:
        bare = bare[scheme.end():]
    return _STORE_REFERENCE.fullmatch(bare) is not None


def quoted_reference_at(text: str, start: int) -> bool:
    """A quoted literal opening at `start` holds a reference whose own quotes are the same as its
    (`'credentials('id')'`, as a generated file writes it): a pattern that stops at the first inner
    quote would take `credentials(` for the value."""
    quote = text[start:start + 1]
    if quote not in ("'", '"') or not any(mark in text[start:start + 200] for mark in _MARKS):
        return False
    found = _STORE_REFERENCE.match(text, start + 1)
    return found is not None and text[found.end():found.end() + 1] == quote
