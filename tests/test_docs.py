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


def test_no_order_of_a_game_is_read_as_a_command():
    """A mail's lines are tried as commands first: a game's order verb must not be one."""
    from pbem.commands import GM_COMMANDS, PLAYER_COMMANDS
    from pbem.games.dune.orders.language import KINDS

    verbs = {verb for kind in KINDS.values() for verb in kind.verbs}
    assert verbs, "no order kinds registered"
    assert not verbs & (set(PLAYER_COMMANDS) | set(GM_COMMANDS))


def coverage_counts():
    """Section -> [implemented, partly, not yet, nothing to do by mail], counted from the rows
    of docs/rules-coverage.md by the first words of their Status column."""
    counts: dict[str, list[int]] = {}
    section = None
    for line in (ROOT / "docs" / "rules-coverage.md").read_text().splitlines():
        if line.startswith("## "):
            section = line[3:].split(" (`")[0]
            continue
        if (section in (None, "Summary") or not line.startswith("| ")
                or line.startswith(("| ---", "| Rule |"))):
            continue
        status = line.strip("| ").split(" | ")[2].lower()
        column = (1 if status.startswith("partly") else 2 if status.startswith("not yet")
                  else 3 if status.startswith("nothing to do by mail") else 0)
        counts.setdefault(section, [0, 0, 0, 0])[column] += 1
    return counts


def test_the_rules_coverage_summary_counts_the_rows():
    counts = coverage_counts()
    text = (ROOT / "docs" / "rules-coverage.md").read_text()
    summary = text[text.index("## Summary"):]
    for section, numbers in counts.items():
        assert f"| {section} | {' | '.join(map(str, numbers))} |" in summary, section
    total = [sum(column) for column in zip(*counts.values(), strict=True)]
    assert f"| All | {' | '.join(map(str, total))} |" in summary
    assert (f"{sum(total)} rows: {total[0]} implemented, {total[1]} partly done, "
            f"{total[2]} not yet, {total[3]} with nothing to do by\nmail.") in summary
