"""The games pbem can moderate, found by name.

Each game is a module (or package) that provides the names listed in
``pbem.game.Game``, and those of the optional capabilities it declares in its
``capabilities`` tuple (``pbem.game.CAPABILITIES``).  This folder is installed as ``pbem.games``.
"""

GAMES = {
    "auction": "pbem.games.auction",
    "dune": "pbem.games.dune",
    "war_for_arrakis": "pbem.games.war_for_arrakis",
}
