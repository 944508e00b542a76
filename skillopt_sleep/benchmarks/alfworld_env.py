"""One ALFWorld game as an environment episode, played in the real TextWorld PDDL engine with
ALFWorld's own wrappers (its names for objects: "apple 1", "countertop 2").

Each reply is one command: its `Action:` line when it has one, else its first line. The model
sees what the game answered and the commands the game admits now (as the published agents do);
a command the game does not know is answered "Nothing happens." by the game itself. The episode
is done when the task is won; it is scored by ALFWorld's success metric (won = 1, else 0).
"""

from __future__ import annotations

import re
import threading

from skillopt_sleep.backends.base import ToolSpec
from skillopt_sleep.students.environment import Action
from skillopt_sleep.records import CheckResult, Score

ACTION_LINE = re.compile(r"^\s*(?:action|command)\s*[:：]\s*(.+?)\s*$", re.I | re.M)
BANNER = re.compile(r"^-=.*?=-\s*", re.S)
# The PDDL engine calls into a planner library; one game steps at a time.
ENGINE_LOCK = threading.Lock()


def command_of(reply: str) -> str:
    """The command a reply gives: its last `Action:` line, else its first non-empty line."""
    found = ACTION_LINE.findall(reply or "")
    line = found[-1] if found else next((part for part in (reply or "").splitlines() if part.strip()), "")
    return line.strip().strip("`").lstrip(">").strip().rstrip(".").strip().lower()


class AlfWorldGame:
    def __init__(self, game: dict, max_steps: int):
        self.game, self.max_turns = game, max_steps
        self.env = None
        self.won = False
        self.commands: list[str] = []
        self.admissible: list[str] = []

    def tools(self) -> list[ToolSpec]:
        return []

    def _start(self):
        import textworld  # optional dependency (the `alfworld` extra): imported on use
        from alfworld.agents.environment.alfred_tw_env import AlfredDemangler
        from textworld.envs import PddlEnv

        env = AlfredDemangler(PddlEnv(textworld.EnvInfos(won=True, admissible_commands=True)))
        env.load(self.game)
        return env

    def observe(self) -> str:
        with ENGINE_LOCK:
            self.env = self._start()
            state = self.env.reset()
        return self._shown(BANNER.sub("", state.feedback).strip(), state)

    def act(self, action: Action) -> str:
        command = command_of(action.text)
        if not command:
            raise ValueError("the reply gives no command; write one command such as: go to countertop 1")
        self.commands.append(command)
        with ENGINE_LOCK:
            state, _, _ = self.env.step(command)
        self.won = bool(state.won)
        return self._shown(state.feedback.strip(), state)

    def _shown(self, feedback: str, state) -> str:
        self.admissible = [c for c in state.admissible_commands if c != "help"]
        if state.won:
            return feedback
        return f"{feedback}\nAdmissible commands: {', '.join(self.admissible)}"

    def done(self) -> bool:
        return self.won

    def score(self) -> Score:
        detail = f"{'won' if self.won else 'not won'} after {len(self.commands)} command(s)"
        return Score(hard=float(self.won), soft=float(self.won),
                     checks=[CheckResult(op="alfworld_success", arg=self.max_turns, passed=self.won, detail=detail)])

    def close(self) -> None:
        if self.env is not None:
            with ENGINE_LOCK:
                self.env.close()
            self.env = None
