"""Replay: which tasks a night replays, the samples its student replays under each text, and the
requests in other words."""
