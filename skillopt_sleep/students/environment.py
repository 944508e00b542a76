"""Environment episodes: a benchmark hands the night an environment (observe, act, done, score)
instead of a single prompt, and one sample of its task is a conversation with it (the environment
student).

A benchmark offers one through its tool provider: `tool_provider(task)` returns a fresh
`Environment` for each sample. The replay then runs an episode: the task and the first
observation go to the student, each reply (or each native tool call, where the environment offers
tools) is one action, and what the environment shows back is the next message, until it says it
is done or its turn limit is reached. The environment scores the episode.

Every model call goes through the night's CallRecorder, so recording, the replay cache (a killed
night resumes from its finished calls as long as the environment is deterministic), and the cost
caps work as on answers; the rollout carries the episode, and its answer is the trajectory that
reflection, the gate and the reports read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from skillopt_sleep.backends.base import Completion, Message, ToolSpec
from skillopt_sleep.episode import Episode, EpisodeStep
from skillopt_sleep.errors import BackendError
from skillopt_sleep.records import Rollout, Score, Task, ToolCallRecord, text_hash
from skillopt_sleep.shorten import clip, cut
from skillopt_sleep.students.base import StudentSetup, StudentUnavailable, Texts, system_prompt

LAST_TURN_NOTE = "This is your last turn."


@dataclass
class Action:
    """One action: the reply the model wrote, or one native tool call it made (`tool` set)."""

    text: str = ""
    tool: str = ""
    arguments: dict = field(default_factory=dict)


@runtime_checkable
class Environment(Protocol):
    max_turns: int  # model replies at most; the benchmark's published limit

    def tools(self) -> list[ToolSpec]:
        """Native tools the model may call ([] when every action is the reply's text)."""
        ...

    def observe(self) -> str:
        """What the episode starts from, shown after the task's request."""
        ...

    def act(self, action: Action) -> str:
        """Carry out one action and say what came of it; a malformed action is answered, not raised."""
        ...

    def done(self) -> bool: ...

    def score(self) -> Score: ...

    def close(self) -> None: ...

    # Optional: `images() -> list[Image]`, pictures shown with the first observation.


class EnvironmentStudent:
    """Replays a task whose tool provider hands out an environment: each sample an episode with a
    fresh one."""

    def __init__(self, setup: StudentSetup):
        self.setup = setup

    def replay(self, task: Task, sample: int, texts: Texts, seed: int) -> Rollout:
        env = self.setup.tool_provider(task)
        if not isinstance(env, Environment):
            raise StudentUnavailable(f"task {task.task_id} has no environment to replay in")
        return self.episode(task, sample, texts, seed, env)

    def episode(self, task: Task, sample: int, texts: Texts, seed: int, env: Environment) -> Rollout:
        """One sample of an environment task: the episode, its score, and the environment closed."""
        system = system_prompt(texts.skill, texts.memory)
        try:
            episode = self.run(task, sample, system, env, seed)
            score = env.score()
        finally:
            env.close()
        return Rollout(task_id=task.task_id, sample=sample, answer=trajectory_text(episode), score=score,
                       # Only native tool calls are tool calls: a reply acted on as text is not one (reflection
                       # would otherwise read an "act" tool into the skill).
                       tool_calls=[ToolCallRecord(name=s.name, arguments=dict(s.arguments), result=s.output, error=s.error)
                                   for s in episode.steps if s.kind == "tool" and s.name != "act"],
                       skill_hash=text_hash(system), episode=episode)

    def run(self, task: Task, sample: int, system: str, env: Environment, seed: int) -> Episode:
        student = self.setup.backend
        opening = "\n\n".join(part for part in (task.intent.strip(), task.context.strip(), env.observe().strip()) if part)
        images = env.images() if hasattr(env, "images") else []  # an environment may show pictures (document pages)
        if images and not getattr(student, "supports_images", False):
            raise BackendError(f"the {student.name} backend cannot take images; this benchmark needs a vision model "
                               "over the OpenAI-compatible or Anthropic API")
        messages = [Message(role="user", content=opening, images=images)]
        episode = Episode()
        specs = env.tools()
        for turn in range(env.max_turns):
            completion = self.setup.ask(self.setup.request(system, messages, seed, specs), sample)
            episode.turns = turn + 1
            episode.steps.append(EpisodeStep(kind="model", output=completion.text))
            episode.final_message = completion.text
            messages += _answer(env, episode, completion)
            if env.done():
                episode.finished = True
                return episode
            if turn == env.max_turns - 2:  # the next reply is the last the environment will read
                last = messages[-1]
                messages[-1] = Message(role=last.role, content=f"{last.content}\n\n{LAST_TURN_NOTE}",
                                       tool_call_id=last.tool_call_id)
        episode.error = f"turn limit ({env.max_turns}) reached before the environment was done"
        return episode


def _answer(env: Environment, episode: Episode, completion: Completion) -> list[Message]:
    """The reply as the conversation keeps it, then what the environment showed back for each action."""
    said = [Message(role="assistant", content=completion.text, tool_calls=list(completion.tool_calls))]
    if not completion.tool_calls:
        return said + [Message(role="user", content=_act(env, episode, Action(text=completion.text)))]
    for call in completion.tool_calls:
        seen = _act(env, episode, Action(text=completion.text, tool=call.name, arguments=dict(call.arguments)))
        said.append(Message(role="tool", content=seen, tool_call_id=call.call_id))
    return said


def _act(env: Environment, episode: Episode, action: Action) -> str:
    step = EpisodeStep(kind="tool", name=action.tool or "act", arguments=dict(action.arguments))
    try:
        step.output = env.act(action)
    except ValueError as exc:  # a bad call is told to the model, as a tool error would be
        step.error = str(exc)
        step.output = f"error: {exc}"
    episode.steps.append(step)
    return step.output


def trajectory_text(episode: Episode, *, limit: int = 1500) -> str:
    """An episode as reflection and the reports read it: each action and what came back, cut short."""
    lines = []
    for step in episode.steps:
        if step.kind == "model":
            lines.append("> " + clip(step.output, 160))
        elif step.name != "act":
            lines.append(f"  {step.name}({clip(', '.join(f'{k}={v!r}' for k, v in step.arguments.items()), 100)}) -> "
                         + clip(step.output, 120))
        else:
            lines.append("  " + clip(step.output, 160))
    if episode.error:
        lines.append(f"stopped: {episode.error}")
    return cut("\n".join(lines) or "(no action)", limit)


def create(setup: StudentSetup) -> EnvironmentStudent:
    return EnvironmentStudent(setup)
