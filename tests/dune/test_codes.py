"""Every event and error code in Dune's source is in its catalogue (``codes.py``), and every
member of the catalogues is used: a static scan, so the catalogues stay the one list.

A code's place is the first argument of ``Event`` and ``OrderProblem``, the third of
``OrderError``, and the relays that hand a code on to them (``RELAYS``).  There a code is
written as a catalogue member (``EventCode.SPICE_GIVEN``), as its text (``"spice-given"``), or
as an f-string (``f"two-{key}s"``, maybe wrapped as ``ErrorCode(f"...")``), which must match
members; a name there is a code passed on.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

from pbem.games.common.language import LanguageCode
from pbem.games.dune.codes import ErrorCode, EventCode

SOURCE = Path(__file__).parents[2] / "games" / "dune"
CATALOGUES = {"EventCode": EventCode, "ErrorCode": ErrorCode}
# callee -> (its catalogue, the code's argument)
PLACES = {"Event": ("EventCode", 0), "OrderProblem": ("ErrorCode", 0),
          "OrderError": ("ErrorCode", 2)}
RELAYS = {"announce": ("EventCode", 1)}                 # transfers.announce(state, code, ...)
# functions returning (plan key, code, message, valid) tuples: battle_orders.problems
TUPLE_RELAYS = {"problems": ("ErrorCode", 1, 4)}


def _callee(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _code_places(tree: ast.AST):
    """(catalogue name, node) for every code's place in a module."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found = {**PLACES, **RELAYS}.get(_callee(node) or "")
            if found and len(node.args) > found[1]:
                yield found[0], node.args[found[1]]
        if isinstance(node, ast.FunctionDef) and node.name in TUPLE_RELAYS:
            catalogue, index, size = TUPLE_RELAYS[node.name]
            yield from ((catalogue, t.elts[index]) for t in ast.walk(node)
                        if isinstance(t, ast.Tuple) and len(t.elts) == size)


def _pattern(fstring: ast.JoinedStr) -> re.Pattern:
    return re.compile("".join(re.escape(part.value) if isinstance(part, ast.Constant)
                              else "[a-z-]+" for part in fstring.values))


@functools.cache
def scan() -> tuple[list[str], dict[str, set[str]]]:
    """The problems found, and the members used of each catalogue."""
    problems: list[str] = []
    used: dict[str, set[str]] = {name: set() for name in CATALOGUES}
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(SOURCE)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in CATALOGUES):
                catalogue = CATALOGUES[node.value.id]
                if node.attr not in catalogue.__members__:
                    problems.append(f"{where}:{node.lineno}: no {node.value.id}.{node.attr}")
                else:
                    used[node.value.id].add(catalogue[node.attr].value)
        for name, code in _code_places(tree):
            values = {member.value for member in CATALOGUES[name]}
            if (isinstance(code, ast.Call) and _callee(code) == name
                    and len(code.args) == 1):
                code = code.args[0]
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                if code.value not in values:
                    problems.append(f"{where}:{code.lineno}: {code.value!r} is not in {name}")
                used[name].add(code.value)
            elif isinstance(code, ast.JoinedStr):
                matched = {v for v in values if _pattern(code).fullmatch(v)}
                if not matched:
                    problems.append(f"{where}:{code.lineno}: no {name} matches "
                                    f"{ast.unparse(code)}")
                used[name] |= matched
    return problems, used


def test_every_code_in_the_source_is_in_its_catalogue():
    problems, _ = scan()
    assert problems == []


def test_the_shared_language_codes_are_in_the_catalogue():
    """The order language shared by the games (``games/common/language.py``) refuses lines with
    its own codes: a Dune mail may carry them, so Dune's catalogue lists them too."""
    assert {code.value for code in LanguageCode} <= {code.value for code in ErrorCode}


def test_every_member_of_the_catalogues_is_used():
    _, used = scan()
    used["ErrorCode"] |= {code.value for code in LanguageCode}     # used by the language
    for name, catalogue in CATALOGUES.items():
        assert sorted({member.value for member in catalogue} - used[name]) == [], name
