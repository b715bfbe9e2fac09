"""The strong players' shared clock plan: its spend and its ramp toward the solve."""

from arena.games.time_plan import SPEND, TimePlan


def plan_moves(plan: TimePlan, first: int, solve_from: int) -> list[float]:
    """The soft limit of each of one player's moves from ``first`` plies left, each move taking it all."""
    softs = []
    for plies_left in range(first, solve_from, -2):
        soft, hard = plan.limits(plies_left)
        assert soft > 0 and hard > 0
        softs.append(soft)
        plan.spent(soft)
    return softs


def test_without_ramp_every_move_before_the_solve_gets_the_same_share():
    plan = TimePlan(5.0, solve_from=14, endgame_share=0.2, hard_share=0.4)
    assert plan.total == 5.0 * SPEND - 0.12
    softs = plan_moves(plan, 60, 14)
    # (the last few get more: a move may always take 30% of what is left)
    assert max(softs[:15]) - min(softs[:15]) < 1e-9
    assert abs(softs[0] - 0.8 * plan.total / 23) < 1e-9


def test_the_ramp_grows_each_move_s_share_toward_the_solve():
    plan = TimePlan(5.0, solve_from=14, endgame_share=0.2, hard_share=0.4, spend=0.86, ramp=2.0)
    assert plan.total == 5.0 * 0.86 - 0.12
    softs = plan_moves(plan, 54, 14)  # the first moves came from a book
    assert all(a < b for a, b in zip(softs, softs[1:]))
    # move k's weight is 1 + 2 * 2k / (54 - 14): each share follows its weight
    for k in range(1, 10):
        assert abs(softs[k] / softs[0] - (1 + 2.0 * 2 * k / 40)) < 1e-9
    # from the solve on, the end takes half of what is left
    assert plan.limits(14) == (plan.left * 0.5, plan.left * 0.6)
