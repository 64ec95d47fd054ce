"""Statistics over a corpus of games: each one a SQL query over `ev` and `seats` (see relations.py),
run by SQLite over a store or by DuckDB over Parquet; Python only merges the aggregates."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, TypeAlias

# Below this many player-games a win rate is "too few games", not a number.
MIN_N = 30
# z for a two-sided 95% interval.
Z95 = 1.959963984540054

# (sql, parameters) -> rows as dicts: what an engine (SQLite or DuckDB) offers the queries.
Query: TypeAlias = Callable[[str, Sequence[Any]], list[dict[str, Any]]]


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for wins out of n (0..1 each end); (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Rate:
    """A win rate with its n, Wilson 95% interval and the baseline the same players would expect."""

    wins: int
    n: int
    baseline: float  # the seat-count win rate averaged over these n player-games
    low: float = 0.0
    high: float = 1.0
    rate: float | None = None  # None: too few games to say

    @classmethod
    def of(cls, wins: int, n: int, expected: float, min_n: int) -> Rate:
        low, high = wilson(wins, n)
        rate = wins / n if n >= min_n else None
        return cls(int(wins), int(n), expected / n if n else 0.0, low, high, rate)

    def words(self) -> str:
        if self.rate is None:
            return f"too few games (n={self.n})"
        return f"{self.rate:.1%} [{self.low:.1%}, {self.high:.1%}] n={self.n} vs {self.baseline:.1%}" + (
            " *" if not self.low <= self.baseline <= self.high else ""
        )


@dataclass
class CardStats:
    """One card (copies counted together): in how many games drawn, played, equipped; holders' results."""

    card: str
    drawn: int = 0
    played: int = 0
    equipped: int = 0
    holder: Rate | None = None  # players who drew it
    player: Rate | None = None  # players who played it
    examples: list[int] = field(default_factory=list)  # games its player won


@dataclass
class Stats:
    """Everything `munchkin-nb stats` reports."""

    games: int
    player_games: int
    min_n: int
    baseline: dict[int, float]  # seat count -> win rate of one seat
    cards: list[CardStats]
    races_classes: dict[str, Rate]
    seats: dict[str, Rate]  # "4 players, seat 1" -> rate
    monsters: list[dict[str, Any]]
    length: list[dict[str, Any]]
    levels: list[dict[str, Any]]
    # games of the corpus (its ruleset and modules) not counted: flagged by import, or not finished
    left_out: dict[str, int] = field(default_factory=dict)

    def left_out_words(self) -> str:
        """e.g. "left out: 2 flagged (kept by import with --allow-...), 1 unfinished"; "" when none."""
        parts = []
        if self.left_out.get("flagged"):
            parts.append(f"{self.left_out['flagged']} flagged (imported with --allow-unfinished/-illegal)")
        if self.left_out.get("unfinished"):
            parts.append(f"{self.left_out['unfinished']} unfinished")
        return "left out: " + ", ".join(parts) if parts else ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# -- the queries ------------------------------------------------------------------

BASE = "base AS (SELECT n_players, AVG(CAST(won AS DOUBLE)) AS rate FROM seats GROUP BY n_players)"

# Player-games in which a card (by name) was drawn / played / equipped, with the player's result.
CARD_USE = {
    "drawn": "type = 'CardDrawn'",
    "played": "type = 'ActionTaken' AND card IS NOT NULL",
    "equipped": "((type = 'CardPlayed' AND into_ = 'equipped') OR (type = 'ItemEquipped' AND equipped))",
}

_RATE_BY_KEY = """
WITH {base}, x AS (SELECT DISTINCT game_id, player, {key} AS key FROM ev WHERE {where})
SELECT x.key AS key, COUNT(DISTINCT x.game_id) AS games, COUNT(*) AS n,
       SUM(CAST(s.won AS BIGINT)) AS wins, SUM(b.rate) AS expected
FROM x JOIN seats s ON s.game_id = x.game_id AND s.player = x.player
JOIN base b ON b.n_players = s.n_players
GROUP BY x.key ORDER BY x.key
"""

_EXAMPLES = """
WITH x AS (SELECT DISTINCT ev.game_id, ev.card_name FROM ev
           JOIN seats s ON s.game_id = ev.game_id AND s.player = ev.player
           WHERE ev.type = 'ActionTaken' AND ev.card IS NOT NULL AND s.won = 1),
r AS (SELECT card_name, game_id, ROW_NUMBER() OVER (PARTITION BY card_name ORDER BY game_id) AS k FROM x)
SELECT card_name, game_id FROM r WHERE k <= ? ORDER BY card_name, game_id
"""

_SEATS = """
WITH {base}
SELECT s.n_players, s.seat, COUNT(*) AS n, SUM(CAST(s.won AS BIGINT)) AS wins, MAX(b.rate) AS rate
FROM seats s JOIN base b ON b.n_players = s.n_players
GROUP BY s.n_players, s.seat ORDER BY s.n_players, s.seat
"""

