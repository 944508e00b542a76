"""Histories an agent rewrites whole at each save (`agents.WHOLE_FILES`: VS Code's chat sessions
before release 1.109, one JSON object a file, with no line end to stop at).

Such a file has no cursor to resume from. It counts as unchanged while its size, mtime and inode
are the ones read (and its ctime, or else the bytes read, as `rewrites.py` says), the same test
the line readers make; once it changed it is read again whole, at most `max_line_bytes` of it,
and the session built from it replaces the stored one. A file that does not decode (caught while
being written, or damaged) is counted as a bad line is and remembered as seen, so it is read again
only once it changes; the session stored from it before is kept.
"""

from __future__ import annotations

import os

from skillopt_sleep.capture.ingest_writes import Reading
from skillopt_sleep.capture.rewrites import SEEN, remembered
from skillopt_sleep.capture.safe_read import BOM, TooDeep, loads_limited, regular_opener
from skillopt_sleep.capture.transcript_rows import Row, Seen


def decoded(data: bytes, max_bytes: int) -> tuple[dict | None, str]:
    """(the file's object, '') or (None, the report's reason it is not one)."""
    if len(data) > max_bytes:
        return None, "oversize_line"
    try:
        value = loads_limited(data.removeprefix(BOM).decode("utf-8"))
    except TooDeep:
        return None, "too_deep"
    except UnicodeDecodeError:
        return None, "non_utf8"
    except ValueError:
        return None, "truncated_line"
    return (value, "") if isinstance(value, dict) else (None, "malformed_record")


def read_whole(ingestor, path: str, agent: str, row, st: os.stat_result, session_id: str, read_before: bool) -> bool:
    """Read one changed whole-file history into its session. True if a session was read."""
    from skillopt_sleep.capture.redact import Redactor
    from skillopt_sleep.capture.sessions import Session
    from skillopt_sleep.capture.transcripts import PARSERS
    from skillopt_sleep.capture.transcripts.common import BuildState, SessionBuilder, feed_record
    from skillopt_sleep.capture.transcripts.oplog import initial_entry

    report, options = ingestor.report, ingestor.options
    version = row["updated_at"] if row else None
    with open(path, "rb", opener=regular_opener) as handle:
        data = handle.read(options.max_line_bytes + 1)
        changed = remembered(handle, st, len(data))  # what tells a rewrite in place next time
    seen = Seen(len(data), st.st_size, st.st_mtime, st.st_ino)
    record, reason = decoded(data, options.max_line_bytes)
    if record is None:
        report.skip(reason)
        ingestor.writes.save(Reading(Row(path, agent, seen, session_id, {"build": {}, SEEN: changed}), None, version))
        return False
    session, state, redactor = Session(id=session_id, agent=agent, transcript_path=path), BuildState(), Redactor()
    parser = PARSERS[agent](SessionBuilder(session, state, redactor), include_headless=options.include_headless, path=path)
    session.records += feed_record(parser, initial_entry(record), report, path)
    parser.finish()
    report.passed_over(parser)
    state.document = None  # the next read is whole again: nothing is resumed from it
    row_data = Row(path, agent, seen, session_id, {"build": state.to_dict(), "cwd": session.cwd, SEEN: changed})
    return ingestor.writes.save(Reading(row_data, session, version, counted=True, new=0 if read_before else 1,
                                        bytes=len(data), records=session.records, redactions=redactor.counts))
