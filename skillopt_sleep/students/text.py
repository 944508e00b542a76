"""The text student: the student backend answers the task's request under the skill, calling the
task's tools in a loop where it offers some, and the task's judge scores the answer. A task whose
tool provider hands out an environment is an episode with it instead (environment.py)."""

from __future__ import annotations

from skillopt_sleep.backends.base import Message, ToolCall
from skillopt_sleep.records import Rollout, Task, ToolCallRecord, text_hash
from skillopt_sleep.students.base import StudentSetup, Texts, system_prompt
from skillopt_sleep.students.environment import Environment, EnvironmentStudent
from skillopt_sleep.students.toolenv import ToolEnvironment

MAX_TOOL_TURNS = 4


def user_prompt(task: Task) -> str:
    if task.context.strip():
        return f"{task.intent}\n\nContext:\n{task.context.strip()}"
    return task.intent


class TextStudent:
    def __init__(self, setup: StudentSetup):
        self.setup = setup
        self.environment = EnvironmentStudent(setup)

    def replay(self, task: Task, sample: int, texts: Texts, seed: int) -> Rollout:
        tools = self.setup.tool_provider(task)
        if isinstance(tools, Environment):  # an environment task: the sample is an episode with it
            return self.environment.episode(task, sample, texts, seed, tools)
        return self.answer(task, sample, texts, seed, tools)

    def answer(self, task: Task, sample: int, texts: Texts, seed: int, tools: ToolEnvironment | None) -> Rollout:
        system = system_prompt(texts.skill, texts.memory)
        messages = [Message(role="user", content=user_prompt(task))]
        calls: list[ToolCallRecord] = []
        specs = tools.specs() if tools is not None else []
        answer = ""
        for turn in range(MAX_TOOL_TURNS + 1):
            request = self.setup.request(system, messages, seed, specs if turn < MAX_TOOL_TURNS else [])
            completion = self.setup.ask(request, sample)
            if not completion.tool_calls or tools is None:
                answer = completion.text
                break
            messages.append(Message(role="assistant", content=completion.text, tool_calls=list(completion.tool_calls)))
            messages.extend(call_tools(tools, completion.tool_calls, calls))
        score = self.setup.score(task, answer, calls)
        return Rollout(task_id=task.task_id, sample=sample, answer=answer, score=score, tool_calls=calls,
                       skill_hash=text_hash(system))


def call_tools(tools: ToolEnvironment, asked: list[ToolCall], calls: list[ToolCallRecord]) -> list[Message]:
    """Each call run and recorded in `calls`; what it gave (or its error) as the model's next messages."""
    replies = []
    for call in asked:
        record = ToolCallRecord(name=call.name, arguments=dict(call.arguments))
        try:
            record.result = tools.call(call.name, dict(call.arguments))
        except ValueError as exc:
            record.error = str(exc)
        calls.append(record)
        replies.append(Message(role="tool", content=record.result or f"error: {record.error}", tool_call_id=call.call_id))
    return replies


def create(setup: StudentSetup) -> TextStudent:
    return TextStudent(setup)
