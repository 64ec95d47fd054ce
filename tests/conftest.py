"""Suite-wide set-up: hypothesis profiles, how pytest-xdist shares the tests among its workers,
and a game several test files share.

- Hypothesis: the ``ci`` profile when ``CI`` is set (as ``.ci/run`` runs), else ``dev``;
  ``HYPOTHESIS_PROFILE=thorough`` runs every property over many more games, and the tests sized
  with ``tests/sizes.py`` in full.
- xdist (``make test`` runs ``pytest -n 2 --dist loadgroup``): the browser tests are in two groups
  of about equal time (`BROWSER_HALVES`), one per worker, each worker starting its own shared
  site server and chromium once (tests/browser/conftest.py): one group made the browser tests a
  serial long pole while the other core sat idle for most of the run. The other tests go by
  file, so a module's fixtures (played games, stores) are made on one worker, not on each.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

BROWSER = Path(__file__).resolve().parent / "browser"
#: the browser test files of the second group; every other browser file is in the first (the site
#: journey, the app, hosting and culling: about 360 s). Times (s) measured in a full `make test` on
#: a quiet 2-core machine put about half of the browser time in each group.
BROWSER_HALVES = {
    "test_analysis_pages.py",  # 34
    "test_course_page.py",  # 45
    "test_explorer.py",  # 22
    "test_judge_site.py",  # 49
    "test_page_words.py",  # 69
    "test_pages.py",  # 40
    "test_play_page.py",  # 55
    "test_recorder_site.py",  # 33
}

# A property plays whole games per example: no per-example deadline (a loaded machine would miss
# it), and a slow example is the test's nature, not a health problem.
_PROPERTY = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
# 25 games or random walks per property, each over a ruleset drawn with any of its modules.
settings.register_profile("dev", max_examples=25, **_PROPERTY)
# The same number on CI, from a fresh clone: no example database to write, and a failure prints
# the blob that replays it (@reproduce_failure).
settings.register_profile("ci", max_examples=25, database=None, print_blob=True, **_PROPERTY)
settings.register_profile("thorough", max_examples=300, **_PROPERTY)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


# tryfirst: xdist's worker reads the groups in its own hook of this name, which would run first
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests are in two xdist groups (`BROWSER_HALVES`); every other test is grouped with
    its file."""
    for item in items:
        path = Path(item.path)
        if BROWSER in path.parents:
            group = "browser-2" if path.name in BROWSER_HALVES else "browser-1"
            # A page that never showed what a test waits for, on a 2-core machine running two
            # servers, two chromiums and a dozen kernels, is tried once more (counted as a rerun
            # in the summary); a second time-out fails. Seen about once in four full runs: a
            # lesson that stopped drawing its next move for 90 s, its kernel alive, no error
            # logged, cause not found; never reproduced alone.
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=["TimeoutError"]))
        else:
            group = path.relative_to(BROWSER.parent).as_posix()
        item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture(scope="session")
def won_game():
    """A three-player game the bots played to a win (the first seed from 1 that ends in one):
    played once per worker for the files that export, store, fuzz and hand it to the CLI."""
    from munchkin_nb.bots import play_game

    return next(
        r for r in (play_game(3, s, "heuristic") for s in range(1, 20)) if r.events[-1].type == "GameWon"
    )
