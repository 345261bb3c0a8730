"""pbem: a play-by-email moderator for Dune and its relatives."""

__version__ = "0.1.0"
