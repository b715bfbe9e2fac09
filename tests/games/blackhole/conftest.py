import pytest


@pytest.fixture
def game():
    return "blackhole"
