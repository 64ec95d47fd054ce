"""How much the slow tests play: sized for CI by default, in full under the `thorough` profile.

``HYPOTHESIS_PROFILE=thorough`` (tests/conftest.py) gives every property 300 examples and every
test sized here its full count of games; without it (``make test``, CI) they play the smaller
count, enough for each test's assertions as they stand (none is loosened for it).
"""

from __future__ import annotations

import os

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"


def sized(ci: int, thorough: int) -> int:
    """`thorough` under the thorough profile, else `ci`."""
    return thorough if THOROUGH else ci
