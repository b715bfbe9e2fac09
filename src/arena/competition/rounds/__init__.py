"""Which games a round holds: pairings (test, debut and unrated rounds), Swiss, the final, the
round maker that decides when each is made, and the ranking over games played."""
