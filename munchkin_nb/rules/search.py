"""Search the rule catalogue in any of the six languages: accents optional, word stems, card names.

Every rule is indexed in every language at once (title, text, the rulebook's quote and heading, the
cards it names), so "huir", "Weglaufen", "смывка" and "도망" all find running away whatever
language the page shows. A query word matches a rule's word when they are equal once folded
(case and accents dropped), when one is a stem of the other (nivel ~ niveles, muerte ~ muertos,
저주 ~ 저주를), or through a short table of irregular forms (huyes -> huir, dwarves -> dwarf).
Results are ranked: first by how many query words matched, then by where (title before text
before quote) and how (whole word before stem); each hit says why it matched.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from munchkin_nb.i18n import LANGUAGES, gettext
from munchkin_nb.rules.catalogue import RULES, Rule
from munchkin_nb.rules.citations import citation
from munchkin_nb.rules.i18n import card_names, wording
from munchkin_nb.rules.sources import heading_of, quote_of, source_of


def _(message: str) -> str:
    """Marks a page text for `pybabel extract` (domain "explorer"); translated where shown."""
    return message


# The names of the places a word can stand, as the page shows them (translated there).
FIELD_NAMES = (_("title"), _("text"), _("quote"), _("card"), _("section"), _("id"))

# Where a word stands, and how much that says about the rule.
FIELD_WEIGHTS = {"title": 3.0, "card": 2.5, "id": 2.0, "text": 1.5, "section": 1.2, "quote": 1.0}
KIND_WEIGHTS = {"word": 1.0, "form": 0.9, "stem": 0.7}
SAME_LANGUAGE = 1.15
ALSO_ELSEWHERE = 0.2  # a match in the language the reader reads counts a little more

# Forms that share no stem with their dictionary word, in the words players type.
IRREGULAR = {
    # es: huir (to flee, run away) and morir (to die)
    **dict.fromkeys(
        ("huyes", "huye", "huyen", "huyo", "huya", "huyas", "huido", "huyendo", "huimos"), "huir"
    ),
    **dict.fromkeys(("muere", "mueres", "mueren", "murio", "morir", "muerto", "muertos", "muerta"), "muert"),
    **dict.fromkeys(("sube", "subes", "suben", "subas", "subio", "subiendo"), "subir"),
    # en
    **dict.fromkeys(("dwarves", "dwarfs"), "dwarf"),
    **dict.fromkeys(("elves", "elfs"), "elf"),
    **dict.fromkeys(("fled", "flees", "fleeing"), "flee"),
    **dict.fromkeys(("ran", "running", "runs"), "run"),
    **dict.fromkeys(("dies", "died", "dead", "death", "dying"), "die"),
    # de
    **dict.fromkeys(("stirbst", "stirbt", "gestorben", "tot", "tote", "toten", "toter", "tod"), "sterben"),
    # ru: смываться (to run away) and умереть (to die)
    **dict.fromkeys(("смываться", "смыться", "смылись", "смылся", "смываются", "смывка", "смывки"), "смыв"),
    **dict.fromkeys(("умер", "умираете", "умирает", "смерть", "смерти", "мертвый", "мертвые"), "умер"),
}

# Words too common to say anything on their own; dropped unless the query has nothing else.
_STOP = (
    "a an the of to in on or and is it you your for by be at as any "
    "el la los las de del y o un una en que se te tu su con por para al lo "
    "der die das den dem des und oder ein eine einen im in zu mit von du dein "
    "la kaj de en al aŭ au la vi via por "
    "и в на с по к о у не за от "
    "을 를 이 가 은 는 의 에"
)
STOPWORDS = frozenset(_STOP.split())

_WORD = re.compile(r"\w+")


def fold(text: str) -> str:
    """Lower case without accents: "Maldición" -> "maldicion" (Hangul syllables stay whole)."""
    decomposed = unicodedata.normalize("NFD", text)
    bare = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    return unicodedata.normalize("NFC", bare).casefold()


def _dense(word: str) -> bool:
    """Korean (and CJK) words carry a lot in two characters."""
    return any("\uac00" <= c <= "\ud7a3" or "\u4e00" <= c <= "\u9fff" for c in word)


def match_kind(query: str, word: str) -> str | None:
    """How a folded query word matches a folded rule word: "word", "form", "stem" or None."""
    if query == word:
        return "word"
    q, w = IRREGULAR.get(query, query), IRREGULAR.get(word, word)
    if q == w:
        return "form"
    if q.isdigit() or w.isdigit():
        return None
    least = 2 if _dense(q) else 3
    if len(q) >= least and w.startswith(q):  # the query is a stem of the word (or being typed)
        return "form" if len(w) - len(q) <= 3 and len(q) >= 4 else "stem"
    if len(w) >= least + 1 and q.startswith(w) and len(w) >= len(q) - 3:  # the word is a stem of the query
        return "stem"
    common = len(_common_prefix(q, w))
    if common >= 4 and common >= max(len(q), len(w)) - 3:  # muerte ~ muertos, Stufe ~ Stufen
        return "stem"
    return None


def _common_prefix(a: str, b: str) -> str:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


@dataclass(frozen=True)
class Token:
    folded: str
    word: str  # as written


def tokens(text: str) -> tuple[Token, ...]:
    return tuple(Token(fold(w), w) for w in _WORD.findall(text))


@dataclass(frozen=True)
class Field:
    """One searchable text of a rule: where it is (title, text...) and in which language."""

    name: str
    lang: str
    text: str
    words: tuple[Token, ...]


@dataclass(frozen=True)
class Reason:
    """Why a rule matched one query word."""

    query: str
    word: str
    field: str
    lang: str
    kind: str

    def describe(self, lang: str = "en") -> str:
        """e.g. “huir” ~ “huyes” (text, es); in the reader's language."""
        t = gettext("explorer", lang)
        same = fold(self.query) == fold(self.word)
        shown = f"“{self.word}”" if same else f"“{self.query}” ~ “{self.word}”"
        where = t(self.field) + (f", {self.lang}" if self.lang else "")
        return f"{shown} ({where})"


