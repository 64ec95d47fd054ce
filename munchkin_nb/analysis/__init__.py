"""Statistics across many games, variations of stored games."""
