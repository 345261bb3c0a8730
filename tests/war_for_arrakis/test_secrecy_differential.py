"""Secrets stay secret, differentially (TEAM.md): the same game of War for Arrakis is played
twice through the moderator by mail, once as dealt and once with one secret changed by the
GM: the Atreides' Secret Objective, their hidden sietches' ranks, their deployment tokens'
contents, their hand; the Harkonnen's hand or standing choices; in teams, one partner's
hand; in the Mahdi solo mode, the face-down Reinforcements and the Harkonnen tokens'
contents; and what lies face down for everyone (the decks' order, the Rebels Bag, the
stations' symbols, the wormsigns' faces, the Prescience deck, the Secret Objectives left).
Every mail anyone else receives (the other seats, an observer: reports, answers, each
reader's STATUS with who is waited for, subjects, step numbers) and every page of the
archive are the same in both runs, Message-IDs, secrets and the running digest aside (a
chain over the log, which holds the GM's adjustment itself: docs/fairness.md).  The players
send the same text in both runs: the templates of their open decisions, which never read
what the changed secrets are.  The round played reveals none of them (no attack on a sietch,
no token revealed, no card played, the game not over; of what lies face down for all, only
what the round leaves face down is changed, and compared until the Spice Harvesting): what
is compared is what the moderator says while they are secret.
"""

from __future__ import annotations

import difflib
import json

import pytest
from installation import Installation
from players import drop, order_mail, text
from wfa_mail import GAME, address, new_game, record

from pbem.archive.site import build_archive
from pbem.chain import DIGEST_LINE
from pbem.mail.text import parse_message
from pbem.moderator import run_gm_command

OBSERVER = "watcher@observers.test"
TWO = ["atreides", "harkonnen"]
FOUR = ["house-atreides", "fremen", "house-harkonnen", "corrino"]


def _rotated(mapping: dict) -> dict:
    """The same keys, each given the next key's value."""
    keys = list(mapping)
    return dict(zip(keys, [mapping[k] for k in keys[1:] + keys[:1]], strict=True))


def _objective(state, seat, later):
    """002 SETUP 14: another Secret Objective dealt."""
    hidden = state["hidden"]
    objectives = hidden["objectives"] + hidden["objective_deck"]
    return [("/hidden/objectives", objectives[1:2]),
            ("/hidden/objective_deck", objectives[:1] + objectives[2:])]


def _ranks(state, seat, later):
    """002 SETUP 2: the sietch tokens' ranks, face down, dealt otherwise."""
    return [("/hidden/sietch_ranks", _rotated(state["hidden"]["sietch_ranks"]))]


def _tokens(state, seat, later):
    """002 ATREIDES DEPLOYMENT TOKENS: the tokens on the board hold one another's units."""
    placed = [t for lg in state["legions"].values() for t in lg["tokens"]]
    swapped = _rotated({t: state["hidden"]["tokens"][t] for t in placed})
    return [(f"/hidden/tokens/{t}", swapped[t]) for t in placed]


def _hand(state, seat, later):
    """002 PLAYING PLANNING CARDS: the seat's hand exchanged for as many cards of its own
    decks, the decks keeping the cards it held."""
    return _exchanged(state, f"/hidden/hands/{seat}", state["hidden"]["hands"][seat])


def _standing(state, seat, later):
    """docs/orders.md, standing choices: what the seat would do in a battle (which no one
    fights here) is another."""
    return [("/hidden/standing", {seat: {"casualties": ["named", "elite", "regular"],
                                          "continue": {"mode": "always", "units": 0},
                                          "retreat": {"mode": "weaker", "units": 0},
                                          "cards": 2, "specials": "shields"}})]


def _solo(state, seat, later):
    """002 MAHDI SOLO MODE: the Reinforcements drawn face down are other cards, and the
    Harkonnen deployment tokens of each colour hold one another's units."""
    solo = state["hidden"]["solo"]
    contents = solo["contents"]
    swapped = {}
    for colour in ("black", "silver"):
        swapped |= _rotated({t: c for t, c in contents.items() if t.startswith(colour)})
    return [*_exchanged(state, "/hidden/solo/reinforcements", solo["reinforcements"]),
            ("/hidden/solo/contents", swapped)]


