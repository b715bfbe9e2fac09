"""A competition's database: its schema and migrations, the rows it hands out, and its reads and
writes, one module per concern (competition_settings, account_rows, submission_rows, round_rows,
announcement_rows) combined by database.py's CompetitionStore; backups and restores of the whole
competition folder (folder_backup, folder_restore)."""
