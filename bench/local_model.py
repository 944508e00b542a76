"""Speed and tool-call figures of the embedded local model (default: qwen2.5-coder-0.5b).

Prints the time to resolve (join + verify, or the cheap stamp check) and to load the weights,
tokens per second for a plain prompt and for a JSON-schema-constrained prompt (and stores the
prompt and output speeds in the data folder, where `dry-run --estimate` reads them), and, with
`--tool-tasks N`, how often the model makes a valid and sensible `search` call on the first N
gbrain quick-answerer tasks under a skill that tells it to search first (and under the seed's
own skill, which forbids tools), and whether it then answers from the result; `--native-tools`
adds the same count for the model's own chat-template tool format without a grammar.

    python bench/local_model.py [--model NAME] [--model-path FILE] [--threads N] [--tool-tasks 5] [--native-tools]
"""

from __future__ import annotations

import argparse
import json
import re
import time

from skillopt_sleep.backends.base import CompletionRequest, Message
from skillopt_sleep.backends.llamapool import LlamaPool, available_threads, require_llama_cpp
from skillopt_sleep.backends.local import LocalBackend
from skillopt_sleep.backends.localmodel import resolve
from skillopt_sleep.night.plan.duration import save_local_speed
from skillopt_sleep.paths import data_dir

PLAIN_PROMPT = "Explain in about 120 words what a hash table is and when to use one."
SCHEMA_PROMPT = "Summarise in JSON the main trade-offs of a hash table: a title and four short points."
SCHEMA = {
    "type": "object",
    "properties": {"title": {"type": "string"}, "points": {"type": "array", "items": {"type": "string"}, "minItems": 4}},
    "required": ["title", "points"],
}
SEARCH_FIRST_SKILL = (
    "# Quick Answerer\n\nBefore you answer, always call the search tool to look the question's topic up "
    "in the brain. Then answer from what the search returned."
)


def timed_reply(backend: LocalBackend, request: CompletionRequest, runs: int) -> tuple[float, int, int]:
    """Best wall time over `runs`, with the prompt and output token counts of that run."""
    best = None
    for _ in range(runs):
        started = time.perf_counter()
        reply = backend.complete(request)
        elapsed = time.perf_counter() - started
        if best is None or elapsed < best[0]:
            best = (elapsed, reply.usage.input_tokens, reply.usage.output_tokens)
    assert best is not None
    return best


def speed(backend: LocalBackend, runs: int) -> tuple[float, float]:
    """Prints the figures; returns (prompt tokens/s, output tokens/s of the plain prompt)."""
    prefill = CompletionRequest(system="You are a concise technical writer.", messages=[Message("user", PLAIN_PROMPT * 30)],
                                max_tokens=1, temperature=0.0, seed=1)
    elapsed, prompt_tokens, _ = timed_reply(backend, prefill, runs)
    prompt_rate = prompt_tokens / elapsed
    print(f"{'prompt':<12} {prompt_tokens:>4} tokens read in {elapsed:6.2f} s = {prompt_rate:6.1f} tokens/s (best of {runs})")
    output_rate = 0.0
    for label, request in (
        ("plain", CompletionRequest(system="You are a concise technical writer.", messages=[Message("user", PLAIN_PROMPT)],
                                    max_tokens=200, temperature=0.0, seed=1)),
        ("json-schema", CompletionRequest(system="You reply in JSON.", messages=[Message("user", SCHEMA_PROMPT)],
                                          max_tokens=200, temperature=0.0, seed=1, json_schema=SCHEMA)),
    ):
        elapsed, prompt_tokens, output_tokens = timed_reply(backend, request, runs)
        print(f"{label:<12} {output_tokens:>4} tokens in {elapsed:6.2f} s = {output_tokens / elapsed:6.1f} tokens/s "
              f"(prompt {prompt_tokens} tokens, best of {runs})")
        output_rate = output_rate or output_tokens / elapsed
    return prompt_rate, output_rate


def quick_answerer():
    from skillopt_sleep.benchmarks.gbrain import load

    return load({"seed": "quick-answerer"})