def _face_down(state, seat, later):
    """What no seat has seen and the round played leaves face down (``later``: the first
    run's state at its end and its events): the order of what stays in each deck and in the
    Prescience deck (002 SETUP 9, 13), the contents of the tokens left in the Rebels Bag
    (SETUP 4), the symbols of the stations not turned up (SETUP 7), the faces of the
    wormsigns never drawn (SETUP 10), the Secret Objectives not dealt (SETUP 14)."""
    later, events = later or (state, [])
    hidden, after = state["hidden"], later["hidden"]
    bag = [t for t in hidden["bag"] if t in after["bag"]]
    drawn = _drawn_wormsigns(later, events)
    unseen = [w for w in hidden["wormsign_pool"] if w not in drawn]
    stations = {later["stations"][a] for a in later["stations"]}
    return [*[(f"/hidden/decks/{deck}", _bottom_reversed(pile, after["decks"][deck]))
              for deck, pile in hidden["decks"].items()],
            *[(f"/hidden/tokens/{t}", c)
              for t, c in _rotated({t: hidden["tokens"][t] for t in bag}).items()],
            ("/hidden/stations", hidden["stations"] | _rotated(
                {e: s for e, s in hidden["stations"].items() if e in stations})),
            ("/hidden/wormsigns", hidden["wormsigns"] | _rotated(
                {w: hidden["wormsigns"][w] for w in unseen})),
            ("/hidden/prescience_deck",                 # the End of the Round reshuffles it
             _bottom_reversed(hidden["prescience_deck"], after["prescience_deck"])
             if later["round"] == state["round"] else hidden["prescience_deck"]),
            ("/hidden/objective_deck", hidden["objective_deck"][::-1])]


def _drawn_wormsigns(later, events) -> set[str]:
    """The wormsigns drawn: those on the board, and as many as went back into the pool (to
    its end, ``desert.py``) as the events say."""
    from pbem.games.war_for_arrakis.codes import EventCode

    back = sum(event["code"] in (EventCode.WORMSIGN_REVEALED, EventCode.WORMSIGN_DISCARDED)
               for event in events)
    pool = later["hidden"]["wormsign_pool"]
    return set(later["wormsigns"].values()) | set(pool[len(pool) - back:])


def _bottom_reversed(pile: list, left: list) -> list:
    """A pile drawn from its end, the cards still in it at the end reversed."""
    kept = len(left)
    assert pile[:kept] == left
    return pile[:kept][::-1] + pile[kept:]


def _exchanged(state, pointer: str, held: list[str]) -> list[tuple[str, object]]:
    """The cards at ``pointer`` exchanged for as many cards of their own decks."""
    from pbem.games.war_for_arrakis.state import data

    changes = []
    taken = []
    for deck, pile in state["hidden"]["decks"].items():
        mine = [c for c in held if c in set(data().decks[deck])]
        if not mine:
            continue
        new_pile = list(pile)
        fresh = [c for c in new_pile if c not in held][:len(mine)]
        for old, new in zip(mine, fresh, strict=True):
            new_pile[new_pile.index(new)] = old
        taken += fresh
        changes.append((f"/hidden/decks/{deck}", new_pile))
    assert sorted(taken) != sorted(held)
    return [(pointer, taken), *changes]


class Run:
    def __init__(self, root, seats, ruleset: str):
        self.root = root
        self.site = Installation(root, maps=False)
        new_game(self.site, seats, ruleset=ruleset, options={"rounds": 3}, seed="differential")

    def change(self, changes) -> None:
        """The GM's adjustments, then an observer."""
        for pointer, value in changes:
            self.gm(f"ADJUST {pointer} = {json.dumps(value)} -- the secret under test")
        self.gm(f"OBSERVE {OBSERVER}")

    def gm(self, line: str) -> None:
        moderator = self.site.moderator()
        run_gm_command(moderator, GAME, line)
        moderator.send_outbox()

    def play(self, readers: list[str], until: tuple[str, ...]) -> None:
        """Every open decision answered with its template, and each reader asking STATUS,
        until the first round reaches a phase of ``until`` or the next round starts."""
        for _ in range(40):
            state = record(self.site).state
            if state["round"] == 2 or state["phase"] in until:
                return
            current = record(self.site)
            for reader in readers:
                drop(self.site.inbox, order_mail(reader, "STATUS", subject=f"[{GAME}] status"))
            for prompt in current.prompts():
                drop(self.site.inbox, order_mail(address(prompt.seat), prompt.template,
                                                 subject=f"[{GAME}] orders"))
            summary = self.site.moderator().tick()
            assert not summary.errors, summary.errors
        raise AssertionError("the round did not end")

    def mail_of(self, readers: list[str]) -> list[tuple[str, str, str]]:
        found = []
        for row in self.site.moderator().store.all("select * from outbox order by id"):
            if any(reader in row["recipients"] for reader in readers):
                found.append((row["recipients"], row["subject"],
                              self._masked(text(parse_message(row["message"])))))
        return found

    def pages(self) -> dict[str, str]:
        """The archive as it stands: every page's text, by its path."""
        out = self.root / "site"
        build_archive(self.site.moderator().store, out, self.site.clock())
        return {str(p.relative_to(out)): self._masked(p.read_text())
                for p in sorted(out.rglob("*")) if p.is_file()}

    def _masked(self, body: str) -> str:
        body = DIGEST_LINE.sub("<digest>", body)
        for row in self.site.moderator().store.seats(GAME):
            body = body.replace(row["secret"], "<secret>")
        return body


def _at(state, pointer: str):
    found = state
    for part in pointer.strip("/").split("/"):
        found = found[part]
    return found


