"""Today's schema of a competition's database, whole: every table, column, constraint and index as
they are now. A new database is made from it, at the latest schema version; an older one gets the
same tables by the migrations it lacks (migrations.py).

This is the one place to read the schema as it is. The migrations are frozen history (each is the
SQL a release ran, never edited), so a change of the schema is made twice: a new migration, and
the same change here. tests/competition/store/test_schema_today.py checks that the two agree: a new
database and the release-1 database after every migration have the same tables, columns and
indexes, table by table.
"""

SUBMISSION_STATUSES = ("building", "build-failed", "checking", "rejected", "admitted")
"""A submission's statuses, in the order it goes through them (the CHECK below is made of them);
changing them changes the schema: a migration rebuilds the table."""

UNFINISHED_SUBMISSION = ("building", "checking")
"""The statuses a build or an admission is still owed to (a killed server's too)."""

_SUBMISSION_STATUS_LIST = ", ".join(f"'{status}'" for status in SUBMISSION_STATUSES)

SCHEMA = f"""
CREATE TABLE competition (           -- the competition's one row
    id INTEGER PRIMARY KEY CHECK (id = 1),
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    created REAL NOT NULL,
    secret TEXT NOT NULL,            -- signs session cookies and API tokens
    invitation TEXT,                 -- the code self-registration needs; NULL: no self-registration
    deadline REAL,                   -- submissions close then (epoch seconds); NULL: none
    frozen INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    password TEXT,                   -- argon2 hash; NULL for a built-in player
    role TEXT NOT NULL CHECK (role IN ('contestant', 'organiser', 'builtin')),
    created REAL NOT NULL,
    session_generation INTEGER NOT NULL DEFAULT 0  -- raised to end every session and token it has
);
CREATE TABLE disabled_accounts (     -- set aside by an organiser: a contestant shut out, a
    user_id INTEGER PRIMARY KEY REFERENCES users (id),  -- built-in player withdrawn; their games stay
    since REAL NOT NULL
);
CREATE TABLE disqualified_accounts (  -- entrants out of the competition: out of every ranking, games kept
    user_id INTEGER PRIMARY KEY REFERENCES users (id),
    reason TEXT NOT NULL,             -- as the organiser wrote it (escaped when shown)
    since REAL NOT NULL,
    by_user INTEGER REFERENCES users (id)
);
CREATE TABLE login_failures (
    key TEXT PRIMARY KEY,            -- a name from an address, or an address
    count INTEGER NOT NULL,
    last REAL NOT NULL
);
CREATE TABLE revoked_sessions (      -- sessions logged out: their signed cookies are refused
    nonce TEXT PRIMARY KEY,          -- the session's own nonce, new at every login
    until REAL NOT NULL              -- when its cookie would have expired anyway (then forgotten)
);
CREATE TABLE submissions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id),
    created REAL NOT NULL,
    language TEXT NOT NULL,
    filename TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ({_SUBMISSION_STATUS_LIST})),
    build_log TEXT NOT NULL DEFAULT '',
    admission TEXT NOT NULL DEFAULT '',
    command TEXT,                    -- the PLAYER that runs it, once built
    benched INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE rounds (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,              -- 'test', 'final', 'unrated', ...
    status TEXT NOT NULL CHECK (status IN ('running', 'finished')),
    created REAL NOT NULL,
    finished REAL,
    details TEXT NOT NULL DEFAULT '{{}}'
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES rounds (id),
    slot INTEGER NOT NULL,
    first_submission INTEGER NOT NULL REFERENCES submissions (id),
    second_submission INTEGER NOT NULL REFERENCES submissions (id),
    seed INTEGER NOT NULL,
    setup TEXT,
    rated INTEGER NOT NULL DEFAULT 1,
    record TEXT,                     -- the game record without stderr; NULL until played
    stderr_first TEXT,
    stderr_second TEXT,
    finished REAL,
    UNIQUE (round_id, slot)
);
CREATE INDEX games_unplayed ON games (round_id) WHERE record IS NULL;
CREATE TABLE voided_games (          -- played games an organiser voided: replayed, ranked nowhere
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    reason TEXT NOT NULL,            -- as the organiser wrote it (escaped when shown)
    voided REAL NOT NULL,
    voided_by INTEGER REFERENCES users (id),
    replay INTEGER NOT NULL REFERENCES games (id)  -- the game played in its place
);
CREATE TABLE analyses (              -- a played game's analysis (arena.analysis), made once when asked
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    analysis TEXT NOT NULL           -- the analysis document (JSON): moves and values, never stderr
);
CREATE TABLE announcements (         -- the organisers' words on the home page
    id INTEGER PRIMARY KEY,
    text TEXT NOT NULL,              -- as written (escaped when shown)
    created REAL NOT NULL,
    author INTEGER REFERENCES users (id)
);
CREATE TABLE clarifications (        -- a contestant's question and the organisers' answer
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id),
    text TEXT NOT NULL,              -- as asked (escaped when shown)
    created REAL NOT NULL,
    answer TEXT,                     -- NULL until answered
    answered REAL,
    answered_by INTEGER REFERENCES users (id),
    public INTEGER NOT NULL DEFAULT 0  -- 1: shown to everyone (the home page), 0: to the asker alone
);
CREATE INDEX clarifications_of_user ON clarifications (user_id, created);
"""
"""Today's schema as SQL statements (migrations.py runs them, one by one, in a new database)."""
