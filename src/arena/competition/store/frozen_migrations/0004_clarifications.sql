-- clarifications: contestants' questions and their answers (clarification_rows.py)
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
