"""The classic game's data, seats and faction names, for tests that play the classic six (the
engine itself asks each game's own data: ``state.data``)."""

from pbem.games.dune.state import data

CLASSIC = data("classic")
SEAT_FACTIONS = {faction.seat: faction.name for faction in CLASSIC.factions}
