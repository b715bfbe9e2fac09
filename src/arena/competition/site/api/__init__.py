"""The JSON API: what `arena submit` and scripts use (routes.py), the organisers' part
(organiser.py), and reading request bodies."""
