"""The shape of the engine (issue 17): no import cycles, a shallow import graph, faction
names only in the factions' modules and the data, ruleset identity asked only of the
ruleset classes, and ``pbem/`` free of any game."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"pbem": ROOT / "pbem", "pbem.games": ROOT / "games"}


def _modules() -> dict[str, Path]:
    """Dotted module name -> source file, for the installed layout (games/ is pbem.games)."""
    found = {}
    for prefix, folder in PACKAGES.items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((prefix, *parts))] = path
    return found


MODULES = _modules()
DEPTH = 20       # the longest chain of imports allowed: docs/architecture.md, "The import graph"


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(name: str) -> set[str]:
    """The project modules ``name`` imports (at any depth of its code, but not under
    ``if TYPE_CHECKING``), importing a name from a package counted as importing the package,
    or the submodule when the name is one."""
    tree = ast.parse(MODULES[name].read_text())
    package = name if _is_package(name) else name.rpartition(".")[0]
    found: set[str] = set()
    skip = {id(n) for node in ast.walk(tree) if _type_checking(node) for n in ast.walk(node)}
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in MODULES}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in MODULES:
                    found.add(sub)
                elif target in MODULES:
                    found.add(target)
    return found - {name}


@functools.cache
def _graph() -> dict[str, set[str]]:
    return {name: _imports(name) for name in MODULES}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def _depth(graph: dict[str, set[str]]) -> dict[str, int]:
    """The longest chain of imports below each module (the graph has no cycles)."""
    @functools.cache
    def depth(node: str) -> int:
        return 1 + max((depth(other) for other in graph[node]), default=0)
    return {node: depth(node) for node in graph}


def test_there_are_no_import_cycles():
    assert _cycles(_graph()) == []


def test_the_import_graph_is_shallow():
    """A chain of imports from any module is at most DEPTH modules long."""
    depths = _depth(_graph())
    deepest = max(depths, key=depths.get)
    assert depths[deepest] <= DEPTH, (deepest, depths[deepest])


def test_pbem_imports_no_game():
    """The moderator core knows no game: a game is found by name (``pbem.games.GAMES``)."""
    core = {name for name in MODULES if not name.startswith("pbem.games")}
    assert {(name, other) for name in core for other in _graph()[name]
            if other.startswith("pbem.games.")} == set()


SHARED = "common"      # games/common: the parts every game may build on (docs/architecture.md)


def _game(module: str) -> str | None:
    """The game folder a module belongs to (``pbem.games.dune.turn`` -> ``dune``), else None."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["pbem", "games"] else None


def test_no_game_imports_another():
    """A game builds on pbem and the shared parts (``games/common``), never on another game:
    a third game starts from the shared parts, not from Dune's."""
    crossing = {(name, other) for name in MODULES for other in _graph()[name]
                if _game(name) and _game(other) and _game(other) not in (_game(name), SHARED)}
    assert crossing == set()


def test_the_shared_parts_import_no_game():
    shared = {name for name in MODULES if _game(name) == SHARED}
    assert shared, "games/common exists"
    assert {(name, other) for name in shared for other in _graph()[name]
            if other.startswith("pbem.games") and _game(other) != SHARED} == set()


@functools.cache
def _factions() -> dict[str, str]:
    """Every faction's seat and name, in every ruleset's data and with each layer an option of
    it adds (the expansions' factions too: a new one is checked once its sheet exists)."""
    from pbem.games.dune.data.loader import DATA_DIR, load
    from pbem.games.dune.rules import RULESETS

    chains = [(*cls.data_layers, *extra) for cls in RULESETS.values()
              for extra in [(), *((layer,) for layer in cls.option_layers.values())]]
    return {faction.seat: faction.name for chain in chains
            for faction in load(*(DATA_DIR / layer for layer in chain)).factions}


SEATS = tuple(_factions())
FACTION_WORDS = {*SEATS, *_factions().values(), "Guild"}
CONSTANTS = {seat.upper().replace("-", "_") for seat in SEATS}


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _faction_names(path: Path) -> list[str]:
    """Where a module names a faction in its code: a faction's name as a string, or a
    constant named after one (docstrings and comments may name them)."""
    tree = ast.parse(path.read_text())
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and id(node) not in docs
                and node.value in FACTION_WORDS):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}")
        elif isinstance(node, ast.Name) and node.id in CONSTANTS:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.id}")
    return found


# The words outside the factions' modules that are a faction's name only by origin, each kept
# because orders, stored games or a rulebook's table hold it as it is.
JUSTIFIED = {
    # the word of KARAMA GUILD and the step key of the free mover's time (Guild shield 5)
    ("games/dune/cards/move_karama.py", "'guild'"),
    # the shipment kind of a native arrival, as stored orders hold it (Fremen shield 2)
    ("games/dune/board/reach.py", "'fremen'"),
    # the GF9 points category of the Fremen's special victory (001 4.1)
    ("games/dune/league/gf9.py", "'fremen'"),
    # the data layers (and the cache's card sets) of the factions' expansions, by folder name
    ("games/dune/rules.py", "'ixians'"),
    ("games/dune/rules.py", "'choam'"),
    ("games/dune/rules.py", "'richese'"),
    ("games/dune/rules.py", "'ecaz'"),
    ("games/dune/rules.py", "'moritani'"),
}


def test_only_the_factions_modules_and_the_data_name_a_faction():
    """Phases ask the factions' hooks or who holds an advantage; a faction's powers live in
    its module under ``games/dune/factions/`` (issue 17)."""
    dune = ROOT / "games" / "dune"
    own = (dune / "factions", dune / "data")
    named = [where for path in sorted(dune.rglob("*.py"))
             if not any(path.is_relative_to(folder) for folder in own)
             for where in _faction_names(path)
             if tuple(where.replace(":", " ").split()[::2]) not in JUSTIFIED]
    assert named == []


def test_pbem_names_no_faction():
    named = [where for path in sorted((ROOT / "pbem").rglob("*.py"))
             for where in _faction_names(path)]
    assert named == []


def _ruleset_checks(path: Path) -> list[str]:
    """Where code asks which ruleset it is (``.wbc``, a comparison with a ruleset's name)
    rather than the ruleset's answer to a rule's question."""
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "wbc":
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} .wbc")
        elif isinstance(node, ast.Compare) and any(
                isinstance(side, ast.Constant) and side.value in ("wbc", "classic", "gf9")
                for side in [node.left, *node.comparators]):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} {ast.unparse(node)}")
    return found


def test_only_the_ruleset_classes_ask_which_ruleset_it_is():
    dune = ROOT / "games" / "dune"
    found = [where for path in sorted(dune.rglob("*.py"))
             if path.parent.name != "rules" and path.name != "rules.py"
             for where in _ruleset_checks(path)]
    assert found == []


def test_no_phase_imports_a_factions_module():
    """A phase reaches a faction's powers only through the hooks (``factions.power``,
    ``factions.in_play``, ``factions.ordered``) and the advantages (``has``, ``holder``), never
    by importing the module of one faction or of one faction's power (issue 29, seam 5)."""
    phases = {name for name in MODULES if name.startswith("pbem.games.dune.phases.")}
    named = {(name, other) for name in phases for other in _graph()[name]
             if other.startswith("pbem.games.dune.factions.")}
    assert named == set()
