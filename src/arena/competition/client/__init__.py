"""``arena submit``: a contestant's terminal client of a competition (stdlib only)."""
