-- voided games and their replays (void_rows.py)
CREATE TABLE voided_games (         -- played games an organiser voided: replayed, ranked nowhere
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    reason TEXT NOT NULL,            -- as the organiser wrote it (escaped when shown)
    voided REAL NOT NULL,
    voided_by INTEGER REFERENCES users (id),
    replay INTEGER NOT NULL REFERENCES games (id)  -- the game played in its place
);
