"""Scenario YAML read safely: plain data only, a size cap, bounded nesting, and no alias bombs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import CollectionNode, MappingNode, Node, ScalarNode

MAX_BYTES = 1 << 20  # a scenario is a few kilobytes; a mebibyte is far beyond any real one
MAX_DEPTH = 50  # nesting; the pure-Python composer recurses, so this also keeps it off the stack limit
MAX_EXPANSION = 10_000  # nodes that aliases may add to the document in all (a copy per use)


class YamlError(ValueError):
    """A file that is not plain, bounded YAML data; the message is one line naming the file."""


def _children(node: Node) -> list[Node]:
    if isinstance(node, MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, CollectionNode):
        return list(node.value)
    return []


def _expansion(root: Node) -> int:
    """How many nodes aliases add when the document is expanded; refuses a node that holds itself."""
    size: dict[int, int] = {}  # expanded size of each distinct node, by identity
    open_: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            open_.discard(key)
            size[key] = 1 + sum(size[id(c)] for c in _children(node))
            continue
        if key in size:
            continue
        if key in open_:
            raise YamlError("an alias refers to a node that contains it (a recursive alias)")
        open_.add(key)
        stack.append((node, True))
        for c in _children(node):
            if id(c) in open_:
                raise YamlError("an alias refers to a node that contains it (a recursive alias)")
            stack.append((c, False))
    return size[id(root)] - len(size)


class _BoundedLoader(yaml.SafeLoader):
    """SafeLoader (no object tags) that refuses deep nesting and documents that aliases blow up."""

    depth = 0

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise YamlError(f"nested more than {MAX_DEPTH} levels deep")
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[str] = set()
        for key, _value in node.value:
            # a key given twice is a slip in a hand-written file; YAML would keep the last silently
            if isinstance(key, ScalarNode) and key.tag != "tag:yaml.org,2002:merge":
                if key.value in seen:
                    raise YamlError(f"line {key.start_mark.line + 1}: the key {key.value!r} is given twice")
                seen.add(key.value)
        return super().construct_mapping(node, deep)

    def construct_document(self, node: Node) -> Any:
        extra = _expansion(node)
        if extra > MAX_EXPANSION:
            raise YamlError(f"its aliases expand to more than {MAX_EXPANSION} extra values (an alias bomb?)")
        return super().construct_document(node)


def _one_line(exc: yaml.YAMLError) -> str:
    if isinstance(exc, yaml.MarkedYAMLError) and exc.problem_mark is not None:
        m = exc.problem_mark
        what = " ".join(x for x in (exc.context, exc.problem) if x)
        return f"YAML error at line {m.line + 1}, column {m.column + 1}: {what}"
    return "YAML error: " + " ".join(str(exc).split())


def load_yaml(text_or_path: str | Path, *, max_bytes: int = MAX_BYTES, what: str = "file") -> Any:
    """The plain data in a YAML file (a Path) or text (a str); YamlError, one line, if it is not."""
    if isinstance(text_or_path, Path):
        name = str(text_or_path)
        try:
            if text_or_path.stat().st_size > max_bytes:
                raise YamlError(f"{name}: the {what} is larger than {max_bytes:,} bytes")
            raw = text_or_path.read_bytes()
        except OSError as exc:
            raise YamlError(f"{name}: cannot read the {what}: {exc.strerror or exc}") from None
    else:
        name = f"<{what}>"
        raw = text_or_path.encode("utf-8", "surrogatepass")
    if len(raw) > max_bytes:
        raise YamlError(f"{name}: the {what} is larger than {max_bytes:,} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlError(f"{name}: the {what} is not UTF-8 text (byte {exc.start})") from None
    try:
        return yaml.load(text, Loader=_BoundedLoader)  # a SafeLoader: plain data only
    except YamlError as exc:
        raise YamlError(f"{name}: {exc}") from None
    except yaml.YAMLError as exc:
        raise YamlError(f"{name}: {_one_line(exc)}") from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer too long to convert
        raise YamlError(f"{name}: YAML error: {' '.join(str(exc).split())}") from None
