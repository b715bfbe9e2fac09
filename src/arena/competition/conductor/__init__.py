"""The conductor: the background engine of ``arena competition serve`` (conductor.py), its options,
and its status for the organiser's page."""
