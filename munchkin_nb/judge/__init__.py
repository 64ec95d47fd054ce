"""The rules judge: hold a table in mind, ask who may do what now and why not, try it, share it."""

from .ask import Allowed, Ruling, allowing_rule, fight, may_do, why
from .link import LinkError, decode, encode
from .position import Position, PositionError, Problem
from .table import Table

__all__ = [
    "Allowed",
    "Ruling",
    "allowing_rule",
    "fight",
    "may_do",
    "why",
    "LinkError",
    "decode",
    "encode",
    "Position",
    "PositionError",
    "Problem",
    "Table",
]
