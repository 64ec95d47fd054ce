"""One bounded, safe way to read a YAML data file (cards, scenarios): no object tags, no alias bombs.

PyYAML's safe loaders already refuse object tags, but an anchor used many times over by aliases that
are themselves used many times ("billion laughs") composes to a small graph that grows without
bound as soon as anything walks it as a tree (printing it, writing it as JSON, comparing it). So a
document is composed first, its node graph is measured as the tree it stands for, and it is
constructed only if that tree is small. Files are also capped in bytes before they are parsed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

# libyaml's loader when PyYAML was built with it: the same safe subset, several times faster
_SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# A tree of this many nodes is far beyond any card or scenario file (the classic set is a few
# thousand) and still only a few megabytes as Python objects.
DEFAULT_MAX_NODES = 200_000
# Nesting deeper than this is no data file of ours; it only exercises recursion.
DEFAULT_MAX_DEPTH = 100


class YamlError(ValueError):
    """A YAML file or text that is refused; the message is one line naming what was read."""


def load_yaml(
    text_or_path: str | bytes | os.PathLike[str],
    *,
    max_bytes: int,
    what: str,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> Any:
    """Parse one YAML document (a path-like is read as a file; str/bytes are the text) or raise YamlError."""
    text = _read(text_or_path, max_bytes=max_bytes, what=what)
    loader = _SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_tree(node, max_nodes=max_nodes, max_depth=max_depth, what=what)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        raise YamlError(f"{what}: {_one_line(exc)}") from None
    except yaml.YAMLError as exc:
        raise YamlError(f"{what}: {' '.join(str(exc).split())}") from None
    except RecursionError:
        raise YamlError(f"{what}: nested too deeply") from None
    finally:
        loader.dispose()


def _read(text_or_path: str | bytes | os.PathLike[str], *, max_bytes: int, what: str) -> str:
    """The text, refused past max_bytes (a file is never read further than one byte past the cap)."""
    if isinstance(text_or_path, os.PathLike):
        try:
            if not Path(text_or_path).exists():
                raise YamlError(f"{what}: no such file {os.fspath(text_or_path)}")
            if not Path(text_or_path).is_file():  # a folder, a FIFO (which would block), a device
                raise YamlError(f"{what}: {os.fspath(text_or_path)} is not a regular file")
            with Path(text_or_path).open("rb") as handle:
                raw = handle.read(max_bytes + 1)
        except OSError as exc:
            raise YamlError(f"{what}: cannot read {os.fspath(text_or_path)}: {exc.strerror or exc}") from None
    elif isinstance(text_or_path, bytes):
        raw = text_or_path
    else:
        if len(text_or_path) > max_bytes:  # characters are at least one byte each
            raise YamlError(f"{what}: larger than the limit of {max_bytes} bytes")
        raw = text_or_path.encode("utf-8", "surrogatepass")
    if len(raw) > max_bytes:
        raise YamlError(f"{what}: larger than the limit of {max_bytes} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlError(f"{what}: not UTF-8 text (byte {exc.start})") from None


def _check_tree(root: yaml.Node, *, max_nodes: int, max_depth: int, what: str) -> None:
    """Refuse a node graph whose tree (aliases expanded) is too large, too deep or recursive.

    Each node is measured once (size and height are memoised by identity), so this is linear in
    the graph however large the tree it stands for; it walks with its own stack, never recursion.
    """
    size: dict[int, int] = {}
    height: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if children_done:
            open_nodes.discard(key)
            total, tallest = 1, 0
            for child in _children(node):
                if isinstance(child, yaml.ScalarNode):  # a leaf: one value, one level
                    total, tallest = total + 1, max(tallest, 1)
                else:
                    total, tallest = total + size[id(child)], max(tallest, height[id(child)])
            size[key], height[key] = total, tallest + 1
            if total > max_nodes:
                raise YamlError(
                    f"{what}: expands to more than {max_nodes} values (an alias bomb?){_at(node)}"
                )
            if tallest + 1 > max_depth:
                raise YamlError(f"{what}: nested deeper than {max_depth} levels{_at(node)}")
        elif key in open_nodes:
            raise YamlError(f"{what}: an alias refers to a node that contains it{_at(node)}")
        elif key not in size and not isinstance(node, yaml.ScalarNode):
            open_nodes.add(key)
            stack.append((node, True))
            stack.extend(
                (child, False) for child in _children(node) if not isinstance(child, yaml.ScalarNode)
            )


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _at(node: yaml.Node) -> str:
    mark = node.start_mark
    return f" (line {mark.line + 1})" if mark is not None else ""


def _one_line(exc: yaml.MarkedYAMLError) -> str:
    """PyYAML's message (problem, context and marks over several lines) as one line."""
    mark = exc.problem_mark or exc.context_mark
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    words = " ".join(part for part in (exc.context, exc.problem) if part)
    return where + " ".join(words.split())
