"""Child process of bench_scale: simulate N games into one database, print progress as JSON lines."""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time

from .common import REPO  # noqa: F401  (puts the repository on sys.path)


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--db", required=True)
    args = p.parse_args(argv)
    from munchkin_nb.bots import play_game
    from munchkin_nb.store import EventStore

    marks = {max(1, round(args.games * q / 4)): q * 25 for q in (1, 2, 3, 4)}
    events = 0
    t0 = time.perf_counter()
    with EventStore(args.db) as store:
        for i in range(1, args.games + 1):
            rec = play_game(4, i, "heuristic")
            store.add_game(rec.meta, rec.events)
            events += len(rec.events)
            if i in marks:
                rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
                print(
                    json.dumps(
                        {
                            "pct": marks[i],
                            "games": i,
                            "events": events,
                            "wall_s": time.perf_counter() - t0,
                            "peak_mb": rss_mb,
                        }
                    ),
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
