"""The games page as a visit opens it: what every visit needs read ahead (`warm_games`), then the
view built once, in the visit's language, with the tab's title in that language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from munchkin_nb.i18n import gettext
from munchkin_nb.widgets.address import PageAddress
from munchkin_nb.widgets.app_view import AppView, warm_games
from munchkin_nb.widgets.pages import games_page

DB = Path(__file__).resolve().parents[1] / "replays" / "sample.db"


@pytest.mark.parametrize("lang", ["en", "es", "ko"])
def test_a_visit_builds_the_games_view_once_in_its_language(lang: str, monkeypatch) -> None:
    warm_games(DB)  # what the preheated kernel runs before the visitor comes
    built: list[str] = []
    titles: list[str] = []
    real = AppView.__init__

    def counted(self: AppView, db_path: Any, lang: str = "en") -> None:
        built.append(lang)
        real(self, db_path, lang)
        titles.append(self.address.title)
        self.address.observe(lambda c: titles.append(c["new"]), names="title")

    monkeypatch.setattr(AppView, "__init__", counted)
    page = games_page(DB, {"lang": lang} if lang != "en" else {})
    assert built == [lang]
    wanted = "" if lang == "en" else gettext("games", lang)("Munchkin games")  # "": the notebook's own
    assert titles[-1] == wanted and wanted != "Munchkin games"
    addresses = [w for w in _walk(page) if isinstance(w, PageAddress)]
    assert len(addresses) == 1 and addresses[0].title == wanted


def _walk(w: Any) -> list[Any]:
    return [w, *(x for c in getattr(w, "children", ()) for x in _walk(c))]
