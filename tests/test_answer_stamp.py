"""The session-start stamp and the list of them beside the store: what the engine answers again
when it writes the notice, and what it leaves alone, whatever the list holds."""

from __future__ import annotations

from pathlib import Path

from skillopt_sleep.proposals import answer_stamp, pending_notice

ROOT = pending_notice.ROOT
WIDTH = len(pending_notice.STAMP_ENV)


def test_a_stamp_is_read_back_whole_and_a_damaged_one_not_at_all(tmp_path):
    stamp = tmp_path / answer_stamp.STAMP_NAME
    values = ["", "", str(tmp_path / "home"), str(tmp_path), "", ""]
    grounds = [("a", str(tmp_path / "config.yaml")), ("i", f"12 {tmp_path / 'store.db'}")]
    assert answer_stamp.write_stamp(str(stamp), ROOT, values, ["session-start", "--agent", "codex"], "said", grounds, 0)
    assert answer_stamp.question(str(stamp), WIDTH) == (ROOT, values, ["session-start", "--agent", "codex"])
    whole = stamp.read_text()
    for damaged in (whole.rsplit(".\n", 1)[0],  # cut short
                    whole.replace("session-start 2", "session-start 1", 1),  # another format
                    whole.replace("3:session-start", "2:session-start", 1),  # arguments miscounted
                    whole.replace("\t", "", 1),  # another environment's width
                    whole.replace("said", "x" * answer_stamp.LARGEST, 1)):  # no stamp is that large
        stamp.write_text(damaged)
        assert answer_stamp.question(str(stamp), WIDTH) is None
    # What the runner could not read back on one line is not written at all.
    for values, argv, said in ((["a\tb", *values[1:]], ["session-start"], ""), (values, ["two words"], ""),
                               (values, ["session-start"], "two\nlines")):
        assert not answer_stamp.write_stamp(str(tmp_path / "other"), ROOT, values, argv, said, grounds, 0)
    assert not answer_stamp.write_stamp(str(tmp_path / "other"), ROOT, values, ["session-start"], "", None, 0)
    assert not (tmp_path / "other").exists()


def test_a_stamp_is_listed_once(tmp_path):
    listed = tmp_path / "store.db-notice-stamps"
    for _ in range(3):
        for stamp in ("/a/session-start-answer", "/b/session-start-answer"):
            answer_stamp.register(str(listed), stamp)
    assert listed.read_text() == "/a/session-start-answer\n/b/session-start-answer\n"


def test_writing_the_notice_answers_again_what_the_list_names_and_mends_the_list(tmp_path, monkeypatch):
    from skillopt_sleep.paths import default_db_path
    from skillopt_sleep.proposals.notice import write_notice
    from skillopt_sleep.store import Store

    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    env = {"HOME": str(tmp_path), "SKILLOPT_SLEEP_HOME": str(tmp_path / "home")}
    with Store(default_db_path()) as store:
        write_notice(store)
        stamp = tmp_path / "plugin data" / answer_stamp.STAMP_NAME
        stamp.parent.mkdir()
        assert pending_notice.answer(["--stamp", str(stamp), "session-start", "--text"], env, str(tmp_path)) is None
        listed = Path(answer_stamp.stamps_path(str(store.path)))
        assert listed.read_text() == f"{stamp}\n"
        stamp.write_text(stamp.read_text().replace("\n\n", "\nan old answer\n", 1))  # said: the second empty line
        assert "an old answer" in stamp.read_text()
        huge = tmp_path / "huge" / answer_stamp.STAMP_NAME
        huge.parent.mkdir()
        huge.write_bytes(stamp.read_bytes() + b"x" * (answer_stamp.LARGEST + 1))
        folder = tmp_path / "a folder" / answer_stamp.STAMP_NAME
        folder.mkdir(parents=True)
        with listed.open("ab") as handle:
            handle.write(b"\xff\xfe not UTF-8/session-start-answer\n/with\x00nul/session-start-answer\n")
            handle.write(f"{huge}\n{folder}\n{stamp}\n\n".encode())
        write_notice(store)  # a list of anything never fails the change that writes the notice
    assert "an old answer" not in stamp.read_text() and answer_stamp.question(str(stamp), WIDTH)
    assert listed.read_text() == f"{stamp}\n"
    assert huge.stat().st_size > answer_stamp.LARGEST and folder.is_dir()  # left as they were
