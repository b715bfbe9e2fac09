"""The environments need the ``envs`` extra; without it these tests are skipped, saying so."""

import pytest

pytest.importorskip("pettingzoo", reason="the envs extra (pettingzoo) is not installed")
pytest.importorskip("gymnasium", reason="the envs extra (gymnasium) is not installed")

from arena.envs import GAMES  # noqa: E402


@pytest.fixture(params=GAMES)
def game_name(request):
    return request.param
