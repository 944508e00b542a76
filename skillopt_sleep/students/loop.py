"""The built-in agent loop: a model works on a repo task in a throwaway copy of the repository
with six tools, turn by turn, until it calls finish or runs out of turns.

Made for small models as much as for API models:
- the backend's native tool calls where it has them, else a JSON object of actions (under a
  schema for a backend that decodes under one, the local model);
- several actions in one turn run in order, stopping at finish or at the first failed edit;
- a reply with no usable action is recorded as an error step and the model is asked again, a
  bounded number of times; the loop never raises for what a model writes.
A backend failure or a budget stop propagates (the caller scores nothing, as in a text replay).
Every model call goes through the CallRecorder, so a resumed episode gets its answers from the
record; every model reply and tool call is a step of the Episode.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from skillopt_sleep.students.actions import Action, from_tool_calls, parse_actions
from skillopt_sleep.students.prompt import (JSON, NATIVE, action_schema, confirm_message, first_message, results_message,
                                         system_prompt, tool_specs, unchecked_message)
from skillopt_sleep.students.tools import ToolBudget, ToolOutcome, WorkspaceTools
from skillopt_sleep.backends.base import Backend, Completion, CompletionRequest, Message, ToolCall
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.episode import Episode, EpisodeStep
from skillopt_sleep.records import Task, stable_json
from skillopt_sleep.sandbox.execlog import as_executed
from skillopt_sleep.config import default

if TYPE_CHECKING:
    from skillopt_sleep.sandbox import Limits, Sandbox, Workspace

# The local backend's own tool turns carry exactly one call (its grammar says so); the JSON
# format with a schema lets a small model write several actions in one turn, still constrained.
_JSON_ACTION_BACKENDS = ("local",)
FINISH_HELD = "held: the skill was shown again before the episode ended"
GUARD_HELD = "held: the finish guard's check had not run since the last edit"
CHECK_NOT_RUN = "held: the check named in finish had not run since the last change"
_NO_CHECK = {"", "none", "no", "n/a", "na", "nothing", "-"}
ELIDED = "[output of an earlier step left out to save room; run the tool again if you need it]"
REPEATED = "[the same action gave this same result before: do something else]"
REPLY_REPEATED = "the reply repeated the last turn's actions; asked again, sampling hotter"
_HOTTER = 0.5  # added to the temperature for the one call after a repeated reply


class Enforcer(Protocol):
    """What the user's agent would refuse or hold (guardrails.replay.Enforcement)."""

    def refusal(self, name: str, arguments: dict) -> str: ...

    def finish_hold(self, actions: list[tuple[str, str]]) -> str: ...


@dataclass
class LoopLimits:
    """Bounds on one episode. `history_chars`: older tool output is left out of the prompt
    beyond this many characters (a small model's context is 4k tokens)."""

    max_turns: int = default("repo.max_turns")
    max_actions_per_turn: int = 6
    max_bad_replies: int = 3  # replies in a row with no usable action
    reply_tokens: int = default("student.max_tokens")
    history_chars: int = 9000
    listing_entries: int = 30
    restate_skill: bool = False  # the skill said again at the end of the first message
    confirm_finish: bool = False  # the first finish is held once, with the skill shown again
    # finish names the command that checked the work; a finish naming one that has not run
    # since the last change is held (at most `check_holds` times) until it has
    finish_names_check: bool = False
    check_holds: int = 2
    tools: ToolBudget = field(default_factory=ToolBudget)
    # the user's agent's deny rules and finish guard, applied as it applies them (guardrails/)
    enforcement: Enforcer | None = None


def choose_format(student: Backend, action_format: str = "auto") -> str:
    if action_format in (NATIVE, JSON):
        return action_format
    if action_format != "auto":
        raise ValueError(f"action_format must be auto, native or json, got {action_format!r}")
    if student.name in _JSON_ACTION_BACKENDS or not getattr(student, "supports_tools", False):
        return JSON
    return NATIVE


