"""The table recorder: a game at a real table recorded as it is played (docs/replays.md)."""

from .outcomes import Choice, Need, Recorded, RecordingError, Refused
from .recording import Recording

__all__ = ["Choice", "Need", "Recorded", "RecordingError", "Recording", "Refused"]
