"""The Mahdi solo mode: the Harkonnen played by the rules of 002 MAHDI SOLO MODE, inside
``apply`` and from the game's seed like everything else (no bot): the Tactical cards, the
Reinforcements deck, the action, movement and combat criteria, the solo changes to the
leaders and cards."""
