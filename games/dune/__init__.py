"""Classic Dune (Avalon Hill 1979), as in 000_7222511ea66831c6.txt: its rules data so far.

``pbem.games.dune.data`` holds the board, the decks, the leaders and the faction sheets as
checked YAML; the rules phases will be built on it.
"""
