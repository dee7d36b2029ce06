"""Lesson materials generated from the chapters, for instructors teaching them live.

* ``livecode.py``  ``python -m classroom.lessons.livecode``: each chapter as a live-coding
                   notebook (``docs/instructors/live/``): prose and outputs kept, the cells
                   the instructor types emptied.
"""
