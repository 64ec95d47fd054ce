"""The rulebooks as a reader knows them, and the passages a rule cites from its rulebook.

A rule's `seed` is the file id of its rulebook and its `section` reads
"Heading: 'quoted words' (note); Other heading: 'more words'; 'words under the same heading'"
(or just a heading). `passages` reads that into `Passage`s; `munchkin_nb.rules.citations` renders
them for a reader, with the book's name from `SOURCES`. Where each rulebook comes from:
docs/rulebooks.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from munchkin_nb.rules.catalogue import Rule


def _(message: str) -> str:
    """Marks a text for `pybabel extract` (domain "citations"); translated where shown."""
    return message


@dataclass(frozen=True)
class Source:
    """One rulebook: its file id, its language, and its name as a reader knows it (English)."""

    seed: str
    lang: str
    name: str
    kind: str  # "rulebook" (the full rules) or "summary"


SOURCES: dict[str, Source] = {
    s.seed: s
    for s in (
        Source(
            "000_ec1365c06d4620a2.txt",
            "es",
            _("Munchkin rulebook (Spanish, with Deluxe and modules)"),
            "rulebook",
        ),
        Source("001_36989bfcfe3c6efd.txt", "de", _("Munchkin Booty rulebook (German)"), "rulebook"),
        Source("002_bb01092f1c00afe9.txt", "eo", _("Munchkin rules summary (Esperanto)"), "summary"),
        Source("003_d9dffe2412ccea8c.txt", "ru", _("Munchkin Cthulhu rulebook (Russian)"), "rulebook"),
        Source("004_46a94e686cd27933.txt", "ko", _("Munchkin rules summary (Korean)"), "summary"),
    )
}

# Our notes on a passage, as a rule's section writes them in parentheses after a quote; each is a
# message translated for the reader (a note not listed here fails tests/test_citations.py).
NOTES = (
    _("the rest of the passage is lost in the German text; the base game's rule fills the gap"),
    _(
        "the winning level: the rest of the passage is lost in the German text; "
        "the base game's rule fills the gap"
    ),
    _("the ability is printed on the Cleric card"),
)


@dataclass(frozen=True)
class Passage:
    """One place a rule cites: the rulebook's heading, its words there, and our note (English)."""

    heading: str  # as the rulebook prints it ("Combate", "Fases del turno: 1º Abrir una puerta")
    quote: str  # the rulebook's words ("" when the rule names only the section)
    note: str = ""


_PART = re.compile(r"^(?:(?P<head>[^']*?)\s*:\s*)?'(?P<quote>[^']*)'\s*(?:\((?P<note>.*)\))?$")


def _parts(section: str) -> list[str]:
    """`section` cut at each ";" that stands outside a quote and outside parentheses."""
    parts, start, quoted, depth = [], 0, False, 0
    for i, c in enumerate(section):
        if c == "'":
            quoted = not quoted
        elif not quoted and c in "()":
            depth += 1 if c == "(" else -1
        elif c == ";" and not quoted and depth == 0:
            parts.append(section[start:i])
            start = i + 1
    return [p.strip() for p in [*parts, section[start:]] if p.strip()]


@lru_cache(maxsize=1024)
def parse_section(section: str) -> tuple[Passage, ...]:
    """The passages a section names; a quote without a heading stands under the one before it."""
    out: list[Passage] = []
    for part in _parts(section):
        found = _PART.match(part)
        if found is None:  # a heading alone
            out.append(Passage(part, ""))
            continue
        head = (found.group("head") or "").strip() or (out[-1].heading if out else "")
        out.append(Passage(head, found.group("quote"), (found.group("note") or "").strip()))
    return tuple(out)


def passages(rule: Rule) -> tuple[Passage, ...]:
    """The passages of its rulebook that `rule` cites, in order."""
    return parse_section(rule.section)


def source_of(rule: Rule) -> Source:
    """The rulebook `rule` cites; KeyError names a file id no Source describes."""
    return source_named(rule.seed, rule.id)


def source_named(seed: str, what: str = "a citation") -> Source:
    """The rulebook with file id `seed`; KeyError names a file id no Source describes."""
    try:
        return SOURCES[seed]
    except KeyError:
        raise KeyError(f"{what}: no source describes {seed!r} (munchkin_nb/rules/sources.py)") from None


def quotes_of(rule: Rule) -> tuple[str, ...]:
    """Every quote `rule` makes from its rulebook, in the rulebook's language, in order."""
    return tuple(p.quote for p in passages(rule) if p.quote)


def quote_of(rule: Rule) -> str:
    """The first words `rule` quotes from its rulebook ("" when none)."""
    found = quotes_of(rule)
    return found[0] if found else ""


def heading_of(rule: Rule) -> str:
    """The rulebook's first section heading `rule` cites: "Combate", "Huir"."""
    found = passages(rule)
    return found[0].heading if found else ""
