import pytest


@pytest.fixture
def game():
    return "domineering"
