"""The rulebooks as a reader knows them: game, edition, language; and a rule's section and quote.

A rule's `seed` is the file id of its rulebook and its `section` reads "Heading: 'quoted words'"
(or just a heading); this module turns both into what a reader can look up: "Munchkin, Spanish
rulebook — Combate", the quote in the rulebook's language, the file id only as a detail.
Where each rulebook comes from: docs/rulebooks.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from munchkin_nb.rules.catalogue import Rule


def _(message: str) -> str:
    """Marks a source name for `pybabel extract` (domain "explorer"); translated where shown."""
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
        Source("000_ec1365c06d4620a2.txt", "es", _("Munchkin, Spanish rulebook"), "rulebook"),
        Source("001_36989bfcfe3c6efd.txt", "de", _("Munchkin Booty, German rulebook"), "rulebook"),
        Source("002_bb01092f1c00afe9.txt", "eo", _("Munchkin, Esperanto rules summary"), "summary"),
        Source("003_d9dffe2412ccea8c.txt", "ru", _("Munchkin Cthulhu, Russian rulebook"), "rulebook"),
        Source("004_46a94e686cd27933.txt", "ko", _("Munchkin, Korean rules summary"), "summary"),
    )
}

_QUOTE = re.compile(r"'([^']+)'")


def source_of(rule: Rule) -> Source:
    """The rulebook `rule` cites; KeyError names a file id no Source describes."""
    try:
        return SOURCES[rule.seed]
    except KeyError:
        raise KeyError(
            f"rule {rule.id}: no source describes {rule.seed!r} (munchkin_nb/rules/sources.py)"
        ) from None


def quote_of(rule: Rule) -> str:
    """The words `rule` quotes from its rulebook, in the rulebook's language ("" when none)."""
    found = _QUOTE.search(rule.section)
    return found.group(1) if found else ""


def heading_of(rule: Rule) -> str:
    """The rulebook's section heading `rule` cites, without the quote: "Combate", "Huir"."""
    head = _QUOTE.sub("", rule.section).strip()
    return head[:-1].strip() if head.endswith(":") else head


@dataclass(frozen=True)
class Citation:
    """Where a rule stands, for a reader: source name, section, quote and its translation."""

    source: str  # _("Munchkin, Spanish rulebook") (in the reader's language)
    section: str  # the rulebook's own heading, in the rulebook's language
    quote: str  # the rulebook's words, in its language ("" when the rule quotes none)
    quote_lang: str
    translation: str  # our translation into the reader's language ("" when the same language)
    seed: str  # the file id, a detail

    def line(self) -> str:
        """One line: "Munchkin, Spanish rulebook — Combate: «…» (our translation: …)"."""
        out = f"{self.source} — {self.section}"
        if self.quote:
            out += f": «{self.quote}»"
            if self.translation:
                out += f" ({self.translation})"
        return out
