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
