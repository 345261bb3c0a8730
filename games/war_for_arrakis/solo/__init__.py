"""The Mahdi solo mode: the Harkonnen played by the rules of 002 MAHDI SOLO MODE, inside
``apply`` and from the game's seed like everything else (no bot): the Tactical cards
(``tactics``), their dice, tokens and spice (``economy``), their vehicles (``vehicles``),
their action and movement criteria (``actions``), their combat criteria (``combat``) and
their Planning cards (``cards``).  Each answers the rules where they hand the Harkonnen a
choice (``automaton``)."""

from . import actions, cards, combat, economy, tactics, vehicles

MODULES = (actions, cards, combat, economy, tactics, vehicles)
