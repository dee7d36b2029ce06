"""classroom: everything around the minigrad library that makes it a course.

``minigrad/`` is the library a learner builds and imports nothing but NumPy. This
package is the classroom around it, and imports minigrad (never the other way round):

* ``chapters.py``   the chapter map: titles, reading times, what each chapter introduces
* ``widgets/``      the chapters' interactive pictures, one module per widget
* ``exercises/``    instant checks (``check``, ``hint``, ``solution``), the public cases and
                    their expected observations, and the generator of ``exercises/``
* ``grade/``        the autograder and its Gradescope export
* ``designs/``      the other autograd designs the chapters compare
* ``site/``         the course as a book of HTML pages that reads offline
* ``launch.py``     Binder, Colab and JupyterHub links from ``[project.urls]``
* ``execute.py``    run notebooks and save them with outputs and widget state
* ``lessons/``     for teaching live: live-coding notebooks made from the chapters
* ``release.py``    the course as students get it (``classroom-release``): no answers
* ``edition.py``    which edition this is (the checkout, or a release without solutions)
* ``jupyterlab/``   the JupyterLab settings ``course.py lab`` gives learners

In an exercise notebook::

    from classroom import check, hint, solution

Reference answers, hidden cases and the known mistakes' code are not here: they live in
the repository's ``instructor/`` folder, which only the grader reads (see
``instructor/README.md``).
"""

__all__ = ["check", "hint", "solution"]

try:
    from .exercises.learner import check, hint, solution
except ModuleNotFoundError as _missing:
    # A python without the course's packages (no NumPy): importing ``classroom`` still works,
    # so that a command such as ``python -m classroom.site`` can say what is missing and
    # which python to use, instead of failing with a traceback.
    _why = _missing

    def __getattr__(name: str):
        if name in __all__:
            raise ModuleNotFoundError(f"classroom.{name} needs {_why.name}, which this python "
                                      f"cannot import: {_why}", name=_why.name) from _why
        raise AttributeError(f"module 'classroom' has no attribute {name!r}")
