"""Run notebooks top to bottom and save them with their outputs and widget state.

``python -m classroom.execute chapters/05_sgd.ipynb ...`` (``make chapters`` runs every
chapter) is what to do after changing a chapter, or the library or a widget it uses:

* each notebook runs in a fresh kernel, in its own folder, as "Restart & Run All" does;
* the outputs are saved, and so is the **widget state** (nbclient keeps every widget's
  last state, pictures included, in the notebook's metadata): JupyterLab (for a trusted
  notebook) and the course site then show each widget as it was when the run ended;
* no timestamps are written into the cells, so a rerun changes only what changed (and
  the widgets' random model ids, which nbval ignores);
* the notebook is saved as JupyterLab 4 would save it (:func:`save`), so that opening it
  there changes nothing: a notebook JupyterLab rewrites on opening is marked changed, asks
  "Save your work?" when closed, and autosave rewrites the tracked file.

A notebook whose run raises keeps its old file, and the command says which cell failed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


#: The kernelspec JupyterLab 4 writes into a notebook it opens with ipykernel's ``python3``
#: kernel (the display name is that of ipykernel's kernel spec).  Any other value, such as
#: the older "Python 3", is rewritten on opening.  ``language_info`` comes from the kernel
#: that ran the notebook, as JupyterLab's does.
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def save(nb, path: Path) -> None:
    """Write ``nb`` to ``path`` with the metadata JupyterLab writes on opening it."""
    import nbformat

    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nbformat.write(nb, path)


def execute(path: Path, timeout: int = 300) -> float:
    """Run ``path`` and save it in place; the seconds it took."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                            store_widget_state=True,
                            resources={"metadata": {"path": str(path.parent.resolve())}})
    start = time.monotonic()
    client.execute()
    save(nb, path)
    return time.monotonic() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m classroom.execute",
        description="Run notebooks in fresh kernels and save their outputs and widget state.")
    parser.add_argument("notebooks", nargs="+", type=Path)
    args = parser.parse_args(argv)
    from nbclient.exceptions import CellExecutionError

    failed = 0
    for path in args.notebooks:
        if not path.is_file():
            print(f"error: no notebook at {path}", file=sys.stderr)
            failed += 1
            continue
        try:
            seconds = execute(path)
        except CellExecutionError as err:
            print(f"FAILED {path} (left as it was):\n{err}", file=sys.stderr)
            failed += 1
            continue
        print(f"ran and saved {path} in {seconds:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
