"""The competition's web site and JSON API (``create_app`` in site_app.py, the state its routes read in site_state.py)."""
