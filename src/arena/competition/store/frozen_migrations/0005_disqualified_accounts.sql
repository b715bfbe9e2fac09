-- disqualified accounts: out of every ranking, their games kept (disqualification_rows.py)
CREATE TABLE disqualified_accounts (  -- entrants out of the competition: out of every ranking, games kept
    user_id INTEGER PRIMARY KEY REFERENCES users (id),
    reason TEXT NOT NULL,             -- as the organiser wrote it (escaped when shown)
    since REAL NOT NULL,
    by_user INTEGER REFERENCES users (id)
);
