"""The strong player's opening book: its symmetries, and that book.txt holds legal moves for
every reply it promises to cover."""

import random

from arena.games.flippo.strong import engine
from arena.games.flippo.strong.book import SYMMETRIES, Book, canonical, transform
from arena.games.flippo.strong.player import START


def random_position(rng: random.Random, plies: int) -> tuple[int, int]:
    own, opp = START
    for _ in range(plies):
        moves = engine.legal_moves(own, opp)
        square = rng.choice([s for s in range(64) if moves >> s & 1])
        mine, theirs = engine.play(own, opp, square)
        own, opp = theirs, mine
    return own, opp


def test_every_image_of_a_position_finds_the_image_of_its_book_move():
    rng = random.Random(8)
    for _ in range(20):
        own, opp = random_position(rng, rng.randrange(1, 12))
        moves = engine.legal_moves(own, opp)
        square = rng.choice([s for s in range(64) if moves >> s & 1])
        key, table = canonical(own, opp)
        book = Book({key: table[square]})
        for image in SYMMETRIES:
            image_own, image_opp = transform(own, image), transform(opp, image)
            assert canonical(image_own, image_opp)[0] == key
            answer = book.move(image_own, image_opp)
            assert engine.legal_moves(image_own, image_opp) >> answer & 1
            # the image of the book move, or one the position's own symmetry makes the same
            assert (canonical(*engine.play(image_own, image_opp, answer))[0]
                    == canonical(*engine.play(image_own, image_opp, image[square]))[0])


def test_the_shipped_book_covers_every_reply_with_a_legal_move():
    book = Book.load()
    assert len(book.moves) > 50
    for (own, opp), square in book.moves.items():
        assert engine.legal_moves(own, opp) >> square & 1
    # White's first move, and Black's answer to each White first move, are in the book;
    # so is White's second move after its book move and any Black reply
    assert book.move(*START) is not None
    start_moves = engine.legal_moves(*START)
    for first in (s for s in range(64) if start_moves >> s & 1):
        white, black = engine.play(*START, first)
        assert book.move(black, white) is not None
    white, black = engine.play(*START, book.move(*START))
    replies = engine.legal_moves(black, white)
    for reply in (s for s in range(64) if replies >> s & 1):
        after_black, after_white = engine.play(black, white, reply)
        assert book.move(after_white, after_black) is not None


def test_a_position_outside_the_book_has_no_move():
    assert Book({}).move(*START) is None
    deep = random_position(random.Random(3), 30)
    assert Book.load().move(*deep) is None
