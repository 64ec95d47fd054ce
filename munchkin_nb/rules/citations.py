"""Citations for a reader: the one renderer of where a rule stands, on every page and in the CLI.

A citation names the rulebook as a reader knows it ("Munchkin Cthulhu rulebook (Russian)"), each
passage the rule cites under its heading (in the reader's language, the rulebook's own heading
beside it so the section can be found in the book), the rulebook's words and our translation of
them, and our notes, in the reader's language. The rulebook's file id is kept only as a machine
field (`source_file`, in `munchkin-nb rules --json`): no page or line of text shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from munchkin_nb.i18n import gettext
from munchkin_nb.rules.catalogue import Rule
from munchkin_nb.rules.i18n import headings, quote_translations
from munchkin_nb.rules.sources import passages, source_named, source_of

DOMAIN = "citations"


def _(message: str) -> str:
    """Marks a text for `pybabel extract` (domain "citations"); translated where shown."""
    return message


OUR_TRANSLATION = _("our translation")


@dataclass(frozen=True)
class CitedPassage:
    """One passage of a citation, for a reader of one language."""

    heading: str  # the rulebook's own heading
    heading_here: str  # our translation of it ("" where the reader reads the rulebook's language)
    quote: str  # the rulebook's words ("" when the rule names only the section)
    translation: str  # our translation of them ("" where the reader reads the rulebook's language)
    note: str  # our note, in the reader's language ("" when none)

    def heading_text(self) -> str:
        """ "Combat (Combate)": the reader's heading with the rulebook's own beside it."""
        if self.heading_here and self.heading_here != self.heading:
            return f"{self.heading_here} ({self.heading})"
        return self.heading


@dataclass(frozen=True)
class Citation:
    """Where a rule stands, for a reader of `lang`: the book, and each passage it cites."""

    rule_id: str
    lang: str  # the reader's language
    source: str  # the book's name in the reader's language
    source_lang: str  # the language the book is written in
    source_file: str  # the rulebook's file id: a machine field, never shown to a reader
    passages: tuple[CitedPassage, ...]

    @property
    def quote(self) -> str:
        """The first quote ("" when none)."""
        return next((p.quote for p in self.passages if p.quote), "")

    @property
    def translation(self) -> str:
        """Our translation of the first quote ("" when none, or the reader reads the book's language)."""
        return next((p.translation for p in self.passages if p.quote), "")

    def _label(self) -> str:
        return gettext(DOMAIN, self.lang)(OUR_TRANSLATION)

    def text(self) -> str:
        """One line: "Munchkin rulebook (…) — Combat (Combate): «…» (our translation: …)"."""
        ours, parts, heading = self._label(), [], None
        for p in self.passages:
            part = "" if p.heading == heading else p.heading_text()
            heading = p.heading
            if p.quote:
                said = f"«{p.quote}»" + (f" ({ours}: {p.translation})" if p.translation else "")
                part = f"{part}: {said}" if part else said
            if p.note:
                part += f" [{p.note}]"
            parts.append(part)
        return f"{self.source} — " + "; ".join(parts)

    def html(self) -> str:
        """The same as `text`, marked up: the book in bold, each quote tagged with its language."""
        ours, parts, heading = escape(self._label()), [], None
        for p in self.passages:
            part = "" if p.heading == heading else escape(p.heading_text())
            heading = p.heading
            if p.quote:
                said = f"<span class='quote' lang='{self.source_lang}'>«{escape(p.quote)}»</span>"
                if p.translation:
                    said += f" <span class='ours'>({ours}: {escape(p.translation)})</span>"
                part = f"{part}: {said}" if part else said
            if p.note:
                part += f" <span class='note'>[{escape(p.note)}]</span>"
            parts.append(part)
        return f"<span class='cite'><b>{escape(self.source)}</b> — " + "; ".join(parts) + "</span>"

    def as_dict(self) -> dict[str, object]:
        """For JSON: `text` and the passages for people, `source_file` for machines."""
        return {
            "text": self.text(),
            "source": self.source,
            "source_lang": self.source_lang,
            "passages": [
                {
                    "heading": p.heading,
                    "heading_translated": p.heading_here,
                    "quote": p.quote,
                    "translation": p.translation,
                    "note": p.note,
                }
                for p in self.passages
            ],
            "source_file": self.source_file,
        }


def citation(rule: Rule, lang: str) -> Citation:
    """Where `rule` stands, for a reader of `lang` (one of the six languages)."""
    t = gettext(DOMAIN, lang)
    src = source_of(rule)
    foreign = src.lang != lang
    translations = iter(quote_translations(rule, lang) if foreign else ())
    cited = []
    for p in passages(rule):
        here = headings().get(p.heading, {}).get(lang, "") if foreign else ""
        translation = next(translations, "") if p.quote and foreign else ""
        cited.append(CitedPassage(p.heading, here, p.quote, translation, t(p.note) if p.note else ""))
    return Citation(rule.id, lang, t(src.name), src.lang, src.seed, tuple(cited))


def citation_text(rule: Rule, lang: str) -> str:
    """`citation(rule, lang)` as one line of text."""
    return citation(rule, lang).text()


def citation_html(rule: Rule, lang: str) -> str:
    """`citation(rule, lang)` as HTML."""
    return citation(rule, lang).html()


def cross_checks_text(rule: Rule, lang: str) -> str:
    """Where the rules summaries say the same ("" when they are not cited): each by its name."""
    t = gettext(DOMAIN, lang)
    named = [(t(source_named(seed, rule.id).name), heading) for seed, heading in rule.cross_checks]
    return "; ".join(f"{name} — {heading}" for name, heading in named)
