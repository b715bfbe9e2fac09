"""The competition server: contestants submit, arena builds, admits, plays rounds and ranks."""
