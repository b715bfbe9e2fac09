"""The verdict both strong players keep on "does the opponent play the one-ply greedy policy?".

Each game's opponent_model.py says what greedy's moves are and which of them
count as evidence; this is the part they share: a run of ``evidence_needed``
informative greedy moves switches the model on, and the first move no greedy
player makes switches it off for the rest of the game.
"""

from __future__ import annotations


class GreedyEvidence:
    evidence_needed = 5

    def __init__(self) -> None:
        self.evidence = 0       # informative greedy moves seen so far
        self.refuted = False    # a move that no greedy player makes

    def record(self, greedy: bool, informative: bool) -> None:
        """One opponent move: was it one of greedy's, and did it say anything about the player?"""
        if not greedy:
            self.refuted = True
        elif informative and not self.refuted:
            self.evidence += 1

    @property
    def opponent_is_greedy(self) -> bool:
        return not self.refuted and self.evidence >= self.evidence_needed
