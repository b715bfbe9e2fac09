"""Playing a competition's stored games: the games loop (game_loop.py), the work items the workers
are given (work_items.py), benching a program that keeps faulting, and the loop's wake-up call."""
