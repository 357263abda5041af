"""A griffe extension for the docs build: show doctests as Python console code blocks, and Sphinx
cross-reference roles as code.

Docstrings in changpai carry plain doctests (``>>>`` lines and their output). Markdown would read
``>`` as a quote and ``[a][b]`` as a link, so this extension wraps every doctest run in a ``pycon``
fence before mkdocstrings renders the docstring. Docstrings also name other objects with Sphinx
roles (``:class:`~changpai.zipai.Card```), which Markdown would print as they are; the extension
writes them as code (``Card``) linked to the object's entry of the API reference when there is
one (an optional autorefs cross-reference: a name the reference does not document stays plain
code). It only changes what the docs show.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(class|func|meth|attr|mod|data|exc|obj|const):`(~?)([^`]+)`")


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


def plain_roles(text: str, module: str = "", cls: str = "") -> str:
    """Write Sphinx roles as code: ``:class:`~a.b.Card``` -> ```Card```, ``:func:`parse``` ->
    ```parse``` (a leading ``~`` keeps the last dotted part, as in Sphinx). With ``module`` (the
    module of the docstring), each becomes an optional cross-reference to the named object: a
    name without a ``changpai.`` prefix is looked up in ``module``, a ``:meth:`` or ``:attr:``
    without a dot in ``cls`` (the class of the docstring) when there is one.

    >>> plain_roles("a :class:`~changpai.zipai.Card` or :func:`changpai.variant`")
    'a `Card` or `changpai.variant`'
    >>> plain_roles(":func:`parse`", "changpai.zipai.cards")
    '<autoref identifier="changpai.zipai.cards.parse" optional><code>parse</code></autoref>'
    >>> plain_roles(":meth:`of`", "changpai.zipai.melds", "changpai.zipai.melds.Meld")
    '<autoref identifier="changpai.zipai.melds.Meld.of" optional><code>of</code></autoref>'
    """

    def replace(match: re.Match[str]) -> str:
        role, tilde, name = match.groups()
        shown = name.rsplit(".", 1)[-1] if tilde else name
        if not module:
            return f"`{shown}`"
        if name.startswith("changpai."):
            identifier = name
        elif cls and role in ("meth", "attr") and "." not in name:
            identifier = f"{cls}.{name}"
        else:
            identifier = f"{module}.{name}"
        return f'<autoref identifier="{identifier}" optional><code>{shown}</code></autoref>'

    return ROLE.sub(replace, text)


class FenceDoctests(griffe.Extension):
    """Fence doctests and write Sphinx roles as code in every docstring griffe loads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is None:
            return
        text = obj.docstring.value
        if ">>>" in text:
            text = fence_doctests(text)
        if ":`" in text:
            owner = obj if obj.is_class else obj.parent
            cls = owner.path if owner is not None and owner.is_class else ""
            text = plain_roles(text, obj.module.path, cls)
        obj.docstring.value = text
