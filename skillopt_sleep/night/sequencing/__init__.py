"""The night in order: its settings and sources, the engine, the rounds, the slow update, and the
nights of each skill."""
