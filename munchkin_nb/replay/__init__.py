"""Replays: JSON Lines import and export of stored games."""

from .jsonl import ReplayError, export_games, import_jsonl, read_jsonl

__all__ = ["ReplayError", "export_games", "import_jsonl", "read_jsonl"]
