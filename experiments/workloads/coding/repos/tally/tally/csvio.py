"""Counts stored as "item,count" lines."""

from tally.counter import Tally


def load_counts(path):
    tally = Tally()
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            item, count = line.rstrip("\n").split(",")
            tally.add(item, int(count))
    return tally


def dump_counts(tally, path):
    with open(path, "w", encoding="utf-8") as handle:
        for item, count in tally.most_common(len(tally.counts)):
            handle.write(f"{item},{count}\n")
