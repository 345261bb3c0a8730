"""The bots that play a seat from its own view: the random and the basic player."""
