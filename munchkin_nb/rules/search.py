"""Search the rule catalogue in any of the six languages: accents optional, stems, key terms, cards.

Every rule is indexed in every language at once (title, text, the rulebook's quotes and headings, the
cards it names), so "huir", "fliehen", "убежать" and "도망" all find running away whatever language
the page shows. A query word matches a rule's word when they are equal once folded (case and accents
dropped); when Snowball's stemmer of the word's language gives both the same stem (nivel ~ niveles,
Stufe ~ Stufen; English, Spanish, German, Esperanto and Russian have one); through the game's key
terms (`i18n/synonyms.yaml`: run away ~ huir ~ fliehen ~ убежать ~ 도망); or as the beginning of a
word being typed. Korean has no Snowball stemmer: a Hangul word also matches a word it begins
(저주 ~ 저주를) or that begins it (저주를 ~ 저주), two syllables at least, which is how its
particles attach. Results are ranked: first by how many query words matched, then by where (title
before text before quote) and how (whole word before stem before key term before beginning); each
hit says why it matched.

The work a query can cause is bounded: a query is cut at `MAX_QUERY` characters (the page says so,
the CLI refuses a longer one), and each word costs dictionary look-ups in an index built once, plus
the postings it finds: linear in the query, never words times rules.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

import Stemmer  # PyStemmer: Snowball's stemmers, compiled
import yaml

from munchkin_nb.i18n import LANGUAGES, gettext
from munchkin_nb.rules.catalogue import RULES, Rule
from munchkin_nb.rules.citations import citation
from munchkin_nb.rules.i18n import DATA_DIR, card_names, headings, quote_translations, wording
from munchkin_nb.rules.sources import passages, source_of


def _(message: str) -> str:
    """Marks a page text for `pybabel extract` (domain "explorer"); translated where shown."""
    return message


# The names of the places a word can stand, as the page shows them (translated there).
FIELD_NAMES = (_("title"), _("text"), _("quote"), _("card"), _("section"), _("id"))

# Where a word stands, and how much that says about the rule.
FIELD_WEIGHTS = {"title": 3.0, "card": 2.5, "id": 2.0, "text": 1.5, "section": 1.2, "quote": 1.0}
KIND_WEIGHTS = {"word": 1.0, "stem": 0.9, "synonym": 0.8, "prefix": 0.7}
SAME_LANGUAGE = 1.15
ALSO_ELSEWHERE = 0.2  # a match in the language the reader reads counts a little more
OTHER_GAME = 0.9  # a search of every game: Cthulhu's and Booty's rules after the base game's

#: The characters of a query that a search reads; a longer one is cut there (see `bounded`).
MAX_QUERY = 200

# Snowball's stemmer for each language that has one (Korean has none: see the module's docstring).
STEMMER_NAMES = {"en": "english", "es": "spanish", "de": "german", "eo": "esperanto", "ru": "russian"}

# Words too common to say anything on their own; dropped unless the query has nothing else.
_STOP = (
    "a an the of to in on or and is it you your for by be at as any from with "
    "el la los las de del y o un una en que se te tu su con por para al lo "
    "der die das den dem des und oder ein eine einen im in zu mit von du dein "
    "la kaj de en al aŭ au la vi via por "
    "и в на с по к о у не за от "
    "을 를 이 가 은 는 의 에"
)
STOPWORDS = frozenset(_STOP.split())

_WORD = re.compile(r"\w+")


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Lower case without accents: "Maldición" -> "maldicion" (Hangul syllables stay whole)."""
    decomposed = unicodedata.normalize("NFD", text)
    bare = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    return unicodedata.normalize("NFC", bare).casefold()


def _dense(word: str) -> bool:
    """Korean (and CJK) words carry a lot in two characters."""
    return any("\uac00" <= c <= "\ud7a3" or "\u4e00" <= c <= "\u9fff" for c in word)


@lru_cache(maxsize=8)
def _stemmer(lang: str) -> Stemmer.Stemmer | None:
    name = STEMMER_NAMES.get(lang)
    return Stemmer.Stemmer(name) if name else None


@lru_cache(maxsize=65536)
def stem(word: str, lang: str) -> str:
    """The folded Snowball stem of `word` in `lang` (the folded word where `lang` has no stemmer)."""
    stemmer = _stemmer(lang)
    return fold(stemmer.stemWord(word.casefold())) if stemmer is not None else fold(word)


