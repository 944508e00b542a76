"""Walking up a text's lines: what the readers that look above a value see."""

from skillopt_sleep.capture.text_lines import lines_above

TEXT = "header\n\n| a | b |\n| - | - |\nrow"


def _lines(text: str, line_start: int, most: int) -> list[str]:
    return [text[start:end] for start, end in lines_above(text, line_start, most)]


def test_lines_come_nearest_first_without_their_newlines_and_stop_at_most():
    row = TEXT.rindex("\n") + 1
    assert _lines(TEXT, row, 10) == ["| - | - |", "| a | b |", "", "header"]
    assert _lines(TEXT, row, 2) == ["| - | - |", "| a | b |"]


def test_the_first_line_has_nothing_above_it_and_an_empty_first_line_is_not_one():
    assert _lines(TEXT, 0, 3) == []
    assert _lines("\nvalue", 1, 3) == []
    assert _lines("x\nvalue", 2, 3) == ["x"]
