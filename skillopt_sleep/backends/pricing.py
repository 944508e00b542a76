"""Dollar cost of model calls from the price table in `data/prices.json`.

A model that is not in the table has an unknown price: lookups return None and callers report
the cost as unknown rather than as free.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from skillopt_sleep.backends.base import Completion, Usage
from skillopt_sleep.errors import ConfigError

PER_MILLION = 1_000_000
_DATE_SUFFIX = re.compile(r"-(\d{8}|\d{4}-\d{2}-\d{2})$")
_PROVIDER_PREFIX = re.compile(r"^(anthropic|openai)[/:]")
_FIELDS = ("input", "output", "cache_write", "cache_read", "batch")


@dataclass(frozen=True)
class ModelPrice:
    """USD per million tokens; `batch` multiplies every component for batch APIs."""

    model: str
    provider: str
    input: float
    output: float
    cache_write: float
    cache_read: float
    batch: float = 1.0
    long_context: "ModelPrice | None" = None  # rates for prompts above long_context_above tokens
    long_context_above: int | None = None

    def cost(self, usage: Usage, *, batch: bool = False) -> float:
        rates = self
        prompt = usage.input_tokens + usage.cache_read_tokens + usage.cache_write_tokens
        if self.long_context is not None and self.long_context_above is not None and prompt > self.long_context_above:
            rates = self.long_context
        dollars = (
            usage.input_tokens * rates.input
            + usage.output_tokens * rates.output
            + usage.cache_write_tokens * rates.cache_write
            + usage.cache_read_tokens * rates.cache_read
        ) / PER_MILLION
        return dollars * (self.batch if batch else 1.0)


@dataclass(frozen=True)
class PriceTable:
    prices: dict[str, ModelPrice]
    aliases: dict[str, str]

    @classmethod
    def from_dict(cls, data: dict, where: str = "prices.json") -> "PriceTable":
        if not isinstance(data, dict) or not isinstance(data.get("models"), dict):
            raise ConfigError(f"{where}: expected an object with a 'models' mapping")
        prices = {}
        for model, row in data["models"].items():
            base = _rates(model, row, where)
            tier = row.get("long_context")
            if tier is not None:
                if not isinstance(tier, dict) or not isinstance(tier.get("above_input_tokens"), int):
                    raise ConfigError(f"{where}: model {model!r}: long_context needs an integer above_input_tokens")
                base = replace(base, long_context=_rates(model, tier, where), long_context_above=int(tier["above_input_tokens"]))
            prices[model] = base
        aliases = {str(k): str(v) for k, v in (data.get("aliases") or {}).items()}
        return cls(prices, aliases)

    @classmethod
    def load(cls, path: Path | str | None = None) -> "PriceTable":
        if path is None:
            return default_table()
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ConfigError(f"{path}: cannot read the price table: {exc}") from None
        return cls.from_dict(data, str(path))

    def canonical(self, model: str) -> str:
        """The table's name for `model`: aliases resolved, provider prefixes and dated
        snapshot suffixes (claude-haiku-4-5-20251001, gpt-4.1-2025-04-14) removed."""
        name = _PROVIDER_PREFIX.sub("", model.strip())
        name = self.aliases.get(name, name)
        if name in self.prices:
            return name
        undated = _DATE_SUFFIX.sub("", name)
        return self.aliases.get(undated, undated)

    def lookup(self, model: str) -> ModelPrice | None:
        return self.prices.get(self.canonical(model))

    def cost(self, model: str, usage: Usage, *, batch: bool = False) -> float | None:
        price = self.lookup(model)
        return None if price is None else price.cost(usage, batch=batch)


def _rates(model: str, row: object, where: str) -> ModelPrice:
    if not isinstance(row, dict) or any(not isinstance(row.get(f, 1.0), (int, float)) for f in _FIELDS):
        raise ConfigError(f"{where}: model {model!r} needs numeric {', '.join(_FIELDS)}")
    missing = [f for f in ("input", "output") if f not in row]
    if missing:
        raise ConfigError(f"{where}: model {model!r} lacks {', '.join(missing)}")
    return ModelPrice(
        model=model,
        provider=str(row.get("provider", "")),
        input=float(row["input"]),
        output=float(row["output"]),
        cache_write=float(row.get("cache_write", row["input"])),
        cache_read=float(row.get("cache_read", row["input"])),
        batch=float(row.get("batch", 1.0)),
    )


@lru_cache(maxsize=1)
def default_table() -> PriceTable:
    """The packaged table (read once; it is package data, not user state)."""
    text = resources.files("skillopt_sleep").joinpath("data/prices.json").read_text(encoding="utf-8")
    return PriceTable.from_dict(json.loads(text), "skillopt_sleep/data/prices.json")


def unknown_price_note(model: str, backend: str) -> str:
    return (
        f"{backend}: model {model!r} has no entry in the price table, so its dollar cost is unknown "
        "(tokens are still counted; budget.max_usd cannot limit it, use budget.max_tokens)"
    )


def priced_completion(price: ModelPrice | None, usage: Usage, *, batch: bool, **fields: Any) -> Completion:
    """A provider's reply as a Completion, its cost `usage` at `price` (0.0 without one)."""
    return Completion(usage=usage, cost_usd=cost_or_zero(price, usage, batch=batch), **fields)


def cost_or_zero(price: ModelPrice | None, usage: Usage, *, batch: bool = False) -> float:
    """The dollar cost of `usage`; 0.0 without a price (the backend reports the cost as unknown)."""
    return price.cost(usage, batch=batch) if price else 0.0