def tool_calls(backend: LocalBackend, n_tasks: int, skill_text: str, label: str) -> None:
    """The strict tool-call format: a search call, its result, then the answer."""
    from skillopt_sleep.students.base import system_prompt

    bench = quick_answerer()
    tasks = bench.tasks[:n_tasks]
    system = system_prompt(skill_text)
    valid = sensible = answered = 0
    for task in tasks:
        search = bench.tool_provider(task)
        expected = search.rank(task.intent)[0][1].slug
        messages = [Message("user", task.intent)]
        first = backend.complete(CompletionRequest(system=system, messages=messages, tools=search.specs(),
                                                   max_tokens=120, temperature=0.0, seed=1))
        call = first.tool_calls[0] if first.tool_calls else None
        query = call.arguments.get("query") if call else None
        is_valid = bool(call and call.name == "search" and isinstance(query, str) and query.strip())
        ranked = search.rank(query) if is_valid else []
        is_sensible = bool(ranked and ranked[0][1].slug == expected)
        is_answered = False
        if is_valid:
            messages += [Message("assistant", first.text, tool_calls=first.tool_calls),
                         Message("tool", search.call("search", call.arguments), tool_call_id=call.call_id)]
            second = backend.complete(CompletionRequest(system=system, messages=messages, tools=search.specs(),
                                                        max_tokens=200, temperature=0.0, seed=1))
            is_answered = not second.tool_calls and bool(second.text.strip())
        valid += is_valid
        sensible += is_sensible
        answered += is_answered
        shown = f"search({query!r})" if is_valid else f"no call, answered {first.text[:60]!r}"
        print(f"  {task.task_id}: {shown}{' top-1 ok' if is_sensible else ''}{' -> answered' if is_answered else ''}")
    n = len(tasks)
    print(f"tool calls ({label}): valid search call {valid}/{n}, sensible (its top-1 page is the task's topic) "
          f"{sensible}/{n}, answered from the result {answered}/{n}")


TOOL_CALL_BLOCK = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.S)


def native_tool_calls(backend: LocalBackend, pool: LlamaPool, n_tasks: int) -> None:
    """For contrast: the model's own chat-template tool format, unconstrained, as an
    OpenAI-style server would run it."""
    from skillopt_sleep.students.base import system_prompt

    bench = quick_answerer()
    tasks = bench.tasks[:n_tasks]
    system = system_prompt(SEARCH_FIRST_SKILL)
    llama = pool.get(backend.path, backend.n_ctx, backend.n_threads).llama
    valid = wrong_name = 0
    for task in tasks:
        spec = bench.tool_provider(task).specs()[0]
        tools = [{"type": "function", "function": {"name": spec.name, "description": spec.description, "parameters": spec.parameters}}]
        reply = llama.create_chat_completion(messages=[{"role": "system", "content": system}, {"role": "user", "content": task.intent}],
                                             tools=tools, temperature=0.0, seed=1, max_tokens=120)
        text = reply["choices"][0]["message"].get("content") or ""
        match = TOOL_CALL_BLOCK.search(text)
        body = match.group(1) if match else text.strip()  # the 0.5B often drops the <tool_call> tags
        try:
            call = json.loads(body)
        except ValueError:
            call = None
        arguments = call.get("arguments") if isinstance(call, dict) else None
        ok = bool(isinstance(call, dict) and call.get("name") == "search" and isinstance(arguments, dict)
                  and isinstance(arguments.get("query"), str) and arguments["query"].strip())
        misnamed = isinstance(call, dict) and call.get("name") not in (None, "search")
        valid += ok
        wrong_name += misnamed
        print(f"  {task.task_id}: {'ok ' if ok else 'BAD'} {text[:90]!r}")
    print(f"tool calls (native template, no grammar): valid search call {valid}/{len(tasks)}, "
          f"a call with another name (often the question) {wrong_name}/{len(tasks)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="", help="known model name (default: qwen2.5-coder-0.5b)")
    parser.add_argument("--model-path", help="any GGUF file instead of a packaged model")
    parser.add_argument("--threads", type=int, default=available_threads())
    parser.add_argument("--n-ctx", type=int, default=4096)
    parser.add_argument("--runs", type=int, default=2, help="timed runs per prompt (the best is printed)")
    parser.add_argument("--tool-tasks", type=int, default=5, help="gbrain tasks for the tool-call figures (0 = skip)")
    parser.add_argument("--native-tools", action="store_true", help="also measure the model's own tool format, unconstrained")
    args = parser.parse_args()

    require_llama_cpp()
    started = time.perf_counter()
    resolved = resolve(args.model, args.model_path)
    print(f"model        {resolved.name} at {resolved.path}")
    print(f"resolve      {time.perf_counter() - started:6.2f} s (join + verify on first use, then a stamp check)")
    pool = LlamaPool()  # a private pool so the load below is really a load
    backend = LocalBackend(resolved, n_ctx=args.n_ctx, n_threads=args.threads, pool=pool)
    started = time.perf_counter()
    pool.get(backend.path, backend.n_ctx, backend.n_threads)
    print(f"load         {time.perf_counter() - started:6.2f} s ({args.threads} threads, n_ctx {args.n_ctx})")
    prompt_rate, output_rate = speed(backend, args.runs)
    print(f"stored for dry-run --estimate: {save_local_speed(data_dir(), resolved.name, prompt_rate, output_rate)}")
    if args.tool_tasks:
        tool_calls(backend, args.tool_tasks, SEARCH_FIRST_SKILL, "a skill that says to search first")
        tool_calls(backend, args.tool_tasks, quick_answerer().skill_text, "the seed skill, which forbids tools")
        if args.native_tools:
            native_tool_calls(backend, pool, args.tool_tasks)


if __name__ == "__main__":
    main()