# Per monster: combats it was in, how many of those the players won, its bad stuff and its kills.
_MONSTERS = """
WITH fin AS (SELECT DISTINCT game_id FROM seats),
m AS (SELECT DISTINCT ev.game_id, ev.combat, ev.monster FROM ev JOIN fin g ON g.game_id = ev.game_id
      WHERE ev.type IN ('CombatStarted', 'MonsterAdded') AND ev.monster IS NOT NULL),
o AS (SELECT game_id, combat, MAX(outcome) AS outcome FROM ev WHERE type = 'CombatEnded'
      GROUP BY game_id, combat),
bad AS (SELECT ev.monster, COUNT(*) AS n FROM ev JOIN fin g ON g.game_id = ev.game_id
        WHERE ev.type = 'BadStuffApplied' GROUP BY ev.monster),
kill AS (SELECT ev.monster, COUNT(*) AS n FROM ev JOIN fin g ON g.game_id = ev.game_id
         WHERE ev.type = 'PlayerDied' GROUP BY ev.monster)
SELECT m.monster, COUNT(*) AS combats, SUM(CASE WHEN o.outcome = 'won' THEN 1 ELSE 0 END) AS beaten,
       COALESCE(MAX(bad.n), 0) AS bad_stuff, COALESCE(MAX(kill.n), 0) AS kills
FROM m LEFT JOIN o ON o.game_id = m.game_id AND o.combat = m.combat
LEFT JOIN bad ON bad.monster = m.monster LEFT JOIN kill ON kill.monster = m.monster
GROUP BY m.monster ORDER BY m.monster
"""

_LENGTH = """
WITH g AS (SELECT DISTINCT game_id, n_players, turns FROM seats)
SELECT n_players, COUNT(*) AS games, AVG(CAST(turns AS DOUBLE)) AS mean_turns,
       MIN(turns) AS min_turns, MAX(turns) AS max_turns
FROM g GROUP BY n_players ORDER BY n_players
"""

# The level curve: by which turn players reach each level (the first time), winners apart.
_LEVELS = """
WITH RECURSIVE lv(level) AS (SELECT 2 UNION ALL SELECT level + 1 FROM lv WHERE level < 20),
ch AS (SELECT game_id, player, turn, level FROM ev WHERE type = 'LevelChanged'),
reach AS (SELECT ch.game_id, ch.player, lv.level, MIN(ch.turn) AS turn
          FROM ch JOIN lv ON ch.level >= lv.level GROUP BY ch.game_id, ch.player, lv.level)
SELECT r.level, s.won, COUNT(*) AS n, AVG(CAST(r.turn AS DOUBLE)) AS mean_turn
FROM reach r JOIN seats s ON s.game_id = r.game_id AND s.player = r.player
GROUP BY r.level, s.won ORDER BY r.level, s.won
"""

# What `all_games` (every game, flagged or not, finished or not) holds that `seats` does not.
_LEFT_OUT = """
SELECT SUM(CASE WHEN flagged THEN 1 ELSE 0 END) AS flagged,
       SUM(CASE WHEN NOT flagged AND NOT finished THEN 1 ELSE 0 END) AS unfinished
FROM all_games
"""


def _rates(query: Query, key: str, where: str, min_n: int) -> dict[str, tuple[int, Rate]]:
    rows = query(_RATE_BY_KEY.format(base=BASE, key=key, where=where), [])
    return {
        r["key"]: (int(r["games"]), Rate.of(int(r["wins"] or 0), int(r["n"]), float(r["expected"]), min_n))
        for r in rows
        if r["key"] is not None
    }


def corpus_stats(query: Query, min_n: int = MIN_N, examples: int = 3) -> Stats:
    """Every statistic of the corpus that `query` reads (its `ev` and `seats` relations)."""
    totals = query("SELECT COUNT(DISTINCT game_id) AS games, COUNT(*) AS n FROM seats", [])[0]
    left = query(_LEFT_OUT, [])[0]
    baseline = {
        int(r["n_players"]): float(r["rate"])
        for r in query(f"WITH {BASE} SELECT n_players, rate FROM base ORDER BY n_players", [])
    }
    uses = {kind: _rates(query, "card_name", where, min_n) for kind, where in CARD_USE.items()}
    cards: dict[str, CardStats] = {}
    for kind, by_card in uses.items():
        for name, (games, rate) in by_card.items():
            c = cards.setdefault(name, CardStats(name))
            setattr(c, kind, games)
            if kind == "drawn":
                c.holder = rate
            elif kind == "played":
                c.player = rate
    for r in query(_EXAMPLES, [examples]):
        if r["card_name"] in cards:
            cards[r["card_name"]].examples.append(int(r["game_id"]))
    races_classes = {
        name: rate
        for name, (_g, rate) in _rates(
            query, "card_name", "type = 'CardPlayed' AND into_ IN ('races', 'classes')", min_n
        ).items()
    }
    seats = {
        f"{r['n_players']} players, seat {int(r['seat']) + 1}": Rate.of(
            int(r["wins"] or 0), int(r["n"]), float(r["rate"]) * int(r["n"]), min_n
        )
        for r in query(_SEATS.format(base=BASE), [])
    }
    monsters = []
    for r in query(_MONSTERS, []):
        beaten = Rate.of(int(r["beaten"] or 0), int(r["combats"]), 0.0, min_n)
        monsters.append(
            {
                "monster": r["monster"],
                "combats": int(r["combats"]),
                "beaten": asdict(beaten),
                "bad_stuff": int(r["bad_stuff"]),
                "kills": int(r["kills"]),
            }
        )
    length = [dict(r) for r in query(_LENGTH, [])]
    levels = [dict(r) for r in query(_LEVELS, [])]
    return Stats(
        games=int(totals["games"]),
        player_games=int(totals["n"]),
        min_n=min_n,
        baseline=baseline,
        cards=sorted(cards.values(), key=lambda c: c.card),
        races_classes=races_classes,
        seats=seats,
        monsters=monsters,
        length=length,
        levels=levels,
        left_out={"flagged": int(left["flagged"] or 0), "unfinished": int(left["unfinished"] or 0)},
    )
