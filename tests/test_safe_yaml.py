"""The shared YAML loader: safe (no object tags), bounded (bytes, tree size, depth), one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_nb.cards import load_set
from munchkin_nb.cards.model import CardError
from munchkin_nb.safe_yaml import YamlError, load_yaml


def alias_bomb(levels: int = 9, width: int = 9, field: str = "say") -> str:
    """The billion-laughs document: each level refers `width` times to the one below it."""
    lines = ["l0: &l0 [" + ", ".join(['"lol"'] * width) + "]"]
    for i in range(1, levels):
        lines.append(f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * width) + "]")
    lines.append(f"{field}: *l{levels - 1}")
    return "\n".join(lines) + "\n"


def refused(text: str | bytes | Path, **kw: int) -> str:
    with pytest.raises(YamlError) as info:
        load_yaml(text, max_bytes=kw.pop("max_bytes", 100_000), what="t.yaml", **kw)
    message = str(info.value)
    assert "\n" not in message and message.startswith("t.yaml: ")
    return message


def test_plain_document_loads_like_yaml() -> None:
    assert load_yaml("a: [1, 2, {b: c}]\nd: &x e\nf: *x\n", max_bytes=100, what="t") == {
        "a": [1, 2, {"b": "c"}],
        "d": "e",
        "f": "e",
    }
    assert load_yaml("", max_bytes=10, what="t") is None


@pytest.mark.parametrize("field", ["say", "cards", "text"])
def test_alias_bomb_is_refused_in_any_field(field: str) -> None:
    assert "alias bomb" in refused(alias_bomb(field=field))


def test_small_reuse_of_an_anchor_is_fine() -> None:
    doc = load_yaml(alias_bomb(levels=3, width=3), max_bytes=10_000, what="t")
    assert len(doc["say"]) == 3 and doc["say"][0][0] == ["lol"] * 3


@pytest.mark.parametrize(
    "text",
    ["!!python/object/apply:os.system ['true']", "a: !!python/name:os.system", "!!python/object:dict {}"],
)
def test_object_tags_are_refused(text: str) -> None:
    assert "constructor" in refused(text)


def test_recursive_alias_is_refused() -> None:
    assert "contains it" in refused("a: &a [1, *a]")


def test_depth_is_bounded_in_block_and_flow_style() -> None:
    block = "".join("  " * i + f"k{i}:\n" for i in range(200)) + "  " * 200 + "v\n"
    assert "nested" in refused(block)
    assert "nest" in refused("[" * 5000 + "]" * 5000)


def test_size_cap_reads_no_further(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * 1000)
    assert "limit of 100 bytes" in refused(big, max_bytes=100)
    assert "limit" in refused("x" * 101, max_bytes=100)


def test_unreadable_and_non_utf8(tmp_path: Path) -> None:
    assert "no such file" in refused(tmp_path / "missing.yaml")
    assert "not a regular file" in refused(tmp_path)
    assert "not UTF-8" in refused(b"a: \xff\xfe")


def test_syntax_error_is_one_line_with_position() -> None:
    assert "line 2" in refused("a: b\n  c: [\n")


def test_card_file_alias_bomb_is_a_card_error(tmp_path: Path) -> None:
    f = tmp_path / "bomb.yaml"
    f.write_text("set: bomb\ncards: []\n" + alias_bomb(field="extra"))
    with pytest.raises(CardError, match="alias bomb"):
        load_set(f)
