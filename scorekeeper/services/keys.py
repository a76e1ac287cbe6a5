"""Edit keys: made at random, stored only as a hash, compared in constant time."""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets


def new_key() -> str:
    return secrets.token_urlsafe(24)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def hash_opens(key_hash: str, key: str | None) -> bool:
    return bool(key) and hmac.compare_digest(hash_key(key), key_hash)


def seal(secret: str, context: str, text: str) -> str:
    """`text` hidden with a pad made from `secret` (which the server does not keep) and
    `context`; only the same secret and context open it again."""
    data = text.encode()
    return base64.urlsafe_b64encode(_xor(data, _pad(secret, context, len(data)))).decode()


def unseal(secret: str, context: str, sealed: str) -> str | None:
    try:
        data = base64.urlsafe_b64decode(sealed.encode())
        return _xor(data, _pad(secret, context, len(data))).decode()
    except (ValueError, UnicodeDecodeError):
        return None


def _xor(data: bytes, pad: bytes) -> bytes:
    """`data` XOR `pad` (as long), as whole numbers: a keeper's every poll opens its key."""
    return (int.from_bytes(data, "big") ^ int.from_bytes(pad, "big")).to_bytes(len(data), "big")


def _pad(secret: str, context: str, size: int) -> bytes:
    blocks, counter = b"", 0
    while len(blocks) < size:  # HMAC in counter mode: as many pad bytes as the text needs
        counter += 1
        blocks += hmac.new(secret.encode(), f"{context}/{counter}".encode(), hashlib.sha256).digest()
    return blocks[:size]