@dataclass(frozen=True)
class Token:
    folded: str
    word: str  # as written
    stem: str  # in the language of the text it stands in


def tokens(text: str, lang: str = "") -> tuple[Token, ...]:
    return tuple(Token(fold(w), w, stem(w, lang)) for w in _WORD.findall(text))


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
    kind: str  # "word", "stem", "synonym" or "prefix"

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


@dataclass
class Work:
    """What one search cost: index entries looked at (a count, for tests and benches, not a timer)."""

    steps: int = 0


def _fields_of(rule: Rule) -> tuple[Field, ...]:
    out = [Field("id", "", rule.id, tokens(rule.id.replace(".", " ").replace("_", " ")))]
    for lang in LANGUAGES:
        w = wording(rule, lang)
        out.append(Field("title", lang, w.title, tokens(w.title, lang)))
        out.append(Field("text", lang, w.text, tokens(w.text, lang)))
    src = source_of(rule)
    cited = passages(rule)
    for p in cited:
        if p.quote:
            out.append(Field("quote", src.lang, p.quote, tokens(p.quote, src.lang)))
        out.append(Field("section", src.lang, p.heading, tokens(p.heading, src.lang)))
        for lang, heading in headings().get(p.heading, {}).items():
            out.append(Field("section", lang, heading, tokens(heading, lang)))
    for lang in LANGUAGES:
        if lang != src.lang:
            out += [Field("quote", lang, tr, tokens(tr, lang)) for tr in quote_translations(rule, lang)]
    return tuple(out)


def _names_of_cards() -> dict[str, dict[str, str]]:
    """{card id: {lang: name}}: the English names of the classic set and the rulebooks' names."""
    from munchkin_nb.cards import load_set

    names: dict[str, dict[str, str]] = {c.id: {"en": c.name} for c in load_set("classic").cards.values()}
    for cid, by_lang in card_names().items():
        names.setdefault(cid, {}).update(by_lang)
    return names


def _says(words: tuple[Token, ...], name: tuple[Token, ...]) -> bool:
    """Whether the words hold the name as a phrase: each word of it, or its stem, in a row."""
    n = len(name)
    return any(all(words[i + j].stem == name[j].stem for j in range(n)) for i in range(len(words) - n + 1))


@dataclass(frozen=True)
class Posting:
    """One word of one field of one rule."""

    rule: str
    field: str
    lang: str
    word: str  # as written


@dataclass(frozen=True)
class Index:
    """The words of every rule: by folded word, by (language, stem), and sorted for beginnings."""

    fields: dict[str, tuple[Field, ...]]
    words: dict[str, tuple[Posting, ...]]
    stems: dict[tuple[str, str], frozenset[str]]
    sorted_words: tuple[str, ...]


@lru_cache(maxsize=1)
def index() -> Index:
    """The index of every rule's searchable fields, the cards each rule names included (built once)."""
    cards = [
        {lang: (name, tokens(name, lang)) for lang, name in by_lang.items()}
        for by_lang in _names_of_cards().values()
    ]
    fields: dict[str, tuple[Field, ...]] = {}
    for r in RULES:
        own = _fields_of(r)
        said = {(f.lang, t.stem) for f in own if f.name in ("title", "text") for t in f.words}
        wording_of = {(f.lang, f.name): f.words for f in own if f.name in ("title", "text")}
        named: list[Field] = []
        for by_lang in cards:
            if any(
                toks
                and (lang, toks[0].stem) in said
                and any(_says(wording_of.get((lang, part), ()), toks) for part in ("title", "text"))
                for lang, (_name, toks) in by_lang.items()
            ):
                named += [Field("card", lang, name, toks) for lang, (name, toks) in by_lang.items()]
        fields[r.id] = own + tuple(named)
    words: dict[str, list[Posting]] = {}
    stems: dict[tuple[str, str], set[str]] = {}
    for rid, fs in fields.items():
        for f in fs:
            for t in f.words:
                words.setdefault(t.folded, []).append(Posting(rid, f.name, f.lang, t.word))
                if f.lang in STEMMER_NAMES:
                    stems.setdefault((f.lang, t.stem), set()).add(t.folded)
    return Index(
        fields,
        {w: tuple(ps) for w, ps in words.items()},
        {k: frozenset(v) for k, v in stems.items()},
        tuple(sorted(words)),
    )


@dataclass(frozen=True)
class Entry:
    """One word or phrase of a key-term group, in one language."""

    group: str
    lang: str
    text: str
    words: tuple[Token, ...]