@dataclass
class Hit:
    """A rule found by a search, its score and the reasons, best first."""

    rule: Rule
    score: float = 0.0
    reasons: list[Reason] = field(default_factory=list)

    @property
    def matched(self) -> int:
        return len({r.query for r in self.reasons})


def _fields_of(rule: Rule) -> tuple[Field, ...]:
    out = [Field("id", "", rule.id, tokens(rule.id.replace(".", " ").replace("_", " ")))]
    for lang in LANGUAGES:
        w = wording(rule, lang)
        out.append(Field("title", lang, w.title, tokens(w.title)))
        out.append(Field("text", lang, w.text, tokens(w.text)))
    src = source_of(rule)
    quote = quote_of(rule)
    if quote:
        out.append(Field("quote", src.lang, quote, tokens(quote)))
        for lang in LANGUAGES:
            tr = wording(rule, lang).quote
            if lang != src.lang and tr:
                out.append(Field("quote", lang, tr, tokens(tr)))
    out.append(Field("section", src.lang, heading_of(rule), tokens(heading_of(rule))))
    return tuple(out)


def _names_of_cards() -> dict[str, dict[str, str]]:
    """{card id: {lang: name}}: the English names of the classic set and the rulebooks' names."""
    from munchkin_nb.cards import load_set

    names: dict[str, dict[str, str]] = {c.id: {"en": c.name} for c in load_set("classic").cards.values()}
    for cid, by_lang in card_names().items():
        names.setdefault(cid, {}).update(by_lang)
    return names


def _says(words: tuple[Token, ...], name: tuple[Token, ...]) -> bool:
    """Whether the words hold the name as a phrase (each word of it, or a stem of it, in a row)."""
    n = len(name)
    for i in range(len(words) - n + 1):
        if all(match_kind(name[j].folded, words[i + j].folded) for j in range(n)):
            return True
    return False


@lru_cache(maxsize=1)
def index() -> dict[str, tuple[Field, ...]]:
    """{rule id: its searchable fields}, the cards each rule names included (built once)."""
    cards = [
        {lang: (name, tokens(name)) for lang, name in by_lang.items()}
        for by_lang in _names_of_cards().values()
    ]
    out: dict[str, tuple[Field, ...]] = {}
    for r in RULES:
        fields = _fields_of(r)
        # a stem match shares the first three letters: a set of them rules most cards out at once
        starts = {(f.lang, t.folded[:3]) for f in fields if f.name in ("title", "text") for t in f.words}
        wording_of = {(f.lang, f.name): f.words for f in fields if f.name in ("title", "text")}
        named: list[Field] = []
        for by_lang in cards:
            if any(
                toks
                and (lang, toks[0].folded[:3]) in starts
                and any(_says(wording_of.get((lang, part), ()), toks) for part in ("title", "text"))
                for lang, (_name, toks) in by_lang.items()
            ):
                named += [Field("card", lang, name, toks) for lang, (name, toks) in by_lang.items()]
        out[r.id] = fields + tuple(named)
    return out


