"""The llama.cpp side of the local backend: loading a GGUF model once per process, and a
context that keeps the skill's tokens evaluated between calls.

llama_cpp is imported only where a model is loaded or prompted: it is a heavy optional
dependency (the `local` extra), and the rest of the package must import without it.
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skillopt_sleep.backends.pipextras import LOCAL_BACKEND, install_command
from skillopt_sleep.errors import BackendError, ModelUnavailableError

def require_llama_cpp() -> None:
    if importlib.util.find_spec("llama_cpp") is None:
        raise ModelUnavailableError(
            "the local backend needs llama-cpp-python, which is not installed; install it with: "
            + install_command(LOCAL_BACKEND, only=["llama-cpp-python"])
        )


def available_threads() -> int:
    """The cores this process may run on, less one.

    llama.cpp's worker threads spin while they wait for each other, so one thread that loses
    its core to another process stalls them all: on 2 cores with one other busy process the
    0.5B wrote 2.5 tokens/s with 2 threads and 19.5 with 1. One core is left to the rest of
    the machine; `local.threads` overrides this.
    """
    return max(1, usable_cores() - 1)


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def local_layout(instances: int | None = None, threads: int | None = None) -> tuple[int, int]:
    """(instances, threads each) of the local model: as given, else two instances where the cores
    hold two of the given thread count (one by default), sharing the threads `available_threads`
    allows (at least one each). More threads than cores would spin against each other.

    Instances answer different calls at once, each with a context of its own, while llama.cpp
    splits one reply over threads poorly: on 2 cores the 0.5B wrote 28 tokens/s with one
    single-thread instance (what one core less gave), 43 with one instance on both cores and 52-55
    with two single-thread instances (`bench/local_concurrency.py`). A single-thread instance also
    never spins waiting for a thread that lost its core, so two of them may use both cores.
    The instances map the same weights file, whose pages they share; each adds its own context
    (about 130 MB for the 0.5B)."""
    count = instances or max(1, min(2, usable_cores() // (threads or 1)))
    return count, threads or max(1, available_threads() // count)


class Deadline:
    """A llama.cpp stopping criterion that ends generation once the call's time is up."""

    def __init__(self, seconds: float | None):
        self.at = time.monotonic() + seconds if seconds else None
        self.fired = False

    def __call__(self, tokens: Any, logits: Any) -> bool:
        if self.at is not None and time.monotonic() >= self.at:
            self.fired = True
        return self.fired


@dataclass
class Prompt:
    tokens: list[int]
    prefix: tuple[int, ...]  # the leading tokens shared by every call with the same system prompt
    stop: list[str]  # end-of-generation tokens end a reply anyway; this catches them as text


class LoadedModel:
    """One llama.cpp model and context. A context is not thread-safe: callers hold `lock`.

    Reproducibility: the same request and seed must give the same reply, but logits differ in
    their last bits with how the prompt was split into evaluation batches, which prefix reuse
    would change from call to call. So the system prefix is always evaluated alone, from an
    empty context, and the rest of the prompt in one go after it; reusing a prefix that was
    evaluated that way changes nothing, and keeps the speed of not re-reading the skill.
    """

    def __init__(self, llama: Any):
        self.llama = llama
        self.lock = threading.Lock()
        self._formatter = _chat_formatter(llama)
        self._prefix: tuple[int, ...] = ()  # what sits alone at the start of the KV cache

    def _tokenize(self, messages: list[dict]) -> list[int]:
        try:
            text = self._formatter(messages=messages).prompt
        except Exception as exc:  # jinja raises its own error types and ValueError
            raise BackendError(f"the model's chat template rejected the conversation: {exc}") from None
        return self.llama.tokenize(text.encode("utf-8"), add_bos=False, special=True)

    def prompt(self, messages: list[dict]) -> Prompt:
        tokens = self._tokenize(messages)
        system_only = self._tokenize(messages[:1]) if messages and messages[0]["role"] == "system" else []
        shared = 0
        for a, b in zip(tokens, system_only):
            if a != b:
                break
            shared += 1
        eos = self._formatter.eos_token
        return Prompt(tokens=tokens, prefix=tuple(tokens[:shared]), stop=[eos] if eos else [])

    def place_prefix(self, prefix: tuple[int, ...]) -> None:
        """Leave exactly `prefix`, evaluated alone, at the start of the context."""
        llama = self.llama
        if prefix and prefix == self._prefix and llama.n_tokens >= len(prefix):
            llama.n_tokens = len(prefix)  # generation drops the rest of the KV cache
            return
        llama.reset()
        self._prefix = ()
        if prefix:
            llama.eval(list(prefix))
            self._prefix = prefix


def _chat_formatter(llama: Any) -> Any:
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter  # noqa: PLC0415 - heavy optional dependency

    template = llama.metadata.get("tokenizer.chat_template")
    if not template:
        raise BackendError("this GGUF file has no chat template in its metadata; use the GGUF of an instruct model")
    eos_id, bos_id = llama.token_eos(), llama.token_bos()

    def text_of(token: int) -> str:
        return llama.detokenize([token], special=True).decode("utf-8", "replace") if token != -1 else ""

    return Jinja2ChatFormatter(template=template, eos_token=text_of(eos_id), bos_token=text_of(bos_id))


class LlamaPool:
    """Loaded models of this process, one per (path, n_ctx, threads, instance): each instance
    is loaded once, when a call first needs it."""

    def __init__(self) -> None:
        self._models: dict[tuple[str, int, int, int], LoadedModel] = {}
        self._lock = threading.Lock()
        self._close_registered = False

    def get(self, path: Path, n_ctx: int, n_threads: int, instance: int = 0) -> LoadedModel:
        key = (str(path), n_ctx, n_threads, instance)
        with self._lock:
            loaded = self._models.get(key)
            if loaded is None:
                loaded = LoadedModel(_load(path, n_ctx, n_threads))
                self._models[key] = loaded
                if not self._close_registered:
                    # Freed at interpreter teardown, llama.cpp objects print tracebacks; free them first.
                    atexit.register(self.close)
                    self._close_registered = True
            return loaded

    def close(self) -> None:
        with self._lock:
            models, self._models = list(self._models.values()), {}
        for loaded in models:
            with loaded.lock:
                loaded.llama.close()

    def loaded(self) -> list[tuple[str, int, int, int]]:
        with self._lock:
            return list(self._models)


def _load(path: Path, n_ctx: int, n_threads: int) -> Any:
    require_llama_cpp()
    from llama_cpp import Llama  # noqa: PLC0415 - heavy optional dependency, only when a model loads

    try:
        return Llama(model_path=str(path), n_ctx=n_ctx, n_threads=n_threads, n_threads_batch=n_threads, verbose=False)
    except (ValueError, RuntimeError) as exc:
        raise BackendError(f"llama.cpp could not load {path}: {exc}") from None


# The process's loaded weights, shared by every LocalBackend (student and teacher alike).
SHARED_POOL = LlamaPool()
