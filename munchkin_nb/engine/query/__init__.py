"""Questions about a state: what a card is and does, who holds what, how strong each side is; no events."""
