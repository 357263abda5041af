"""Every notebook of examples/notebooks runs from top to bottom in a fresh kernel (so none rots),
is stored without outputs, and shows what it promises: the HTML of a game and a plot.

Adding a notebook to examples/notebooks is enough to have it run here. Needs the ``notebooks``
extra (nbclient, nbformat, ipykernel, matplotlib; ``pip install -e ".[notebooks]"``, part of
``dev``); without it the tests are skipped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "examples" / "notebooks").glob("*.ipynb"))
FAMILIES = ("zipai", "nantong", "chuanpai", "daer", "xiaogan", "chuopai")


def _read(path: Path) -> Any:
    nbformat = pytest.importorskip("nbformat")
    return nbformat.read(path, as_version=4)


def test_every_family_has_a_notebook() -> None:
    """Issue 13: a notebook per family."""
    assert {path.stem for path in NOTEBOOKS} >= set(FAMILIES)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_is_stored_without_outputs(path: Path) -> None:
    """A stored notebook has no outputs and no execution counts (they are made by running it)."""
    notebook = _read(path)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code
    assert all(not cell.outputs and cell.execution_count is None for cell in code)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_runs(path: Path) -> None:
    """The notebook runs without an error in a fresh kernel (nbclient stops at the first error
    and raises it), and its outputs include an HTML table (a game) and a plot."""
    pytest.importorskip("ipykernel")
    pytest.importorskip("matplotlib")
    nbclient = pytest.importorskip("nbclient")
    notebook = _read(path)
    client = nbclient.NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    outputs = [output for cell in notebook.cells for output in cell.get("outputs", [])]
    assert not [output for output in outputs if output.output_type == "error"]
    kinds = {kind for output in outputs for kind in output.get("data", {})}
    assert {"text/html", "image/png"} <= kinds, kinds
    html = "".join(
        str(output["data"].get("text/html", "")) for output in outputs if "data" in output
    )
    assert "<table" in html  # the seat table of a game
