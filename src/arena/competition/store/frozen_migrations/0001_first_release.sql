-- the schema of the first release with versions
CREATE TABLE IF NOT EXISTS competition (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    created REAL NOT NULL,
    secret TEXT NOT NULL,            -- signs session cookies and API tokens
    invitation TEXT,                 -- the code self-registration needs; NULL: no self-registration
    deadline REAL,                   -- submissions close then (epoch seconds); NULL: none
    frozen INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    password TEXT,                   -- argon2 hash; NULL for a built-in player
    role TEXT NOT NULL CHECK (role IN ('contestant', 'organiser', 'builtin')),
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id),
    created REAL NOT NULL,
    language TEXT NOT NULL,
    filename TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('building', 'build-failed', 'checking', 'rejected', 'admitted')),
    build_log TEXT NOT NULL DEFAULT '',
    admission TEXT NOT NULL DEFAULT '',
    command TEXT,                    -- the PLAYER that runs it, once built
    benched INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS rounds (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,              -- 'test', 'final', 'unrated', ...
    status TEXT NOT NULL CHECK (status IN ('running', 'finished')),
    created REAL NOT NULL,
    finished REAL,
    details TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS games (
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
CREATE INDEX IF NOT EXISTS games_unplayed ON games (round_id) WHERE record IS NULL;
CREATE TABLE IF NOT EXISTS analyses (   -- a played game's analysis (arena.analysis), made once when asked
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    analysis TEXT NOT NULL           -- the analysis document (JSON): moves and values, never stderr
);
CREATE TABLE IF NOT EXISTS disabled_accounts (  -- set aside by an organiser: a contestant shut out, a
    user_id INTEGER PRIMARY KEY REFERENCES users (id),  -- built-in player withdrawn; their games stay
    since REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS announcements (  -- the organisers' words on the home page
    id INTEGER PRIMARY KEY,
    text TEXT NOT NULL,              -- as written (escaped when shown)
    created REAL NOT NULL,
    author INTEGER REFERENCES users (id)
);
CREATE TABLE IF NOT EXISTS login_failures (
    key TEXT PRIMARY KEY,            -- a name from an address, or an address
    count INTEGER NOT NULL,
    last REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS revoked_sessions (  -- sessions logged out: their signed cookies are refused
    nonce TEXT PRIMARY KEY,          -- the session's own nonce, new at every login
    until REAL NOT NULL              -- when its cookie would have expired anyway (then forgotten)
);
