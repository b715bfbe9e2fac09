"""The competition's web site and JSON API (``create_app`` in app.py, the state its routes read in site.py)."""
