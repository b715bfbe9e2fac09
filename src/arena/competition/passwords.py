"""Passwords: hashed with argon2 (its own salt and cost in each hash), generated when none is given."""

from __future__ import annotations

import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()
NAME_CHARACTERS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
MAX_NAME = 32
MIN_PASSWORD = 8


class AccountError(ValueError):
    """A name or password that cannot be used; the message says why."""


def check_name(name: str) -> str:
    if not 1 <= len(name) <= MAX_NAME or not set(name) <= NAME_CHARACTERS:
        raise AccountError(f"an account name is 1 to {MAX_NAME} letters, digits, '_', '-' or '.', "
                           f"got {name!r}")
    return name


def check_password(password: str) -> str:
    if len(password) < MIN_PASSWORD:
        raise AccountError(f"a password needs at least {MIN_PASSWORD} characters")
    return password


def hash_password(password: str) -> str:
    return _hasher.hash(check_password(password))


def password_matches(stored_hash: str | None, password: str) -> bool:
    if not stored_hash:
        return False
    try:
        return _hasher.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def generate_password() -> str:
    return secrets.token_urlsafe(12)
