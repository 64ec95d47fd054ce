"""The moves: one file per family of actions, Move classes only (candidates, check, run)."""