def run_episode(
    task: Task,
    skill_text: str,
    student: Backend,
    recorder: CallRecorder,
    workspace: "Workspace",
    sandbox: "Sandbox",
    *,
    sample: int = 0,
    seed: int | None = None,
    temperature: float = default("student.temperature"),
    max_turns: int | None = None,
    limits: LoopLimits | None = None,
    command_limits: "Limits | None" = None,
    memory_text: str = "",
    action_format: str = "auto",
    role: str = "student",
    watched: tuple[str, ...] = (),
) -> Episode:
    """One episode of `student` on `task` in `workspace` (which the caller made and cleans up).
    Runs of the `watched` programs are kept from the sandbox's own record (Episode.executed)."""
    limits = limits or LoopLimits()
    turns_allowed = max_turns if max_turns is not None else limits.max_turns
    fmt = choose_format(student, action_format)
    tools = WorkspaceTools(workspace, sandbox, limits.tools, command_limits, watched=watched)
    names_check = limits.finish_names_check
    system = system_prompt(skill_text, fmt, memory_text, names_check)
    listing = tools.call(Action("list", {"path": "."}))
    entries = listing.output.splitlines()[: limits.listing_entries] if not listing.error else []
    messages = [Message("user", first_message(task.intent, task.context, "\n".join(entries),
                                              skill_text if limits.restate_skill else ""))]
    episode = Episode()
    bad_in_a_row = 0
    held = False
    check_holds = 0
    guard_held = False
    results_seen: set[str] = set()  # each action with the result it gave, to mark a repeat
    last_actions = ""
    hotter = False
    while episode.turns < turns_allowed:
        request = CompletionRequest(
            system=system,
            messages=_within(messages, limits.history_chars),
            max_tokens=limits.reply_tokens,
            temperature=min(temperature + _HOTTER, 1.5) if hotter else temperature,
            seed=(seed or 0) + episode.turns if hotter else seed,
            tools=tool_specs(names_check) if fmt == NATIVE else [],
            json_schema=action_schema(limits.max_actions_per_turn, names_check) if fmt == JSON else None,
            cache_system=True,
        )
        completion = recorder.complete(role, student, request, sample=sample)
        episode.turns += 1
        turn = _Turn.read(completion, fmt, episode.turns)
        episode.steps.append(EpisodeStep(kind="model", output=completion.text, error=turn.problem))
        if not turn.actions:
            bad_in_a_row += 1
            messages += turn.reply_messages(completion)
            messages.append(Message("user", _ask_again(turn.problem, fmt)))
            if bad_in_a_row >= limits.max_bad_replies:
                episode.error = f"the model gave no usable action {bad_in_a_row} times in a row ({turn.problem})"
                break
            continue
        bad_in_a_row = 0
        # A small model caught in a loop writes its last turn again word for word: that reply is
        # not run and not kept (the history would only pull harder), and the model is asked
        # again with hotter sampling. Each such call still counts against the turn limit.
        actions_text = stable_json([[a.name, a.arguments] for a in turn.actions])
        if actions_text == last_actions and not hotter:
            episode.steps[-1].error = REPLY_REPEATED
            hotter = True
            continue
        last_actions, hotter = actions_text, False
        outcomes = _execute(turn.actions[: limits.max_actions_per_turn], tools, episode, results_seen, limits.enforcement)
        messages += turn.reply_messages(completion)
        messages += turn.result_messages(outcomes, dropped=len(turn.actions) > limits.max_actions_per_turn,
                                         max_actions=limits.max_actions_per_turn)
        unchecked = _unrun_check(episode) if episode.finished and names_check else ""
        if unchecked and check_holds < limits.check_holds:
            check_holds += 1  # the model is held to its own claim, whatever the skill says
            messages.append(_hold(episode, CHECK_NOT_RUN, unchecked_message(unchecked)))
            continue
        guard = limits.enforcement.finish_hold(_actions(episode)) if episode.finished and limits.enforcement else ""
        if guard and not guard_held:
            guard_held = True  # once, as the agent's Stop hook lets a stop that follows a hold pass
            messages.append(_hold(episode, GUARD_HELD, guard))
            continue
        if episode.finished and limits.confirm_finish and not held and skill_text.strip():
            held = True  # once: the model hears its skill again and may do what it skipped
            messages.append(_hold(episode, FINISH_HELD, confirm_message(skill_text)))
            continue
        if episode.finished:
            break
    if not episode.finished and not episode.error:
        episode.error = f"turn limit reached: {turns_allowed} turns without finish"
    episode.diff = workspace.diff()
    episode.changed_files = list(workspace.changed_files())
    if watched:
        episode.executed = as_executed(tools.executed, workspace.last_change())
    return episode


def _hold(episode: Episode, why: str, told: str) -> Message:
    """The finish that ended the turn stands no longer (its step says why); what the model hears."""
    episode.finished = False
    episode.steps[-1].error = why
    return Message("user", told)


def _unrun_check(episode: Episode) -> str:
    """The command the finishing step names as its check, where no run of it came after the
    last change to a file; "" where none is named or it did run."""
    finish = episode.steps[-1]
    named = " ".join(str(finish.arguments.get("checked") or "").strip().strip("`").split())
    if named.lower() in _NO_CHECK:
        return ""
    for step in reversed(episode.steps[:-1]):
        if step.kind != "tool":
            continue
        if step.name == "edit" and not step.error:
            return named
        if step.name == "run" and named in " ".join(str(step.arguments.get("command") or "").split()):
            return ""
    return named


@dataclass
class _Outcome:
    action: Action
    outcome: ToolOutcome | None  # None: not run, an earlier action ended the turn


