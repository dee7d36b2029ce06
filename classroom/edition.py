"""Which edition of the course this is: the maintainers' checkout, or a release for students.

In the repository, ``RELEASE`` is None: ``solution()`` reads the answer cells of
``solutions/``.  ``classroom-release`` (:mod:`classroom.release`) rewrites this file in the
tree it writes, with what the release holds; without ``--with-solutions`` there is no
``solutions/`` folder there and ``solution()`` says that answers are withheld.
"""

RELEASE = None
