"""A competition's database: its schema, the rows it hands out, and every read and write
(database.py)."""
