"""The core: the state as data, events, the fold, chance and the builder; it imports no other layer."""
