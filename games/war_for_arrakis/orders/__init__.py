"""War for Arrakis's orders by mail: the game's order language (``LANGUAGE``, on the shared
machinery of games/common/language.py), the words orders are made of (``words``), the plan of
a round's actions (``plan``) and the other decisions (``decisions``)."""

from ...common.language import OrderLanguage

LANGUAGE = OrderLanguage()
