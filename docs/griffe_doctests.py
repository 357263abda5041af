"""A griffe extension for the docs build: show doctests as Python console code blocks, and Sphinx
cross-reference roles as code.

Docstrings in changpai carry plain doctests (``>>>`` lines and their output). Markdown would read
``>`` as a quote and ``[a][b]`` as a link, so this extension wraps every doctest run in a ``pycon``
fence before mkdocstrings renders the docstring. Docstrings also name other objects with Sphinx
roles (``:class:`~changpai.zipai.Card```), which Markdown would print as they are; the extension
writes them as code (``Card``), the name a reader sees in the API reference. It only changes
what the docs show.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj|const):`(~?)([^`]+)`")


def fence_doctests(text: str) -> str:
    """Wrap each run of doctest lines (prompt, continuation and output) in a ```pycon fence."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append(f"{indent}```")
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def plain_roles(text: str) -> str:
    """Write Sphinx roles as code: ``:class:`~a.b.Card``` -> ```Card```, ``:func:`parse``` ->
    ```parse``` (a leading ``~`` keeps the last dotted part, as in Sphinx).

    >>> plain_roles("a :class:`~changpai.zipai.Card` or :func:`changpai.variant`")
    'a `Card` or `changpai.variant`'
    """
    return ROLE.sub(
        lambda m: f"`{m.group(2).rsplit('.', 1)[-1] if m.group(1) else m.group(2)}`", text
    )


class FenceDoctests(griffe.Extension):
    """Fence doctests and write Sphinx roles as code in every docstring griffe loads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is None:
            return
        text = obj.docstring.value
        if ">>>" in text:
            text = fence_doctests(text)
        if ":`" in text:
            text = plain_roles(text)
        obj.docstring.value = text
