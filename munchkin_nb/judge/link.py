"""Share: a Position as a short, versioned text for a URL, and back, refused when damaged."""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from .position import Position, PositionError

VERSION = "v1"


class LinkError(ValueError):
    """A shared position that cannot be read; `problems` holds the field messages of an invalid one."""

    def __init__(self, message: str, problems: list[Any] | None = None):
        super().__init__(message)
        self.problems = problems or []


def encode(pos: Position) -> str:
    """`v1.` + base64url (unpadded) of the zlib-compressed canonical JSON of the position."""
    text = json.dumps(pos.data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    packed = zlib.compress(text.encode("utf-8"), 9)
    return f"{VERSION}." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(link: str) -> Position:
    """The position a link holds; LinkError says in one line what is damaged."""
    if not isinstance(link, str) or "." not in link:
        raise LinkError("not a position link: it starts with a version such as 'v1.'")
    version, _, body = link.strip().partition(".")
    if version != VERSION:
        raise LinkError(f"unknown link version {version!r} (this judge reads {VERSION})")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        text = zlib.decompress(packed).decode("utf-8")  # zlib's Adler-32 checks the content
    except (binascii.Error, ValueError, zlib.error):
        raise LinkError("the link is damaged (its data does not unpack); copy it again whole") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LinkError(f"the link's data is not a position (bad JSON: {exc.msg})") from None
    try:
        return Position.from_data(data)
    except PositionError as exc:
        raise LinkError(f"the link holds an impossible table: {exc}", exc.problems) from None
