"""The documentation stays true: every test the rules coverage table names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_every_test_named_in_the_rules_coverage_table_exists():
    sources = {path.name: path.read_text() for path in ROOT.glob("tests/**/test_*.py")}
    named = 0
    for line in (ROOT / "docs" / "rules-coverage.md").read_text().splitlines():
        current = None
        for match in re.finditer(r"(test_\w+\.py)?::(test_\w+)", line):
            current = match.group(1) or current
            assert current in sources, (current, line)
            assert f"def {match.group(2)}(" in sources[current], (current, match.group(2))
            named += 1
    assert named > 100


def test_every_command_is_documented_in_docs_commands():
    from pbem.commands import GM_COMMANDS, PLAYER_COMMANDS

    documented = (ROOT / "docs" / "commands.md").read_text()
    for word in [*PLAYER_COMMANDS, *GM_COMMANDS]:
        assert f"| `{word}" in documented, word