def _actions(episode: Episode) -> list[tuple[str, str]]:
    """The episode's edits that went through and its commands, as the finish guard reads them."""
    return [("edit" if s.name == "edit" else "run", str(s.arguments.get("path" if s.name == "edit" else "command") or ""))
            for s in episode.steps if s.kind == "tool" and (s.name == "run" or (s.name == "edit" and not s.error))]


def _execute(actions: list[Action], tools: WorkspaceTools, episode: Episode, results_seen: set[str],
             enforcement: Enforcer | None = None) -> list[_Outcome]:
    """The turn's actions in order, up to finish or the first failed edit. An action that gives
    the result it gave before, with no file changed since, is marked so: a small model otherwise
    repeats it to the turn limit."""
    done: list[_Outcome] = []
    stopped = False
    for action in actions:
        if stopped:
            done.append(_Outcome(action, None))
            continue
        refusal = enforcement.refusal(action.name, action.arguments) if enforcement else ""
        outcome = ToolOutcome(error=refusal) if refusal else tools.call(action)
        seen = f"{action.name} {stable_json(action.arguments)} {outcome.shown()}"
        if seen in results_seen and action.name != "finish":
            if outcome.error:
                outcome.error = f"{outcome.error}\n{REPEATED}"
            else:
                outcome.output = f"{outcome.output}\n{REPEATED}"
        results_seen.add(seen)
        if action.name == "edit" and not outcome.error:
            results_seen.clear()  # the files changed: the same action may now give another result
        episode.steps.append(EpisodeStep(kind="tool", name=action.name, arguments=dict(action.arguments),
                                         output=outcome.output, exit_code=outcome.exit_code, error=outcome.error))
        done.append(_Outcome(action, outcome))
        if outcome.finished:
            episode.finished = True
            episode.final_message = outcome.output
            stopped = True
        elif action.name == "edit" and outcome.error:
            stopped = True
    return done


@dataclass
class _Turn:
    """A model reply read as actions: native calls, or JSON actions in its text."""

    fmt: str
    actions: list[Action]
    native_calls: list[ToolCall]  # the calls as the model made them, with ids, for the history
    problem: str = ""

    @classmethod
    def read(cls, completion: Completion, fmt: str, turn: int) -> "_Turn":
        calls = [ToolCall(c.name, dict(c.arguments) if isinstance(c.arguments, dict) else {}, c.call_id or f"call-{turn}-{i}")
                 for i, c in enumerate(completion.tool_calls, 1)]
        if calls:
            return cls(fmt, from_tool_calls(calls), calls)
        actions = parse_actions(completion.text)
        if actions:
            return cls(fmt, actions, [])
        if completion.stop_reason in ("length", "max_tokens"):
            problem = "the reply was cut off before a complete action"
        elif completion.text.strip():
            problem = "the reply held no action"
        else:
            problem = "the reply was empty"
        return cls(fmt, [], [], problem)

    def reply_messages(self, completion: Completion) -> list[Message]:
        if self.native_calls:
            return [Message("assistant", completion.text, tool_calls=list(self.native_calls))]
        return [Message("assistant", completion.text)]

    def result_messages(self, outcomes: list[_Outcome], *, dropped: bool, max_actions: int) -> list[Message]:
        note = f"Only the first {max_actions} actions of a turn run; the rest were dropped." if dropped else ""
        if self.native_calls:
            messages = []
            for call, done in zip(self.native_calls, outcomes):
                shown = done.outcome.shown() if done.outcome else "not run: an earlier action ended the turn"
                messages.append(Message("tool", shown, tool_call_id=call.call_id))
            for call in self.native_calls[len(outcomes):]:
                messages.append(Message("tool", "not run: " + note, tool_call_id=call.call_id))
            return messages
        results = [(d.action, d.outcome.shown()) for d in outcomes if d.outcome is not None]
        skipped = [d.action for d in outcomes if d.outcome is None]
        return [Message("user", results_message(results, skipped, note))]


def _ask_again(problem: str, fmt: str) -> str:
    if fmt == JSON:
        return f'Your reply could not be used: {problem}. Reply with {{"actions": [...]}} as in the example.'
    return f"Your reply could not be used: {problem}. Call a tool; call finish when the work is done."


def _within(messages: list[Message], budget: int) -> list[Message]:
    """The conversation with the oldest tool output left out until it fits `budget` characters.
    The request and the latest turn are always kept whole."""
    total = sum(len(m.content) for m in messages)
    if total <= budget:
        return list(messages)
    out = list(messages)
    last_reply = max((i for i, m in enumerate(out) if m.role == "assistant"), default=len(out))
    for index in range(1, last_reply):
        message = out[index]
        if message.role in ("tool", "user") and len(message.content) > len(ELIDED):
            total -= len(message.content) - len(ELIDED)
            out[index] = Message(message.role, ELIDED, tool_calls=message.tool_calls, tool_call_id=message.tool_call_id)
            if total <= budget:
                break
    return out


