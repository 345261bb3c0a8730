"""The bots: a random legal player and a basic one, for both factions, choosing from a seat's
view alone (``bot_order``) and writing orders as players do."""
