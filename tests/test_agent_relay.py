"""The relay a headless agent reaches its model through: only the API's own requests, to the API's
own host and port, each counted as it is forwarded, with the key added here and never taken from
the sandbox. "The outside" of every test is a server the test runs on 127.0.0.1."""

from __future__ import annotations

import json
import socket

import pytest

from skillopt_sleep.students.claude import HeadlessClaude
from skillopt_sleep.students.codex import HeadlessCodex
from skillopt_sleep.students.forward import Route
from skillopt_sleep.students.keys import PLACEHOLDER, placeholder
from skillopt_sleep.students.relay import Egress
from tests.fakes import FakeAnthropic, FakeOpenAI, text

KEY = "sk-ant-api03-real-key-7f3a"
BODY = json.dumps({"model": "claude-haiku-4-5", "max_tokens": 16, "messages": [{"role": "user", "content": "hi"}]})


def anthropic_route(fake: FakeAnthropic) -> Route:
    return HeadlessClaude(cli=None, model="claude-haiku-4-5", base_url=fake.url, api_env={"ANTHROPIC_API_KEY": KEY}).route()


def send(egress: Egress, raw: bytes) -> bytes:
    """What the relay answers `raw`, sent on one connection as the sandbox would."""
    client = socket.socket(socket.AF_UNIX)
    client.settimeout(20)
    client.connect(str(egress.path))
    client.sendall(raw)
    answer = b""
    while chunk := client.recv(65536):
        answer += chunk
    client.close()
    return answer


def post(path: str, body: str = BODY, *, key: str = placeholder(KEY), extra: str = "") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:18080\r\nx-api-key: {key}\r\nanthropic-version: 2023-06-01\r\n"
            f"content-type: application/json\r\n{extra}Content-Length: {len(body.encode())}\r\n\r\n{body}").encode()


def test_the_cli_holds_a_placeholder_and_the_relay_adds_the_key(tmp_path):
    agent = HeadlessClaude(cli=None, model="m", base_url="http://127.0.0.1:1", api_env={"ANTHROPIC_API_KEY": KEY})
    inside = agent.env("http://127.0.0.1:18080")
    assert KEY not in json.dumps(inside) and inside["ANTHROPIC_API_KEY"] == "sk-ant-api03-" + PLACEHOLDER
    codex = HeadlessCodex(cli=None, model="m", base_url="http://127.0.0.1:1/v1", api_env={"OPENAI_API_KEY": "sk-proj-s3cr3t"})
    assert "s3cr3t" not in json.dumps(codex.env("x")) and codex.route().credentials == {"authorization": "Bearer sk-proj-s3cr3t"}
    with FakeAnthropic(api_key=KEY) as fake, Egress(tmp_path / "egress", anthropic_route(fake)) as egress:
        fake.push(text("hello"))
        answer = send(egress, post("/v1/messages?beta=true"))
        [seen] = fake.model_requests()
    assert answer.startswith(b"HTTP/1.") and b" 200 " in answer.split(b"\r\n")[0] and b"hello" in answer
    assert b"connection: close" in answer.lower()
    assert seen.headers["x-api-key"] == KEY and PLACEHOLDER not in json.dumps(seen.headers)
    assert egress.forwarded == 1 and egress.refused == []


@pytest.mark.parametrize("raw, status", [
    (b"GET /v1/models HTTP/1.1\r\nHost: x\r\n\r\n", b"403"),
    (b"GET /v1/messages HTTP/1.1\r\nHost: x\r\n\r\n", b"403"),
    (post("/v1/files"), b"403"),
    (post("/v1/messages/../models"), b"403"),
    (post("/v1/batches"), b"403"),
    (b"DELETE /v1/messages HTTP/1.1\r\nHost: x\r\n\r\n", b"403"),
])
def test_only_the_apis_own_methods_and_paths_are_forwarded(tmp_path, raw, status):
    with FakeAnthropic(api_key=KEY) as fake, Egress(tmp_path / "egress", anthropic_route(fake)) as egress:
        answer = send(egress, raw)
        requests = list(fake.requests)
    assert answer.split(b"\r\n")[0].split(b" ")[1] == status, answer
    assert requests == [] and egress.forwarded == 0 and len(egress.refused) == 1


