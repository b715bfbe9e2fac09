"""Passwords as they are kept: argon2id at argon2-cffi's default cost, the cost the site's tests lower
for speed (tests/conftest.py's cheap_passwords) and that this test keeps as it is."""

from argon2 import PasswordHasher, Type, extract_parameters

from arena.competition.passwords import hash_password, password_matches


def test_a_kept_password_is_argon2id_at_the_default_cost_and_only_its_own_matches():
    kept = hash_password("correct horse")
    default = PasswordHasher()
    parameters = extract_parameters(kept)
    assert parameters.type is Type.ID
    assert (parameters.time_cost, parameters.memory_cost, parameters.parallelism) == \
        (default.time_cost, default.memory_cost, default.parallelism)
    assert parameters.time_cost >= 3 and parameters.memory_cost >= 64 * 1024  # KiB: RFC 9106's second choice
    assert password_matches(kept, "correct horse")
    assert not password_matches(kept, "correct horsE") and not password_matches(None, "correct horse")
