"""Frozen records built often: a dataclass whose ``__init__`` writes its fields straight into
the instance's dict.  A frozen dataclass's own ``__init__`` sets each field through
``object.__setattr__``, which costs where a record is built in every step or battle (prompts,
events, troops, outcomes).  The ``__init__`` here is written from the class's own fields, so a
field added later is set like the others."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def record(cls: type[T]) -> type[T]:
    """``cls`` as a frozen dataclass with a quick ``__init__``: the dataclass's parameters and
    defaults (a default factory is called when its argument is left out).  A field whose class
    attribute is a descriptor with ``stored_as`` is written under that name (``Text``)."""
    cls = dataclass(frozen=True)(cls)
    cls.__init__ = _quick_init(cls)       # type: ignore[misc]
    return cls


def _quick_init(cls: type) -> Any:
    """The ``__init__`` of ``cls``'s fields, written as source and compiled once, as
    ``dataclasses`` writes its own."""
    names: dict[str, Any] = {"MISSING": MISSING}
    params, lines = ["self"], ["found = self.__dict__"]
    for item in fields(cls):
        name = item.name
        stored = getattr(vars(cls).get(name), "stored_as", name)
        if item.default is not MISSING:
            names[f"_default_{name}"] = item.default
            params.append(f"{name}=_default_{name}")
            lines.append(f"found[{stored!r}] = {name}")
        elif item.default_factory is not MISSING:
            names[f"_factory_{name}"] = item.default_factory
            params.append(f"{name}=MISSING")
            lines.append(f"found[{stored!r}] = _factory_{name}() if {name} is MISSING else {name}")
        else:
            params.append(name)
            lines.append(f"found[{stored!r}] = {name}")
    source = f"def __init__({', '.join(params)}):\n    " + "\n    ".join(lines)
    exec(source, names)                   # noqa: S102 -- our own field names only
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init
