"""Card sets as data: the model, the validating loader and the vocabulary."""

from .load import cards_table, load_set
from .model import Card, CardError, CardSet

__all__ = ["Card", "CardError", "CardSet", "cards_table", "load_set"]
