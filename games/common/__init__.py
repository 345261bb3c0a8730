"""Parts any game on pbem may build on, shared by the games rather than copied: the order
language (``language``), the checked YAML loader with its faults and overlays (``dataload``),
and the map's drawing primitives (``drawing``).  Nothing here names a game, and no game
imports another: each imports these (tests/test_architecture.py)."""