# The face-down things are compared until the Spice Harvesting asks a seat (or the End of the
# Round does), before the End of the Round shuffles the Prescience deck (002 DISCARD OR
# RESHUFFLE) for the next round's reveal.
ROUND, HARVEST = (), ("harvest", "end")
CASES = {  # kind: (seats, ruleset, the change, whose secret, who reads, until)
    "objective": (TWO, "standard", _objective, "atreides", ["harkonnen"], ROUND),
    "sietch-ranks": (TWO, "standard", _ranks, "atreides", ["harkonnen"], ROUND),
    "deployment-tokens": (TWO, "standard", _tokens, "atreides", ["harkonnen"], ROUND),
    "atreides-hand": (TWO, "standard", _hand, "atreides", ["harkonnen"], ROUND),
    "harkonnen-hand": (TWO, "standard", _hand, "harkonnen", ["atreides"], ROUND),
    "harkonnen-standing": (TWO, "standard", _standing, "harkonnen", ["atreides"], ROUND),
    "partner-hand": (FOUR, "standard", _hand, "house-atreides",
                     ["fremen", "house-harkonnen", "corrino"], ROUND),
    "partner-ranks": (FOUR, "standard", _ranks, "house-atreides",
                      ["house-harkonnen", "corrino"], ROUND),
    "partner-tokens": (FOUR, "standard", _tokens, "fremen",
                       ["house-harkonnen", "corrino"], ROUND),
    "solo-reinforcements": (["atreides"], "mahdi", _solo, "harkonnen", ["atreides"], ROUND),
    "solo-objective": (["atreides"], "mahdi", _objective, "atreides", [], ROUND),
    "face-down": (TWO, "standard", _face_down, "", TWO, HARVEST),
    "face-down-solo": (["atreides"], "mahdi", _face_down, "", ["atreides"], HARVEST),
}


@pytest.mark.parametrize("kind", list(CASES))
def test_another_seat_reads_the_same_mail_and_archive_whatever_the_secret_is(tmp_path, kind):
    """002 SETUP 2, 7, 9, 10 and 14, ATREIDES DEPLOYMENT TOKENS, PLAYING PLANNING CARDS,
    3-4 PLAYERS MODE, CONE OF SILENCE (partners do not show each other their cards), MAHDI
    SOLO MODE (the Reinforcements face down; SPECIAL RULES: HARKONNEN DEPLOYMENT TOKENS)."""
    seats, ruleset, change, target, readers, until = CASES[kind]
    addresses = [address(r) for r in readers] + [OBSERVER]
    runs = []
    later = None
    for changed in (False, True):
        run = Run(tmp_path / ("changed" if changed else "dealt"), seats, ruleset)
        state = record(run.site).state
        changes = change(state, target, later) if changed else [
            (pointer, json.loads(json.dumps(_at(state, pointer))))  # every value as it was
            for pointer, _ in change(state, target, None)]
        run.change(changes)
        secret = record(run.site).state["hidden"]
        run.play(addresses, until)
        later = (record(run.site).state,
                 [event for row in run.site.moderator().store.decisions(GAME)
                  for event in json.loads(row["events"] or "[]")])
        runs.append((run.mail_of(addresses), run.pages(), secret))
    (dealt, dealt_pages, before), (changed, changed_pages, after) = runs
    assert before != after                      # the secrets did differ
    assert len(dealt) > 2 * len(addresses)
    assert any("Waiting for" in body or "waiting for" in body for _, _, body in dealt)
    for one, other in zip(dealt, changed, strict=False):
        assert one == other, (f"a mail to {one[0]} ({one[1]}) differs:\n"
                              + "\n".join(difflib.unified_diff(one[2].splitlines(),
                                                               other[2].splitlines(),
                                                               lineterm="")))
    assert len(dealt) == len(changed)
    assert len(dealt_pages) > 2 and dealt_pages.keys() == changed_pages.keys()
    for page, body in dealt_pages.items():
        assert body == changed_pages[page], page


def test_002_special_rules_a_solo_harkonnen_token_shows_its_colour_alone():
    """The solo Harkonnen tokens' ids follow the components list, so a view naming one would
    tell its units: every view shows its colour (``view.py``)."""
    from pbem.game import load_game, step_rng

    wfa = load_game("war_for_arrakis")
    state = wfa.setup("mahdi", {}, ["atreides"], step_rng("colours", 0))
    area = next(a for a, lg in state["legions"].items() if lg["side"] == "harkonnen")
    state["legions"][area]["tokens"] += ["black-3", "silver-5"]
    for seat in ("atreides", None):
        view = wfa.view(state, seat)
        assert view["legions"][area]["tokens"] == ["black", "silver"]
        assert "black-3" not in json.dumps(view) and "silver-5" not in json.dumps(view)
    atreides = next(a for a, lg in state["legions"].items() if lg["side"] == "atreides")
    assert wfa.view(state, None)["legions"][atreides]["tokens"] == state["legions"][
        atreides]["tokens"]
