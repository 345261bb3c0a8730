"""A prompt key reads as a ``PromptKey`` and prints back as the very text the logs hold."""

from __future__ import annotations

import json
from pathlib import Path

from pbem.games.dune.prompt_key import PromptKey

RECORDS = json.loads((Path(__file__).parent / "records" / "main-75c5b2d.json").read_text())


def test_every_key_of_the_stored_logs_reads_and_prints_back():
    keys = {key for record in RECORDS["records"] for batch in record["log"] for key in batch}
    assert len(keys) > 20
    assert all(str(PromptKey.parse(key)) == key for key in keys)


def test_a_key_unpacks_as_kind_and_seat():
    kind, seat = PromptKey.parse("first-storm-dial:bene-gesserit")
    assert (kind, seat) == ("first-storm-dial", "bene-gesserit")
    assert str(PromptKey("move", "guild")) == "move:guild"