@lru_cache(maxsize=1)
def key_terms() -> tuple[Entry, ...]:
    """The game's key terms (`i18n/synonyms.yaml`), each word or phrase of each group."""
    data = yaml.safe_load((DATA_DIR / "synonyms.yaml").read_text(encoding="utf-8")) or {}
    return tuple(
        Entry(str(group), str(lang), str(text), tokens(str(text), str(lang)))
        for group, by_lang in data.items()
        for lang, texts in by_lang.items()
        for text in texts
    )


def _same_word(q: Token, entry_word: Token, lang: str) -> bool:
    return q.folded == entry_word.folded or stem(q.word, lang) == entry_word.stem


@dataclass(frozen=True)
class Term:
    """What one query word (or key-term phrase) stands for: as typed, its words, its key-term group."""

    text: str
    words: tuple[Token, ...]
    group: str = ""


def bounded(query: str) -> tuple[str, bool]:
    """The part of `query` a search reads (its first `MAX_QUERY` characters, without a word cut in
    two), and whether anything was cut."""
    if len(query) <= MAX_QUERY:
        return query, False
    cut = query[:MAX_QUERY]
    if query[MAX_QUERY].isalnum():  # the last word was cut in two: leave it out
        cut = cut[: len(cut) - len(cut.split()[-1])] if cut.split() else cut
    return cut, True


def query_terms(query: str) -> list[Term]:
    """The terms of a query that count: a key-term phrase is one term; stopwords are left out
    unless nothing else is left; each distinct term once."""
    toks = list(tokens(bounded(query)[0]))
    entries: dict[str, list[Entry]] = {}
    for e in key_terms():
        entries.setdefault(e.words[0].folded if e.words else "", []).append(e)
        if e.words:
            entries.setdefault(f"{e.lang}:{e.words[0].stem}", []).append(e)
    terms: list[Term] = []
    i = 0
    while i < len(toks):
        q = toks[i]
        keys = [q.folded] + [f"{lang}:{stem(q.word, lang)}" for lang in STEMMER_NAMES]
        found = [e for k in keys for e in entries.get(k, ())]
        best: Entry | None = None
        for e in sorted(found, key=lambda e: -len(e.words)):  # the longest phrase first
            n = len(e.words)
            if i + n <= len(toks) and all(_same_word(toks[i + j], e.words[j], e.lang) for j in range(n)):
                best = e
                break
        n = len(best.words) if best else 1
        text = " ".join(t.word for t in toks[i : i + n])
        terms.append(Term(text, tuple(toks[i : i + n]), best.group if best else ""))
        i += n
    content = [t for t in terms if t.group or t.words[0].folded not in STOPWORDS]
    unique = {fold(t.text): t for t in (content or terms)}
    return list(unique.values())


def query_words(query: str) -> list[str]:
    """The terms of a query that count, as typed."""
    return [t.text for t in query_terms(query)]


Candidates = dict[tuple[str, str, str], tuple[str, str]]  # (rule, field, lang) -> (kind, word)


def _word_matches(ix: Index, q: Token, work: Work) -> Iterable[tuple[str, str, tuple[Posting, ...]]]:
    """(kind, folded word, postings) for the index's words that a typed word matches."""
    yield "word", q.folded, ix.words.get(q.folded, ())
    for lang in STEMMER_NAMES:
        s = stem(q.word, lang)
        for w in ix.stems.get((lang, s), ()):
            work.steps += 1
            if w != q.folded:
                yield "stem", w, tuple(p for p in ix.words[w] if p.lang == lang)
    least = 2 if _dense(q.folded) else 3
    if len(q.folded) >= least and not q.folded.isdigit():
        at = bisect.bisect_left(ix.sorted_words, q.folded)
        while at < len(ix.sorted_words) and ix.sorted_words[at].startswith(q.folded):
            work.steps += 1
            w = ix.sorted_words[at]
            if w != q.folded:
                yield "prefix", w, ix.words[w]
            at += 1
    if _dense(q.folded):  # Korean particles: 저주를 ~ 저주
        for n in range(2, len(q.folded)):
            work.steps += 1
            if q.folded[:n] in ix.words:
                yield "prefix", q.folded[:n], ix.words[q.folded[:n]]


