"""Interactive pictures for the chapters (``classroom.widgets``): one module per widget.

Widget logic lives here, not in notebook cells, so it is tested like any other code:
tests set a control's ``.value`` or call a button's ``.click()`` and check what the
widget now shows.  Every widget draws with matplotlib into an ``ipywidgets.Image``
(or writes an ``HTML`` widget): nothing is printed, so a saved notebook's outputs
are the same under nbval as when it was saved.

* ``render.py``   a matplotlib figure as PNG bytes, for an Image widget
* one module per chapter's widget (see ``classroom/chapters.py`` for which is where)

ipywidgets and matplotlib are imported only by the modules that need them.
"""
