"""The safety screen: what a proposed rule or a file about to be written would make the agent do,
what its text hides, and whether the user's own sessions ground what it names. The night and
adopt/revert both judge through it; it imports neither."""
