"""Procedures: what happens by itself (drawing, turns, rewards, bad stuff, monsters' effects), as events."""
