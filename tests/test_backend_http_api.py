"""What the HTTP API backends share: a server that is not running is reported at once, by URL."""

from __future__ import annotations

import socket

import pytest

from skillopt_sleep.backends import CompletionRequest, Message, create_backend
from skillopt_sleep.errors import BackendError


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


def closed_loopback_port() -> int:
    """A port on 127.0.0.1 that was just free, so a connection to it is refused."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize(("backend", "path"), [("openai", "/v1"), ("anthropic", "")])
def test_a_refused_connection_fails_at_once_naming_the_url(backend, path):
    url = f"http://127.0.0.1:{closed_loopback_port()}{path}"
    # The default policy would retry a dropped connection 4 times over ~19 s.
    model = create_backend(backend, "some-model", {"base_url": url, "api_key": "unused"})
    request = CompletionRequest(system="", messages=[Message("user", "Hello?")], max_tokens=5)
    with pytest.raises(BackendError) as info:
        model.complete(request)
    assert str(info.value) == f"cannot reach {url}: connection refused; is the server running?"
    assert model.retries.count == 0
    model.close()
