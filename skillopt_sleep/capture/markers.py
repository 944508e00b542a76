"""Markers that let capture recognise sessions this project started itself (replays), so they
are never mined back as user work."""

# Set in the environment of every agent process a replay starts.
REPLAY_ENV = "SKILLOPT_SLEEP_REPLAY"
# Placed at the start of the system prompt / first message of every replay.
REPLAY_MARKER = "[skillopt-sleep replay]"