def test_no_other_host_or_port_is_reached_through_the_relay(tmp_path):
    with FakeAnthropic(api_key=KEY) as fake, FakeAnthropic() as other, \
            Egress(tmp_path / "egress", anthropic_route(fake)) as egress:
        other.push(text("reached the other server"))
        fake.push(text("the API"))
        elsewhere = f"127.0.0.1:{other.port}"
        answers = [
            send(egress, f"CONNECT {elsewhere} HTTP/1.1\r\nHost: {elsewhere}\r\n\r\n".encode()),
            send(egress, f"CONNECT 127.0.0.1:{fake.port} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()),
            send(egress, post(f"http://{elsewhere}/v1/messages")),
            send(egress, post("/v1/messages").replace(b"Host: 127.0.0.1:18080", f"Host: {elsewhere}".encode())),
        ]
        reached_other, reached_fake = list(other.requests), fake.model_requests()
        api = f"127.0.0.1:{fake.port}"
    assert [a.split(b"\r\n")[0].split(b" ")[1] for a in answers[:3]] == [b"405", b"405", b"405"]
    assert b"the API" in answers[3]  # a Host header of the sandbox's choosing changes nothing
    assert reached_other == [] and len(reached_fake) == 1 and reached_fake[0].headers["host"] == api


def test_every_request_that_reaches_the_api_is_counted_even_one_hidden_in_a_body(tmp_path):
    hidden = post("/v1/messages").decode()
    smuggled = post("/v1/messages") + hidden.encode()  # a second request after the first's body
    both = post("/v1/messages", extra="Transfer-Encoding: chunked\r\n")  # two framings: which one the API reads is unsure
    with FakeAnthropic(api_key=KEY) as fake, Egress(tmp_path / "egress", anthropic_route(fake), max_requests=2) as egress:
        fake.respond_with(lambda request: text("ok"))
        first = send(egress, smuggled)
        ambiguous = send(egress, both)
        second = send(egress, post("/v1/messages"))
        third = send(egress, post("/v1/messages"))
        seen = fake.model_requests()
    assert b" 200 " in first.split(b"\r\n")[0] and first.count(b"HTTP/1.1 ") == 1
    assert b" 400 " in ambiguous.split(b"\r\n")[0]
    assert b" 200 " in second.split(b"\r\n")[0]
    assert b" 400 " in third.split(b"\r\n")[0] and b"turn limit" in third
    assert len(seen) == 2 == egress.forwarded and egress.budget.sent == 2


def test_a_chunked_request_is_forwarded_with_its_own_length(tmp_path):
    body = json.dumps({"model": "gpt-5-mini", "input": "hi"}).encode()
    chunked = (b"POST /v1/responses HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + placeholder("sk-proj-k").encode()
               + b"\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
               + b"%x\r\n" % 10 + body[:10] + b"\r\n" + b"%x\r\n" % (len(body) - 10) + body[10:] + b"\r\n0\r\n\r\n")
    with FakeOpenAI(api_key="sk-proj-k") as fake:
        route = HeadlessCodex(cli=None, model="m", base_url=fake.base_url, api_env={"OPENAI_API_KEY": "sk-proj-k"}).route()
        with Egress(tmp_path / "egress", route) as egress:
            fake.push(text("fine"))
            answer = send(egress, chunked.replace(b"/v1/responses", route_path(route, "/responses")))
            [seen] = fake.requests
    assert b" 200 " in answer.split(b"\r\n")[0], answer[:300]
    assert seen.body == body and seen.headers["content-length"] == str(len(body)) and "transfer-encoding" not in seen.headers


def route_path(route: Route, suffix: str) -> bytes:
    return next(path for method, path in route.allowed if path.endswith(suffix)).encode()
