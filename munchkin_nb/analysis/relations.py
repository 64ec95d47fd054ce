"""The two relations every statistic is asked of: `ev` (one typed row per event) and `seats` (one row
per player of a finished game). SQLite builds them as TEMP views over a store; Parquet holds them."""

from __future__ import annotations

import re
import sqlite3

# A card id without its copy number: "halfling#1" -> "halfling".
_CARD_NAME = "CASE WHEN instr({c}, '#') > 0 THEN substr({c}, 1, instr({c}, '#') - 1) ELSE {c} END"
_CARD = "COALESCE(json_extract(payload, '$.card'), json_extract(payload, '$.action.params.card'))"

# The typed columns of one event, with the SQLite expression that reads each from the stored row.
# Parquet export writes the same names and types, so one query text serves both engines.
EV_COLUMNS: dict[str, tuple[str, str]] = {
    "game_id": ("BIGINT", "game_id"),
    "seq": ("BIGINT", "seq"),
    "turn": ("BIGINT", "turn"),
    "phase": ("VARCHAR", "phase"),
    "actor": ("VARCHAR", "actor"),
    "type": ("VARCHAR", "type"),
    "automatic": ("BOOLEAN", "automatic"),
    # who the event is about: the player of a card move, of a decision, the giver of a card
    "player": (
        "VARCHAR",
        "COALESCE(json_extract(payload, '$.player'), json_extract(payload, '$.action.player'),"
        " json_extract(payload, '$.from_player'))",
    ),
    "target": (
        "VARCHAR",
        "COALESCE(json_extract(payload, '$.to_player'), json_extract(payload, '$.action.params.target'),"
        " json_extract(payload, '$.target'))",
    ),
    "card": ("VARCHAR", _CARD),
    "card_name": ("VARCHAR", _CARD_NAME.format(c=_CARD)),
    # PlayerDied names its killer under "by"; MonsterAdded's "by" is a player
    "monster": (
        "VARCHAR",
        "CASE type WHEN 'PlayerDied' THEN json_extract(payload, '$.by')"
        " ELSE json_extract(payload, '$.monster') END",
    ),
    "into_": ("VARCHAR", "json_extract(payload, '$.into')"),
    "action": ("VARCHAR", "json_extract(payload, '$.action.name')"),
    "level": ("BIGINT", "json_extract(payload, '$.level')"),
    "delta": ("BIGINT", "json_extract(payload, '$.delta')"),
    "outcome": ("VARCHAR", "json_extract(payload, '$.outcome')"),
    "equipped": ("BOOLEAN", "json_extract(payload, '$.equipped')"),
    "out_of_turn": ("BOOLEAN", "COALESCE(json_extract(payload, '$.out_of_turn'), 0)"),
    # the number of the combat an event belongs to within its game (0 before the first)
    "combat": (
        "BIGINT",
        "SUM(type = 'CombatStarted') OVER (PARTITION BY game_id ORDER BY seq ROWS UNBOUNDED PRECEDING)",
    ),
    "payload": ("VARCHAR", "payload"),
}

SEAT_COLUMNS: dict[str, str] = {
    "game_id": "BIGINT",
    "player": "VARCHAR",
    "seat": "BIGINT",  # 0 = the first player, then in turn order
    "n_players": "BIGINT",
    "won": "BIGINT",  # 1 or 0
    "turns": "BIGINT",
    "ruleset": "VARCHAR",
    "modules": "VARCHAR",  # a JSON list, as the store keeps it
    "source": "VARCHAR",
}

_NAME = re.compile(r"[a-z0-9_]+")


def ev_sql(where: str = "") -> str:
    """The SELECT that reads the store's `events` as typed `ev` rows."""
    cols = ",\n  ".join(f"{expr} AS {name}" for name, (_t, expr) in EV_COLUMNS.items())
    return f"SELECT\n  {cols}\nFROM events {where}"


