"""A GF9 game's mails cite seed 001, not 000 nor the WBC rules: the code cites a classic rule
through ``Rules.cite`` (``cite(state, "000 VIII.D")``), which classic and WBC answer unchanged and
GF9 from ``data/gf9/citations.yaml`` (each entry checked against 001's text)."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from dune_mail import GAME as GAME_ID
from dune_mail import address, flat
from installation import Installation
from players import addressed_to, drop, order_mail, text

from pbem.definition import create_game, game_definition
from pbem.games import dune
from pbem.games.dune.data import citations
from pbem.games.dune.rules import RULESETS
from pbem.record import GameRecord

GAME = Path(dune.__file__).parent
CLASSIC_SOURCES = re.compile(r"\b(000|004)\b|WBC")


def cited_in_code() -> dict[str, list[str]]:
    """Every citation the code and the templates ask of the ruleset, with where."""
    found: dict[str, list[str]] = {}
    for path in sorted(GAME.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and node.args
                    and getattr(node.func, "id", getattr(node.func, "attr", None)) == "cite"
                    and isinstance(node.args[-1], ast.Constant)):
                found.setdefault(node.args[-1].value, []).append(f"{path.name}:{node.lineno}")
    for path in sorted(GAME.rglob("*.j2")):
        for rule in re.findall(r'cite\(view, "([^"]+)"\)', path.read_text()):
            found.setdefault(rule, []).append(path.name)
    return found


def test_every_citation_the_code_asks_has_its_001_section():
    """Issue 19: a GF9 mail cites 001; a citation missing from the GF9 table would fail the
    step that writes it."""
    table = citations("gf9")
    cited = cited_in_code()
    assert len(cited) > 60
    missing = {rule: where for rule, where in cited.items() if rule not in table}
    assert not missing
    assert all(value.startswith("001 ") and not CLASSIC_SOURCES.search(value)
               for value in table.values())
    unused = set(table) - set(cited)
    assert not unused, "an entry no code cites"


@pytest.mark.parametrize("ruleset", ["classic", "wbc"])
def test_classic_and_wbc_cite_000_as_the_code_writes_it(ruleset):
    """Their mails do not change: every rule is cited as written."""
    rules = RULESETS[ruleset]()
    assert all(rules.cite(rule) == rule for rule in cited_in_code())


def test_gf9_cites_the_001_section_of_the_same_rule():
    """001 1.10.02 (the Nexus), 1.04.08 (the next card's bidding), 1.06.02 (shipment and
    movement in storm order), 3.01.23 (Truthtrance)."""
    rules = RULESETS["gf9"]()
    assert rules.cite("000 XII") == "001 1.10.02"
    assert rules.cite("000 VIII.D") == "001 1.04.08"
    assert rules.cite("000 IX.C") == "001 1.06.02"
    assert rules.cite("000 player aid B.1; WBC line 1376") == "001 3.01.23"


def play_by_mail(site, ruleset, seats, options):
    """A game from set-up to its end, every open prompt answered by mail with random legal
    orders; the text of the mails each seat received, its lines joined."""
    definition = game_definition({
        "id": GAME_ID, "game": "dune", "ruleset": ruleset, "seed": "cite", "options": options,
        "auth": "address", "seats": [{"seat": s, "address": address(s)} for s in seats]})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()
    rng = random.Random(ruleset)
    record = GameRecord.load(site.moderator().store, GAME_ID)
    while not record.finished:
        for prompt in record.prompts():
            view = dune.view(record.state, prompt.seat)
            drop(site.inbox, order_mail(address(prompt.seat),
                                        dune.bot_order(view, prompt, rng, "random"),
                                        subject=f"[{GAME_ID}] orders"))
        summary = site.moderator().tick()
        assert not summary.errors
        record = GameRecord.load(site.moderator().store, GAME_ID)
    sent = site.sent()
    return {seat: flat("\n".join(text(m) for m in addressed_to(sent, address(seat))))
            for seat in seats}


@pytest.mark.whole_game
@pytest.mark.parametrize("options", [{}, {"advanced": True}], ids=["basic", "advanced"])
def test_no_mail_of_a_gf9_game_cites_000_or_the_wbc_rules(tmp_path, options):
    """A GF9 game by mail, basic and advanced (001 1.13): every prompt, refusal, report and turn
    sheet a seat receives cites 001."""
    seats = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]
    mails = play_by_mail(Installation(tmp_path, maps=False), "gf9", seats,
                         {"turns": 4, **options})
    for seat, body in mails.items():
        assert "(001 " in body
        cites = [body[max(0, m.start() - 80):m.end() + 40]
                 for m in CLASSIC_SOURCES.finditer(body)]
        assert not cites, (seat, cites[:5])


@pytest.mark.whole_game
def test_a_classic_game_by_mail_still_cites_000(tmp_path):
    """The same mails under classic keep their 000 citations (000 XII, IX.C)."""
    mails = play_by_mail(Installation(tmp_path, maps=False), "classic",
                         ["atreides", "fremen", "harkonnen"], {"turns": 2})
    body = " ".join(mails.values())
    assert "(000 IX.C)" in body and "(000 XII)" in body and "(001 " not in body
