"""The judge: programs as child processes, one game at a time, and its record."""
