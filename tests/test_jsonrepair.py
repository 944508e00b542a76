import pytest

from skillopt_sleep.backends.jsonrepair import parse_json_reply


def test_regex_copied_into_a_string_is_kept_verbatim():
    # `\s` is not a JSON escape: small models write it anyway.
    value = parse_json_reply('{"edits": [{"op": "add", "text": "Write [Cc]onfidence\\s*[:=] then a level"}]}')
    assert value["edits"][0]["text"] == "Write [Cc]onfidence\\s*[:=] then a level"


def test_prose_and_code_fences_around_json():
    assert parse_json_reply('Sure! Here:\n```json\n{"a": 1}\n```\nHope it helps') == {"a": 1}
    assert parse_json_reply('The edits are {"a": [1, 2]} as asked.') == {"a": [1, 2]}


def test_trailing_commas_curly_quotes_and_python_literals():
    assert parse_json_reply('{"a": [1, 2,], }') == {"a": [1, 2]}
    assert parse_json_reply("{\u201ca\u201d: \u201cb\u201d}") == {"a": "b"}
    assert parse_json_reply("{'a': True, 'b': None}") == {"a": True, "b": None}


def test_truncated_reply_is_closed():
    assert parse_json_reply('{"edits": [{"op": "add", "text": "Always state the') == {
        "edits": [{"op": "add", "text": "Always state the"}]}


@pytest.mark.parametrize("text", ["", "   ", "no json here", "edits: add a section"])
def test_no_json_is_an_error(text):
    with pytest.raises(ValueError):
        parse_json_reply(text)


def test_the_first_of_two_values_wins_and_a_fenced_block_before_prose():
    assert parse_json_reply('first {"a": 1} then {"b": 2}') == {"a": 1}
    # The fenced verdict needs repair (`\d`); the alternative after it must not be merged in.
    reply = 'Verdict:\n```json\n{"score": 0.8, "reason": "matches \\d+"}\n```\nor else {"score": 0.1}'
    assert parse_json_reply(reply) == {"score": 0.8, "reason": "matches \\d+"}


def test_unquoted_keys_and_a_tail_cut_inside_a_key():
    assert parse_json_reply("Answer: {score: 1, reason: 'fine'}") == {"score": 1, "reason": "fine"}
    assert parse_json_reply('{"edits": [{"op": "add", "te') == {"edits": [{"op": "add"}]}
