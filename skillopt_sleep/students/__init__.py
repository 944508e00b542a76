"""Students of repo tasks, each producing an Episode in a sandboxed copy of the repository:
the built-in tool loop (loop.py: list, read, search, edit, run, finish) for API and local
models, and the user's own agent run headless (headless.py)."""
