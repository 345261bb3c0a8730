"""The archive: a static web site of every game, built from the store (``pbem archive
build``).  ``site`` writes the pages, ``history`` rebuilds each game's turns from its log,
``game_file`` is the replayable record published once a game is over."""

from .game_file import game_file, replay_game_file
from .site import Archive, build_archive

__all__ = ["Archive", "build_archive", "game_file", "replay_game_file"]
