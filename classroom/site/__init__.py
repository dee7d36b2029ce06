"""The course as a book to read in a browser: ``python -m classroom.site`` (``make site``,
``classroom-site``) builds it into ``build/site/`` with Sphinx, MyST-NB and the book theme.

* ``build.py``: the build: a staging folder of the chapters and exercises as saved (nothing
  is executed), a generated Sphinx configuration, and Sphinx itself;
* ``snapshot.py``: each widget's saved state drawn as plain HTML, so a page shows what the
  widget showed when its notebook was last run, with no widget JavaScript at all;
* ``static/``: the book's own style sheet.

Everything a page needs ships inside the built site (MathJax included): it reads the same
offline as online.
"""

from .build import build, main

__all__ = ["build", "main"]
