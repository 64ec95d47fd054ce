"""munchkin_nb: a Munchkin rules engine with an SQLite event store and Jupyter widgets."""

__version__ = "0.1.0"