def _entry_matches(ix: Index, e: Entry, work: Work) -> dict[tuple[str, str, str], str]:
    """{(rule, field, lang): words as written} where a key term's words all stand in one field."""
    found: dict[tuple[str, str, str], str] | None = None
    for t in e.words:
        here: dict[tuple[str, str, str], str] = {}
        for w in {t.folded} | set(ix.stems.get((e.lang, t.stem), ())):
            for p in ix.words.get(w, ()):
                work.steps += 1
                if p.lang == e.lang or w == t.folded:
                    here.setdefault((p.rule, p.field, p.lang), p.word)
        found = here if found is None else {k: f"{v} {here[k]}" for k, v in found.items() if k in here}
        if not found:
            return {}
    return found or {}


def _candidates(ix: Index, term: Term, work: Work) -> Candidates:
    """Where a term matches: the best kind of match in each (rule, field, language)."""
    best: Candidates = {}

    def add(key: tuple[str, str, str], kind: str, word: str) -> None:
        if key not in best or KIND_WEIGHTS[kind] > KIND_WEIGHTS[best[key][0]]:
            best[key] = (kind, word)

    if len(term.words) == 1:
        for kind, _w, postings in _word_matches(ix, term.words[0], work):
            for p in postings:
                work.steps += 1
                add((p.rule, p.field, p.lang), kind, p.word)
    if term.group:
        typed = fold(term.text)
        for e in key_terms():
            if e.group == term.group:
                for key, word in _entry_matches(ix, e, work).items():
                    kind = "word" if fold(word) == typed else "stem" if fold(e.text) == typed else "synonym"
                    add(key, kind, word)
    return best


def _base_game() -> set[str]:
    """The base game and the modules that can be added to it."""
    from munchkin_nb.rules.rulesets import MODULES

    return {"classic"} | {m for m, mod in MODULES.items() if "classic" in mod.rulesets}


def search(
    query: str = "", lang: str = "en", ruleset: str | None = None, work: Work | None = None
) -> list[Hit]:
    """The rules that match `query` (its first `MAX_QUERY` characters) in any language, best first,
    each with its reasons; `work` counts what it cost.

    Rules that match every word come first, and only they when there are any; otherwise the
    rules that match most words. An empty query lists every rule in catalogue order."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    work = work if work is not None else Work()
    rules = [r for r in RULES if ruleset is None or ruleset in r.rulesets]
    terms = query_terms(query)
    if not terms:
        return [Hit(r) for r in rules]
    ix = index()
    order = {r.id: n for n, r in enumerate(rules)}
    hits: dict[str, Hit] = {}
    for term in terms:
        by_rule: dict[str, dict[str, tuple[float, Reason]]] = {}  # the best match in each field
        for (rid, fname, flang), (kind, word) in _candidates(ix, term, work).items():
            if rid not in order:
                continue
            score = FIELD_WEIGHTS[fname] * KIND_WEIGHTS[kind] * (SAME_LANGUAGE if flang == lang else 1)
            best = by_rule.setdefault(rid, {})
            if fname not in best or score > best[fname][0]:
                best[fname] = (score, Reason(term.text, word, fname, flang, kind))
        for rid, found in by_rule.items():
            work.steps += len(found)
            ranked = sorted(found.values(), key=lambda sr: -sr[0])
            hit = hits.setdefault(rid, Hit(RULES[0]))
            # the best place counts in full; the same word elsewhere in the rule a little
            hit.score += ranked[0][0] + ALSO_ELSEWHERE * sum(sc for sc, _ in ranked[1:])
            hit.reasons.append(ranked[0][1])
    by_id = {r.id: r for r in rules}
    base = _base_game() if ruleset is None else set()
    out = []
    for rid, hit in hits.items():
        hit.rule = by_id[rid]
        if base and not base & set(hit.rule.rulesets):
            hit.score *= OTHER_GAME  # every game is searched; the base game's rule comes first
        hit.score -= order[rid] * 1e-6  # ties keep the catalogue's order
        out.append(hit)
    if not out:
        return []
    most = max(h.matched for h in out)
    out = [h for h in out if h.matched == most] if most == len(terms) else out
    out.sort(key=lambda h: (-h.matched, -h.score))
    return out


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


def too_long(query: str) -> str:
    """Why the CLI refuses `query` ("" when it does not): a cut search would answer another question."""
    if len(query) <= MAX_QUERY:
        return ""
    return f"the search is {len(query):,} characters long; at most {MAX_QUERY} are read: shorten it"


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
    # unless one is named, every game and module: "run away" finds Cthulhu's and Booty's rules too
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
