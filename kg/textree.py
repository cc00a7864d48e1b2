"""A tree printed as lines of text that fit a width: labels wrap under their branch, and a branch deeper
than the width allows keeps its last guides and states its depth, so no node is cut off or hidden.

Rich's Tree indents every level by four columns and crops what passes the edge: at 80 columns a chain of
1,001 methods showed 35 of them."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rich.console import Console
from rich.text import Text

Node = TypeVar("Node")

_BRANCH, _LAST, _PIPE, _SPACE = "├── ", "└── ", "│   ", "    "


@dataclass(frozen=True)
class _Row(Generic[Node]):
    node: Node
    depth: int
    guides: tuple[bool, ...]  # for each ancestor below the root: True when it was its parent's last child
    last: bool


def tree_lines(root: Node, children: Callable[[Node], Sequence[Node]], label: Callable[[Node], Text],
               console: Console, width: int | None = None) -> Iterator[Text]:
    """The lines of the tree under ``root``, each at most ``width`` columns (default: the console's)."""
    width = max(20, width or console.width)
    # Guides never take more than half the width; deeper levels show their depth instead.
    max_levels = max(1, width // 2 // 4)
    pending: list[_Row[Node]] = [_Row(root, 0, (), True)]
    while pending:
        row = pending.pop()
        if row.depth == 0:
            first, rest = "", ""
        else:
            ancestors = "".join(_SPACE if last else _PIPE for last in row.guides)
            first = ancestors + (_LAST if row.last else _BRANCH)
            rest = ancestors + (_SPACE if row.last else _PIPE)
            if row.depth > max_levels:
                keep = (max_levels - 1) * 4
                marker = f"{row.depth}┆ "
                first, rest = marker + first[len(first) - keep - 4 :], " " * len(marker) + rest[len(rest) - keep - 4 :]
        for n, line in enumerate(label(row.node).wrap(console, max(10, width - len(first)))):
            yield Text(first if n == 0 else rest) + line
        kids = list(children(row.node))
        guides = (*row.guides, row.last) if row.depth > 0 else ()
        for i in range(len(kids) - 1, -1, -1):
            pending.append(_Row(kids[i], row.depth + 1, guides, i == len(kids) - 1))
