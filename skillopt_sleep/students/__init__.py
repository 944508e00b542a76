"""The students: what replays one sample of a task under the night's texts and returns its rollout
(base.py), found by name in the `skillopt_sleep.students` entry-point group (registry.py). The
text student answers (text.py), the environment student runs an episode with a benchmark's
environment (environment.py), and the students of repo tasks run an episode in a sandboxed copy
of the repository (sandboxed.py): the built-in tool loop (loop.py: list, read, search, edit, run,
finish) for API and local models, or the user's own agent run headless (headless.py)."""
