"""Replays: JSON Lines import and export of stored games."""

from .jsonl import ReplayError, export_games, import_jsonl, read_jsonl
from .referee import Finding, Report, import_file, referee_events, validate_path

__all__ = [
    "ReplayError",
    "export_games",
    "import_jsonl",
    "read_jsonl",
    "Finding",
    "Report",
    "import_file",
    "referee_events",
    "validate_path",
]
