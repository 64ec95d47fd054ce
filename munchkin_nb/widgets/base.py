"""What every widget class shares: `.widget`, and displaying itself as a bare expression."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets


class View:
    """A class that holds an ipywidgets container in `.widget` and displays as it."""

    widget: widgets.Widget

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle: dict[str, Any] = self.widget._repr_mimebundle_(include=include, exclude=exclude)
        return bundle

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def error_box(message: str, title: str = "Cannot show this.") -> widgets.HTML:
    """A clear message in the page, never a traceback (CSS class `munchkin-error`)."""
    from html import escape

    box = widgets.HTML(
        f"<div style='color: #7a1f1f; background: #fdecea; border-left: 4px solid #c0392b;"
        f" padding: 6px 10px;'><b>{escape(title)}</b> {escape(message)}</div>"
    )
    box.add_class("munchkin-error")
    return box
