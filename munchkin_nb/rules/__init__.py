"""The rule catalogue and the rulesets."""

from .catalogue import RULE_INDEX, RULES, Rule, rule
from .rulesets import RULESETS, Ruleset, ruleset

__all__ = ["RULES", "RULE_INDEX", "Rule", "rule", "RULESETS", "Ruleset", "ruleset"]