# Finished games only: a game without winners says nothing about who wins. And games the referee
# found legal only: one kept with --allow-unfinished or --allow-illegal (flagged) may name any winner.
SEATS_SQL = """
WITH g AS (
  SELECT id, players, winners, turns, ruleset, modules, source,
         json_array_length(players) AS n_players,
         (SELECT json_extract(e.payload, '$.player') FROM events e
           WHERE e.game_id = games.id AND e.type = 'FirstPlayerChosen' ORDER BY e.seq LIMIT 1) AS first
  FROM games
  WHERE winners IS NOT NULL AND winners != '[]' AND {unflagged}
), gp AS (
  SELECT g.*, CAST(p.key AS INTEGER) AS idx, p.value AS player,
         COALESCE((SELECT CAST(f.key AS INTEGER) FROM json_each(g.players) f WHERE f.value = g.first), 0)
           AS first_idx
  FROM g, json_each(g.players) p
)
SELECT id AS game_id, player, (idx - first_idx + n_players) % n_players AS seat, n_players,
       EXISTS (SELECT 1 FROM json_each(gp.winners) w WHERE w.value = gp.player) AS won,
       turns, ruleset, modules, source
FROM gp
"""


def games_columns(conn: sqlite3.Connection) -> set[str]:
    """The columns of a store's `games` table (a version 1 file has no `flags`)."""
    return {row[1] for row in conn.execute("PRAGMA table_info(games)")}


def seats_sql(conn: sqlite3.Connection) -> str:
    """SEATS_SQL for the store at `conn`: only unflagged games (every game of a file without flags)."""
    return SEATS_SQL.format(unflagged="flags = '[]'" if "flags" in games_columns(conn) else "1")


def games_sql(conn: sqlite3.Connection) -> str:
    """Every game as `flagged` and `finished` (0/1) with its ruleset and modules: what stats leave out."""
    flagged = "flags != '[]'" if "flags" in games_columns(conn) else "0"
    return (
        f"SELECT ({flagged}) AS flagged, (winners IS NOT NULL AND winners != '[]') AS finished,"
        " ruleset, modules FROM games"
    )


def check_filter(ruleset: str | None, modules: list[str] | None) -> None:
    """ValueError unless the filters are names (they are written into SQL as literals)."""
    for name in [ruleset or "", *(modules or [])]:
        if name and not _NAME.fullmatch(name):
            raise ValueError(f"{name!r} is not a ruleset or module name ([a-z0-9_])")


def seats_filter(ruleset: str | None, modules: list[str] | None) -> str:
    """A WHERE clause over `seats` for one ruleset and (exactly) a set of modules."""
    check_filter(ruleset, modules)
    clauses = []
    if ruleset:
        clauses.append(f"ruleset = '{ruleset}'")
    if modules is not None:
        listed = ", ".join(f'"{m}"' for m in sorted(modules))
        clauses.append(f"modules = '[{listed}]'")
    return ("WHERE " + " AND ".join(clauses)) if clauses else ""


# The event types the statistics read: the rest (passes, windows, phases...) is not copied.
STAT_TYPES = (
    "CardDrawn",
    "CardPlayed",
    "ItemEquipped",
    "ActionTaken",
    "CombatStarted",
    "MonsterAdded",
    "CombatEnded",
    "BadStuffApplied",
    "PlayerDied",
    "LevelChanged",
)


def sqlite_views(
    conn: sqlite3.Connection, ruleset: str | None = None, modules: list[str] | None = None
) -> None:
    """Build `ev` and `seats` as TEMP tables on a store connection (the store file is not written).

    One pass over `events` (json_extract once per row), then every query reads the typed copy."""
    types = ", ".join(f"'{t}'" for t in STAT_TYPES)
    columns = [c for c in EV_COLUMNS if c != "payload"]
    conn.execute("DROP TABLE IF EXISTS temp.ev")
    conn.execute("DROP TABLE IF EXISTS temp.seats")
    conn.execute("DROP VIEW IF EXISTS temp.all_games")
    where = seats_filter(ruleset, modules)
    conn.execute(f"CREATE TEMP TABLE seats AS SELECT * FROM ({seats_sql(conn)}) {where}")
    conn.execute(f"CREATE TEMP VIEW all_games AS SELECT * FROM ({games_sql(conn)}) {where}")
    conn.execute("CREATE INDEX temp.seats_key ON seats (game_id, player)")
    conn.execute(
        f"CREATE TEMP TABLE ev AS SELECT {', '.join(columns)} FROM ({ev_sql(f'WHERE type IN ({types})')})"
        " WHERE game_id IN (SELECT game_id FROM seats)"
    )
    conn.execute("CREATE INDEX temp.ev_type ON ev (type)")
