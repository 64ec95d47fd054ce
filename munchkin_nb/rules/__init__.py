"""The rule catalogue and the rulesets."""

from .catalogue import RULE_INDEX, RULES, Rule, register_rules, rule
from .registry import load_data
from .rulesets import BASE_GAME, RULESETS, Ruleset, register_ruleset, ruleset

# the ruleset and module plug-ins add their rulesets and rules as soon as the catalogue exists
load_data()

__all__ = [
    "BASE_GAME",
    "RULES",
    "RULE_INDEX",
    "Rule",
    "rule",
    "register_rules",
    "RULESETS",
    "Ruleset",
    "register_ruleset",
    "ruleset",
]
