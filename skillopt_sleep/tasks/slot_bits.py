"""Sets of slots (the numbers `SimilarSets` gives its sets) held as Python sets or as the bits of
one integer, bit s for slot s: a meet of two long lists is then a few machine words per 64 slots."""

from __future__ import annotations

from collections.abc import Iterable


def bits_of(slots: Iterable[int]) -> int:
    """The slots as one integer, bit s set for slot s, made in one pass."""
    slots = list(slots)
    if not slots:
        return 0
    field = bytearray(max(slots) // 8 + 1)
    for slot in slots:
        field[slot >> 3] |= 1 << (slot & 7)
    return int.from_bytes(field, "little")


def field_of(bits: int) -> bytes:
    """The bits as bytes, lowest first: a bit test on them costs the same at any slot."""
    return bits.to_bytes((bits.bit_length() + 7) // 8, "little")


def slots_in(bits: int) -> list[int]:
    found = []
    while bits:
        lowest = bits & -bits
        found.append(lowest.bit_length() - 1)
        bits ^= lowest
    return found


def count_of(keys) -> int:
    return keys.bit_count() if type(keys) is int else len(keys)


def meet(keys, held: tuple[set[int] | None, int | None]):
    """The slots so far (None for every slot) that are also in a word's list (its slots, or its bits)."""
    members, bits = held
    if keys is None:
        return members if bits is None else bits
    if type(keys) is int:
        if bits is not None:
            return keys & bits
        return {slot for slot in members if keys >> slot & 1}
    if bits is None:
        return keys & members
    return {slot for slot in keys if bits >> slot & 1}

