"""A multiset of hashable items with counts."""


class Tally:
    def __init__(self, items=()):
        self.counts = {}
        for item in items:
            self.add(item)

    def add(self, item, n=1):
        self.counts[item] = self.counts.get(item, 0) + n

    def remove(self, item, n=1):
        left = self.counts.get(item, 0) - n
        if left > 0:
            self.counts[item] = left
        else:
            self.counts.pop(item, None)

    def total(self):
        return sum(self.counts.values())

    def most_common(self, k):
        ranked = sorted(self.counts.items(), key=lambda pair: -pair[1])
        return ranked[:k]

    def merge(self, other):
        merged = Tally()
        for source in (self, other):
            for item, n in source.counts.items():
                merged.add(item, n)
        return merged
