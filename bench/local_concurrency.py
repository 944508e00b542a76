"""Throughput of the embedded local model with several replies in flight, beside one at a time.

    python bench/local_concurrency.py [--model NAME] [--replies 4] [--max-tokens 120]

Each instance of the local backend computes one reply at a time; by default there are two
(`local.instances`, see `llamapool.local_layout`). This measures, in one run on this machine,
what more instances pay: the same `--replies` requests answered (a) one after another by one
model instance using all cores (the reference), and (b) by K model instances in parallel threads
(K = 2 and 4), the cores split between them (llama.cpp releases the GIL while it computes).
Prints output tokens per second of wall time for each, and the ratio to the reference.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ThreadPoolExecutor

from skillopt_sleep.backends.llamapool import require_llama_cpp
from skillopt_sleep.backends.localmodel import resolve

PROMPTS = [
    "Explain in about 100 words what a hash table is and when to use one.",
    "Explain in about 100 words what a message queue is and when to use one.",
    "Explain in about 100 words what an index in a database is and when to add one.",
    "Explain in about 100 words what a cache is and when it hurts.",
]


def answer(llama, prompt: str, max_tokens: int) -> int:
    reply = llama.create_chat_completion(messages=[{"role": "user", "content": prompt}], max_tokens=max_tokens,
                                         temperature=0.0, seed=1)
    return int(reply["usage"]["completion_tokens"])


def run(instances: list, prompts: list[str], max_tokens: int) -> tuple[float, int]:
    """Wall seconds and output tokens for all prompts, instance i taking prompts i, i+K, ..."""
    started = time.perf_counter()
    if len(instances) == 1:
        tokens = sum(answer(instances[0], p, max_tokens) for p in prompts)
    else:
        def share(index: int) -> int:
            return sum(answer(instances[index], p, max_tokens) for p in prompts[index::len(instances)])
        with ThreadPoolExecutor(max_workers=len(instances)) as pool:
            tokens = sum(pool.map(share, range(len(instances))))
    return time.perf_counter() - started, tokens


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default="qwen2.5-coder-0.5b")
    parser.add_argument("--replies", type=int, default=4)
    parser.add_argument("--max-tokens", type=int, default=120)
    args = parser.parse_args()
    require_llama_cpp()
    from llama_cpp import Llama  # the optional extra, present once require_llama_cpp passed

    path = resolve(args.model, None).path
    cores = os.cpu_count() or 1
    prompts = [PROMPTS[i % len(PROMPTS)] for i in range(args.replies)]
    print(f"{args.model}, {cores} cores, {args.replies} replies of up to {args.max_tokens} tokens")
    reference = None
    for k in (1, 2, 4):
        threads = max(1, cores // k)
        instances = [Llama(model_path=str(path), n_ctx=2048, n_threads=threads, n_threads_batch=threads, verbose=False)
                     for _ in range(k)]
        answer(instances[0], "Say hi.", 4)  # warm up
        wall, tokens = run(instances, prompts, args.max_tokens)
        rate = tokens / wall
        reference = reference or rate
        label = "one at a time (reference)" if k == 1 else f"{k} in parallel"
        print(f"{label:<28} {k} instance(s) x {threads} thread(s): {tokens} tokens in {wall:6.1f} s = "
              f"{rate:5.1f} tokens/s ({rate / reference:.2f}x)")
        del instances
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
