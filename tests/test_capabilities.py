"""The game interface's optional capabilities (``pbem.game``): each is declared by the games
that provide it, a false declaration is refused when the game is loaded, and ``pbem/`` knows
no game (issue 17, "Declared capabilities")."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

from pbem import game as game_interface
from pbem.definition import GameFileError, game_definition
from pbem.game import (
    CAPABILITIES,
    BadGame,
    Commanders,
    MapPicture,
    Seating,
    capability,
    load_game,
    members,
)
from pbem.games import GAMES
from pbem.selfplay import BadSetup, play_games

# The moderator's own sources (an installed pbem also holds the games, under pbem/games).
PBEM = Path(__file__).resolve().parents[1] / "pbem"


def _fake_game(monkeypatch, **names) -> None:
    module = types.ModuleType("fake_game")
    vars(module).update(names)
    monkeypatch.setitem(sys.modules, "fake_game", module)
    monkeypatch.setitem(game_interface.GAMES, "fake", "fake_game")


def test_a_game_declaring_a_capability_it_does_not_provide_is_refused_when_loaded(
        monkeypatch):
    _fake_game(monkeypatch, capabilities=(MapPicture,), map_svg=lambda state: "<svg/>")
    with pytest.raises(BadGame, match="declares MapPicture but has no map_png"):
        load_game("fake")


def test_a_game_without_a_capabilities_tuple_or_with_a_foreign_one_is_refused(monkeypatch):
    _fake_game(monkeypatch)
    with pytest.raises(BadGame, match="has no capabilities tuple"):
        load_game("fake")
    _fake_game(monkeypatch, capabilities=(dict,))
    with pytest.raises(BadGame, match="is no capability"):
        load_game("fake")


def test_a_game_is_asked_only_for_what_it_declares(monkeypatch):
    _fake_game(monkeypatch, capabilities=(), map_svg=lambda state: "<svg/>",
               map_png=lambda state: b"")
    assert capability(load_game("fake"), MapPicture) is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_game_declares_every_capability_it_provides(name):
    module = load_game(name)
    provided = {kind for kind in CAPABILITIES
                if all(member in vars(module) for member in members(kind))}
    assert set(module.capabilities) == provided


def test_dune_declares_what_pbem_asks_of_it():
    """Every capability, ``Commanders`` among them: in Dune v3.0's games of two and three
    players a player runs several factions, and who runs which changes at each Nexus (003
    "Playing with two or three")."""
    assert set(load_game("dune").capabilities) == set(CAPABILITIES)
    assert Commanders in load_game("dune").capabilities


def _pbem_sources() -> list[Path]:
    return sorted(PBEM.rglob("*.py"))


def test_no_pbem_module_imports_a_game_statically():
    """Only the registry ``pbem.games`` (``GAMES``) is imported; no game module."""
    found = []
    for path in _pbem_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.relative_to(PBEM)}: {n}" for n in names
                      if n.startswith("pbem.games.")]
    assert found == []


def test_importing_every_pbem_module_loads_no_dune_module(tmp_path):
    """A subprocess imports every module of ``pbem/`` (but the command line's ``__main__``)
    and lists the Dune modules loaded."""
    names = [".".join(("pbem", *path.relative_to(PBEM).with_suffix("").parts))
             .removesuffix(".__init__") for path in _pbem_sources()]
    names = [name for name in names if name != "pbem.__main__"]
    code = ("import importlib, sys\n"
            f"for name in {names!r}:\n"
            "    importlib.import_module(name)\n"
            "print(sorted(m for m in sys.modules if m.startswith('pbem.games.dune')))\n")
    # Run away from the checkout, whose pbem/ (without the games) would shadow the installed.
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=tmp_path).stdout
    assert out.strip() == "[]"


def test_no_pbem_module_names_a_dune_seat():
    """Faction names come from the game (``seating``, ``LeagueScoring.seat_words``)."""
    names = "|".join(map(re.escape, load_game("dune").seat_words))
    seats = re.compile(rf"\b({names})\b")
    found = [f"{path.relative_to(PBEM)}:{number}: {line.strip()}"
             for path in _pbem_sources()
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if seats.search(line)]
    assert found == []


def test_a_game_without_bots_gets_no_bot_seat_no_bot_disorder_and_no_self_play(monkeypatch):
    """Bots are a capability (``Bots``): a game file may give a bot to a seat, or bots to
    players in civil disorder, only in a game that declares it, and self-play needs it."""
    _fake_game(monkeypatch, capabilities=(), name="fake", rulesets=("plain",),
               seating=lambda ruleset, options: Seating(("north", "south"), 2, 2))
    with pytest.raises(GameFileError) as refused:
        game_definition({"id": "g1", "game": "fake", "civil_disorder": "bot",
                         "seats": [{"seat": "north", "bot": "random"},
                                   {"seat": "south", "address": "s@players.test"}]})
    assert "seats[0].bot: fake has no bots, got 'random'" in refused.value.problems
    assert "civil_disorder: fake has no bots; expected defaults or wait" in refused.value.problems
    with pytest.raises(BadSetup, match="fake has no bots"):
        play_games(load_game("fake"), "plain", {}, 1, "s")
