"""Every game keeps the contract of games/contract.py: each part it has is of the shape the
callers expect, and what a game shipped with arena has beside its folder is there."""

from pathlib import Path

import pytest

from arena.games import game_names, get_game
from arena.games.contract import DOCS_PAGE, PARTS, GamePartError, UnknownGameError, has_part, load_part, part_path

from .contract_checks import REPOSITORY, check_part

GAMES = game_names()


def test_the_five_games_are_found_by_listing_their_folders():
    assert GAMES == ["blackhole", "domineering", "flippo", "luckywords", "turnright"]


@pytest.mark.parametrize("part", list(PARTS))
@pytest.mark.parametrize("game", GAMES)
def test_every_part_a_game_has_is_of_its_shape(game, part):
    present = check_part(game, part)
    assert present or not PARTS[part].required


def test_the_optional_parts_arenas_games_go_without():
    """A few so far (the sixth game shows all that may be left out): Black Hole asks a person
    at the terminal with the default view, and neither it nor Lucky Words takes clicks."""
    lacking = {game: [part for part in PARTS if not has_part(game, part)] for game in GAMES}
    assert lacking == {"blackhole": ["text", "clicks"], "domineering": [], "flippo": [], "luckywords": ["clicks"],
                       "turnright": []}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_docs_page_naming_it(game):
    page = REPOSITORY / DOCS_PAGE.format(game=game)
    assert page.is_file(), f"{game} has no docs page {page}"
    title = get_game(game).title.split(" (")[0]
    assert title.lower() in page.read_text(encoding="utf-8").lower()


def test_an_unknown_game_or_part_is_refused_naming_the_choices():
    with pytest.raises(UnknownGameError, match="the games are: blackhole, domineering, flippo"):
        load_part("chess", "rules")
    with pytest.raises(ValueError, match="the parts are: __init__, game, rules"):
        load_part("flippo", "opening_book")
    with pytest.raises(ValueError, match="a folder"):
        load_part("flippo", "templates")


def test_a_part_is_imported_once_and_a_folder_part_is_a_path():
    assert load_part("flippo", "rules") is load_part("flippo", "rules")
    assert load_part("flippo", "__init__").__name__ == "arena.games.flippo"
    templates = part_path("flippo", "templates")
    assert templates is not None and Path(templates, "bot.py").is_file()


def test_a_required_part_that_is_missing_is_an_error_not_an_absence(monkeypatch):
    import arena.games.contract as contract

    assert "flippo" in game_names()  # listed before: the listing checks the required parts too
    monkeypatch.setattr(contract, "_exists", lambda folder, part: part.name != "bots")
    with pytest.raises(GamePartError, match=r"flippo/bots\.py: missing"):
        load_part("flippo", "bots")
