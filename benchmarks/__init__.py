"""Benchmarks of munchkin_nb: `python -m benchmarks [--json] [--quick] [--only engine,store,...]`."""
