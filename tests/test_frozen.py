"""The quick ``__init__`` of frozen records (``pbem.frozen.record``)."""

from __future__ import annotations

import dataclasses

import pytest

from pbem.frozen import record
from pbem.game import Prompt


@record
class Sample:
    name: str
    count: int = 2
    tags: dict = dataclasses.field(default_factory=dict)


def test_fields_defaults_and_factories_as_a_dataclass_sets_them():
    first, second = Sample("a"), Sample("b", 5, {"x": 1})
    assert (first.name, first.count, first.tags) == ("a", 2, {})
    assert (second.name, second.count, second.tags) == ("b", 5, {"x": 1})
    assert Sample("a").tags is not first.tags          # a fresh value from the factory
    assert Sample(name="a", count=2) == first


def test_a_record_stays_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Sample("a").count = 3                          # type: ignore[misc]


def test_every_field_is_set_even_one_added_later():
    @record
    class Later(Sample):
        added: str = "new"

    assert {f.name: getattr(Later("a"), f.name) for f in dataclasses.fields(Later)} == {
        "name": "a", "count": 2, "tags": {}, "added": "new"}


def test_a_text_field_is_kept_where_its_descriptor_reads_it():
    prompt = Prompt("k", "atreides", "bid", True, lambda: "written", 0, "pass", "BID 1")
    assert "_legal" in vars(prompt) and "legal" not in vars(prompt)
    assert prompt.legal == "written" and vars(prompt)["_legal"] == "written"
