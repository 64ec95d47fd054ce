"""The SQLite event store: games, their append-only events, snapshots for seeking."""

from .schema import SCHEMA_VERSION, SOURCES, StoreError
from .snapshots import Reducer
from .store import EventStore

__all__ = ["EventStore", "StoreError", "Reducer", "SCHEMA_VERSION", "SOURCES"]
