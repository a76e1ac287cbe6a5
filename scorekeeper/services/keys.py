"""Edit keys: made at random, stored only as a hash, compared in constant time."""
from __future__ import annotations

import hashlib
import hmac
import secrets


def new_key() -> str:
    return secrets.token_urlsafe(24)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def hash_opens(key_hash: str, key: str | None) -> bool:
    return bool(key) and hmac.compare_digest(hash_key(key), key_hash)
