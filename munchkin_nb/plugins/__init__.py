"""Rulesets and modules as plug-ins: one package each, found through entry points.

A plug-in is a package whose `__init__.py` declares `PLUGIN = Plugin(...)` (rules.rulesets): its
ruleset or module, its catalogue rules, the card words it adds, the modules it requires, and its
engine part (`<package>.engine`: moves, steps, effect handlers and hooks, coded against
`munchkin_nb.engine.kit` only), its lessons and their place in the course, and the words its
moves are told in (`phrases`). Its cards (`cards.yaml`), scenarios (`scenarios/`), lessons
(`lessons/`) and rule translations (`i18n/`) sit in its folder. The plug-ins of this package and
of any installed distribution are listed under the entry-point group `munchkin_nb.plugins`, so a
third party ships a card set as a package of its own. `MUNCHKIN_NB_PLUGINS` (names,
comma-separated) loads only those: an engine built with some plug-ins and not the others.

The registry that finds, registers and loads them is munchkin_nb/rules/registry.py.
"""
