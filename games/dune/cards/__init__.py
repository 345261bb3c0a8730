"""The treachery cards played outside a battle plan: Karama, the storm's cards, Truthtrance."""
