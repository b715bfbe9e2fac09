-- accounts count the times all their sessions and tokens were ended (a password changed, the account disabled)
ALTER TABLE users ADD COLUMN session_generation INTEGER NOT NULL DEFAULT 0;
