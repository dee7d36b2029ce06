"""Lesson materials generated from the chapters, for instructors teaching them live.

* ``livecode.py``  ``python -m classroom.lessons.livecode``: each chapter as a live-coding
                   notebook (``docs/instructors/live/``): prose and outputs kept, the cells
                   the instructor types emptied.
* ``timing.py``    ``python -m classroom.lessons.timing``: each instructor page's table of
                   live teaching minutes, estimated from the chapter (the method is in its
                   docstring).
"""
