"""Numbered schema migrations. Applied in order, each once, each in its own transaction.

Numbers need not be contiguous (each concern owns a range), only increasing: never edit a
migration that has shipped; add a new one.
"""

from __future__ import annotations

MIGRATIONS: dict[int, str] = {
    1: """
    CREATE TABLE captures (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        agent TEXT NOT NULL,
        event TEXT NOT NULL,
        session_id TEXT,
        transcript_path TEXT,
        cwd TEXT,
        captured_at TEXT NOT NULL,
        payload_json TEXT NOT NULL DEFAULT '{}',
        ingested_at TEXT
    );
    CREATE INDEX captures_pending ON captures(ingested_at);

    CREATE TABLE transcripts (
        path TEXT PRIMARY KEY,
        agent TEXT NOT NULL,
        cursor_bytes INTEGER NOT NULL DEFAULT 0,
        size_bytes INTEGER NOT NULL DEFAULT 0,
        mtime REAL NOT NULL DEFAULT 0,
        inode INTEGER,
        session_id TEXT,
        state_json TEXT NOT NULL DEFAULT '{}',
        updated_at TEXT NOT NULL
    );

    CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        agent TEXT NOT NULL,
        transcript_path TEXT,
        cwd TEXT,
        project TEXT,
        started_at TEXT,
        ended_at TEXT,
        data_json TEXT NOT NULL DEFAULT '{}',
        outcome TEXT NOT NULL DEFAULT 'unknown',
        mined_at TEXT,
        updated_at TEXT NOT NULL
    );

    CREATE TABLE tasks (
        id TEXT PRIMARY KEY,
        skill TEXT NOT NULL DEFAULT '',
        intent TEXT NOT NULL,
        fingerprint TEXT NOT NULL DEFAULT '',
        origin TEXT NOT NULL DEFAULT 'real',
        split TEXT NOT NULL DEFAULT '',
        reviewed INTEGER NOT NULL DEFAULT 0,
        data_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    CREATE INDEX tasks_skill ON tasks(skill);
    CREATE INDEX tasks_fingerprint ON tasks(fingerprint);

    CREATE TABLE model_calls (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        cache_key TEXT NOT NULL,
        night_id TEXT,
        role TEXT NOT NULL,
        backend TEXT NOT NULL,
        model TEXT NOT NULL,
        prompt_hash TEXT NOT NULL,
        request_json TEXT NOT NULL,
        response_json TEXT,
        error TEXT,
        input_tokens INTEGER NOT NULL DEFAULT 0,
        output_tokens INTEGER NOT NULL DEFAULT 0,
        cache_read_tokens INTEGER NOT NULL DEFAULT 0,
        cache_write_tokens INTEGER NOT NULL DEFAULT 0,
        cost_usd REAL NOT NULL DEFAULT 0,
        latency_s REAL NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
    );
    CREATE INDEX model_calls_key ON model_calls(cache_key);
    CREATE INDEX model_calls_night ON model_calls(night_id);

    CREATE TABLE nights (
        id TEXT PRIMARY KEY,
        skill_path TEXT NOT NULL,
        status TEXT NOT NULL,
        seed INTEGER NOT NULL,
        config_json TEXT NOT NULL,
        report_json TEXT,
        started_at TEXT NOT NULL,
        finished_at TEXT
    );

    CREATE TABLE proposals (
        id TEXT PRIMARY KEY,
        night_id TEXT NOT NULL REFERENCES nights(id),
        skill_path TEXT NOT NULL,
        stage_dir TEXT NOT NULL,
        status TEXT NOT NULL,
        summary_json TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL,
        decided_at TEXT
    );

    CREATE TABLE rejected_edits (
        edit_key TEXT NOT NULL,
        skill_path TEXT NOT NULL,
        night_id TEXT NOT NULL,
        edit_json TEXT NOT NULL,
        reason TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (edit_key, skill_path)
    );
    """,
    # 10-19: capture. Codex notify captures are matched to rollouts by session id; mining
    # picks up the sessions not mined since they last changed.
    10: """
    CREATE INDEX transcripts_session ON transcripts(session_id);
    CREATE INDEX sessions_unmined ON sessions(mined_at);
    CREATE INDEX captures_transcript ON captures(transcript_path);
    """,
    # Every real intent mining has seen, merged across sessions. Those with a judge are also
    # tasks; the rest wait for the LLM miner, which makes them checkable or drops them.
    11: """
    CREATE TABLE intent_candidates (
        id TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        intent TEXT NOT NULL,
        status TEXT NOT NULL,
        recurrence INTEGER NOT NULL DEFAULT 1,
        data_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    CREATE INDEX intent_candidates_fingerprint ON intent_candidates(fingerprint);
    CREATE INDEX intent_candidates_status ON intent_candidates(status);
    """,
    # A transcript whose ingest keeps failing is counted here, and set aside (quarantined)
    # once it has failed QUARANTINE_AFTER times in a row, so it never blocks the others.
    12: """
    CREATE TABLE ingest_failures (
        path TEXT PRIMARY KEY,
        agent TEXT NOT NULL,
        failures INTEGER NOT NULL DEFAULT 0,
        reason TEXT NOT NULL,
        size_bytes INTEGER,
        mtime REAL,
        inode INTEGER,
        quarantined_at TEXT,
        updated_at TEXT NOT NULL
    );
    """,
    # Links in the agents' history folders that lead out of them: never followed, listed by status.
    13: """
    CREATE TABLE skipped_links (
        path TEXT PRIMARY KEY,
        agent TEXT NOT NULL,
        target TEXT NOT NULL,
        seen_at TEXT NOT NULL
    );
    """,
    # What the agents wrote that no reader here knows (capture/unknown.py): record types and hook
    # payload fields, by name only, counted; status lists them.
    14: """
    CREATE TABLE unknown_names (
        agent TEXT NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        count INTEGER NOT NULL,
        first_seen TEXT NOT NULL,
        last_seen TEXT NOT NULL,
        PRIMARY KEY (agent, kind, name)
    );
    """,
    # 20-29: batch bookkeeping, so a night restarted after a crash collects the batch it
    # already submitted instead of paying for it twice.
    20: """
    CREATE TABLE batch_jobs (
        batch_id TEXT PRIMARY KEY,
        provider TEXT NOT NULL,
        endpoint TEXT NOT NULL DEFAULT '',
        model TEXT NOT NULL,
        status TEXT NOT NULL,
        request_count INTEGER NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        submitted_at TEXT NOT NULL,
        finished_at TEXT
    );

    CREATE TABLE batch_requests (
        request_key TEXT PRIMARY KEY,
        batch_id TEXT NOT NULL REFERENCES batch_jobs(batch_id),
        custom_id TEXT NOT NULL,
        status TEXT NOT NULL,
        response_json TEXT,
        error TEXT,
        submitted_at TEXT NOT NULL,
        finished_at TEXT
    );
    CREATE INDEX batch_requests_batch ON batch_requests(batch_id);
    """,
    # 30-39: learning. The rules ledger: every rule a night proposed, where it came from, its
    # measured effect and what became of it.
    30: """
    CREATE TABLE rules (
        rule_key TEXT NOT NULL,
        skill_path TEXT NOT NULL,
        night_id TEXT NOT NULL,
        text TEXT NOT NULL,
        source TEXT NOT NULL,
        target TEXT NOT NULL DEFAULT 'skill',
        tasks_json TEXT NOT NULL DEFAULT '[]',
        sessions_json TEXT NOT NULL DEFAULT '[]',
        effect REAL,
        status TEXT NOT NULL,
        reason TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (rule_key, skill_path, night_id)
    );
    CREATE INDEX rules_skill ON rules(skill_path, status);
    """,
    # Where each rule's evidence came from (checks, user, teacher, tool_output), for its provenance.
    31: """
    ALTER TABLE rules ADD COLUMN evidence_kind TEXT NOT NULL DEFAULT ''
    """,
    # Edits the paired gate could not decide, one row per night: the false-accept budget their
    # looks had spent by the end of it, so that a later night may judge them again at what is left
    # (night/gate/undecided.py).
    32: """
    CREATE TABLE undecided_edits (
        edit_key TEXT NOT NULL,
        skill_path TEXT NOT NULL,
        night_id TEXT NOT NULL,
        spent REAL NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (edit_key, skill_path, night_id)
    );
    """,
    # The rules a user rejected (reject, adopt --only, revert --reject), per skill: later nights
    # hold back any rule the gate would take for the same one (proposals/reject.py).
    33: """
    CREATE TABLE user_rejections (
        rule_key TEXT NOT NULL,
        skill_path TEXT NOT NULL,
        text_norm TEXT NOT NULL,
        rule_check TEXT NOT NULL DEFAULT '',
        evidence_kind TEXT NOT NULL,
        edit_json TEXT NOT NULL,
        proposal_id TEXT NOT NULL DEFAULT '',
        night_id TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        PRIMARY KEY (rule_key, skill_path)
    );
    """,
    # 40-49: memory across nights. Every task a night replayed, with its scores and answer, kept
    # per project so later nights of that project (never of another) can recall similar work.
    40: """
    CREATE TABLE task_archive (
        project TEXT NOT NULL,
        task_id TEXT NOT NULL,
        night_id TEXT NOT NULL,
        skill TEXT NOT NULL DEFAULT '',
        intent TEXT NOT NULL,
        score_before REAL,
        score_after REAL,
        answer_excerpt TEXT NOT NULL DEFAULT '',
        task_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (project, task_id, night_id)
    );
    CREATE INDEX task_archive_project ON task_archive(project, created_at);
    """,
    # 50-59: mining. The sessions whose requests state each request rule (tasks/request_rules.py),
    # so a mining run counts the rules it meets without reading every candidate; filled from the
    # candidates mined so far. The key joins kind, value and unit with the unit separator.
    50: """
    CREATE TABLE request_rule_sessions (
        rule_key TEXT NOT NULL,
        session_id TEXT NOT NULL,
        candidate_id TEXT NOT NULL,
        PRIMARY KEY (rule_key, session_id, candidate_id)
    );
    CREATE INDEX request_rule_holders ON request_rule_sessions(rule_key, candidate_id);
    INSERT OR IGNORE INTO request_rule_sessions (rule_key, session_id, candidate_id)
        SELECT coalesce(json_extract(rule.value, '$.kind'), '') || char(31) || coalesce(json_extract(rule.value, '$.value'), '')
               || char(31) || coalesce(json_extract(rule.value, '$.unit'), ''), session.value, candidate.id
        FROM intent_candidates AS candidate, json_each(candidate.data_json, '$.request_rules') AS rule,
             json_each(rule.value, '$.sessions') AS session;
    """,
    # The candidates' word index (tasks/word_index.py): each candidate's slot and words, each
    # word's slots (packed numbers, or bits for a long list), each size's slots as bits. Filled by
    # the next mining run, which makes it from the candidates when it does not cover them.
    51: """
    CREATE TABLE candidate_words (
        slot INTEGER PRIMARY KEY,
        candidate_id TEXT NOT NULL UNIQUE,
        words TEXT NOT NULL
    );
    CREATE TABLE candidate_word_lists (
        word TEXT PRIMARY KEY,
        slots BLOB,
        bits BLOB
    ) WITHOUT ROWID;
    CREATE TABLE candidate_word_sizes (
        size INTEGER PRIMARY KEY,
        bits BLOB NOT NULL
    );
    """,
}
