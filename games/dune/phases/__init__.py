"""The phases of a turn: each module is one round of 000 V (``turn`` gives the order)."""