def query_words(query: str) -> list[str]:
    """The words of a query that count: without stopwords, unless nothing else is left."""
    words = [w for w in _WORD.findall(query) if w.strip()]
    content = [w for w in words if fold(w) not in STOPWORDS]
    return content or words


def search(query: str = "", lang: str = "en", ruleset: str | None = None) -> list[Hit]:
    """The rules that match `query` in any language, best first, each with its reasons.

    Rules that match every word come first, and only they when there are any; otherwise the
    rules that match most words. An empty query lists every rule in catalogue order."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    rules = [r for r in RULES if ruleset is None or ruleset in r.rulesets]
    words = query_words(query)
    if not words:
        return [Hit(r) for r in rules]
    fields = index()
    hits: list[Hit] = []
    for order, r in enumerate(rules):
        hit = Hit(r)
        for q in words:
            best: dict[str, tuple[float, Reason]] = {}  # the best match in each field
            fq = fold(q)
            for f in fields.get(r.id, ()):
                for tok in f.words:
                    kind = match_kind(fq, tok.folded)
                    if kind is None:
                        continue
                    score = (
                        FIELD_WEIGHTS[f.name] * KIND_WEIGHTS[kind] * (SAME_LANGUAGE if f.lang == lang else 1)
                    )
                    if f.name not in best or score > best[f.name][0]:
                        best[f.name] = (score, Reason(q, tok.word, f.name, f.lang, kind))
            if best:
                ranked = sorted(best.values(), key=lambda sr: -sr[0])
                # the best place counts in full; the same word elsewhere in the rule a little
                hit.score += ranked[0][0] + ALSO_ELSEWHERE * sum(sc for sc, _ in ranked[1:])
                hit.reasons.append(ranked[0][1])
        if hit.reasons:
            hit.score -= order * 1e-6  # ties keep the catalogue's order
            hits.append(hit)
    if not hits:
        return []
    most = max(h.matched for h in hits)
    hits = [h for h in hits if h.matched == most] if most == len(words) else hits
    hits.sort(key=lambda h: (-h.matched, -h.score))
    return hits


def hit_dict(hit: Hit, lang: str) -> dict[str, object]:
    """A hit as JSON: the rule in `lang`, its citation for a reader, and why it matched."""
    w = wording(hit.rule, lang)
    return {
        "id": hit.rule.id,
        "lang": lang,
        "title": w.title,
        "text": w.text,
        "rulesets": list(hit.rule.rulesets),
        "citation": citation(hit.rule, lang).as_dict(),
        "score": round(hit.score, 3),
        "matched": [
            {"query": r.query, "word": r.word, "field": r.field, "lang": r.lang, "how": r.kind}
            for r in hit.reasons
        ],
    }


def hit_lines(hit: Hit, lang: str) -> list[str]:
    """A hit as text lines for the terminal."""
    t = gettext("explorer", lang)
    w = wording(hit.rule, lang)
    lines = [f"{hit.rule.id:<32} {w.title}", f"    {w.text}", f"    {citation(hit.rule, lang).text()}"]
    if hit.reasons:
        matched = t("matched")
        lines.append(f"    {matched}: " + "; ".join(r.describe(lang) for r in hit.reasons))
    return lines


def cli(query: str | None, lang: str | None, ruleset: str | None, as_json: bool) -> int:
    """`munchkin-nb rules --search WORDS [--lang L] [--json]`: print the hits, best first."""
    import json
    import sys

    from munchkin_nb.rules.rulesets import MODULES
    from munchkin_nb.rules.rulesets import ruleset as known_ruleset

    lang = lang or "en"
    if lang not in LANGUAGES:
        print(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}", file=sys.stderr)
        return 2
    if ruleset is not None and ruleset not in MODULES:  # a module's rules carry its id as their ruleset
        known_ruleset(ruleset)
    if ruleset is None:  # the base game with every module that can be added to it
        base = {"classic"} | {m for m, mod in MODULES.items() if "classic" in mod.rulesets}
        hits = [h for h in search(query or "", lang) if base & set(h.rule.rulesets)]
    else:
        hits = search(query or "", lang, ruleset)
    if as_json:
        print(json.dumps([hit_dict(h, lang) for h in hits], indent=1, ensure_ascii=False))
        return 0
    for h in hits:
        print("\n".join(hit_lines(h, lang)))
    if query:
        count = gettext("explorer", lang)("{n} rule(s)")
        print(count.format(n=len(hits)), file=sys.stderr)
    return 0 if hits or not query else 1
