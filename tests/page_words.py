"""Which of a page's messages a language's catalogue lacks: the strings its code passes to the
translating calls (``t("...")``, ``_("...")``), read from the source, against a gettext domain."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

from munchkin_nb.i18n import LANGUAGES, catalogue

# a call of `t` or `_` (a function, or any object's method: ``self.t``, ``page.t``) whose argument
# is one string literal, or several in a row
_CALL = r"""\b(?:t|_)\(\s*((?:"[^"]*"\s*|'[^']*'\s*)+)\)"""


def messages_said(*modules: ModuleType) -> set[str]:
    """The literal messages `modules` pass to ``t(...)`` or ``_(...)``, adjacent literals joined."""
    source = "".join(Path(str(m.__file__)).read_text(encoding="utf-8") for m in modules)
    found = re.findall(_CALL, source)
    return {"".join(a or b for a, b in re.findall(r'"([^"]*)"|\'([^\']*)\'', m)) for m in found}


def untranslated(messages: set[str], domain: str) -> dict[str, list[str]]:
    """Language -> the `messages` its catalogue of `domain` has no translation of (English, the
    source language, left out); a language without the catalogue lists them all."""
    missing: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        if lang == "en":
            continue
        cat = catalogue(domain, lang)
        lacking = sorted(m for m in messages if cat is None or not (cat.get(m) and cat.get(m).string))
        if lacking:
            missing[lang] = lacking
    return missing
