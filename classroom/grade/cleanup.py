"""Removing a worker's scratch folder, whatever learner code left in it.

``shutil.rmtree`` gives up on what hostile code leaves behind: 3,000 nested folders
(a RecursionError on Python 3.11, and paths longer than the kernel accepts), folders
set to mode 0, files made read-only.  :func:`remove_tree` walks with directory
descriptors (so no path ever grows long), one level at a time (no recursion), makes
folders it cannot read readable first, and never follows a symbolic link.
"""

from __future__ import annotations

import os
import stat

_OPEN_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


def _open_dir(name: str, parent: int | None) -> int:
    """A descriptor of folder ``name`` (in ``parent``), which this user may then empty:
    its mode is set to 0o700 first where it was less (learner code may set 0)."""
    try:
        fd = os.open(name, _OPEN_DIR, dir_fd=parent)
    except PermissionError:
        os.chmod(name, 0o700, dir_fd=parent)
        return os.open(name, _OPEN_DIR, dir_fd=parent)
    if os.fstat(fd).st_mode & 0o700 != 0o700:
        try:
            os.fchmod(fd, 0o700)
        except OSError:
            pass
    return fd


def remove_tree(path: str) -> list:
    """Remove ``path`` and everything under it; returns problems (empty when all went).
    A missing ``path`` is not a problem."""
    problems = []
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return problems
    if not stat.S_ISDIR(info.st_mode):
        os.unlink(path)
        return problems
    top = _open_dir(path, None)
    names = []                  # the folders entered below ``path``, outermost first
    fd = top
    try:
        while True:
            child = None
            with os.scandir(fd) as entries:
                for entry in entries:
                    try:
                        if entry.is_dir(follow_symlinks=False):
                            child = entry.name
                            break
                        os.unlink(entry.name, dir_fd=fd)
                    except FileNotFoundError:
                        pass
                    except OSError as err:
                        problems.append(f"{entry.name}: {err.strerror or err}")
            if child is not None:
                try:
                    inner = _open_dir(child, fd)
                except OSError as err:
                    problems.append(f"{child}: {err.strerror or err}")
                    return problems
                if fd != top:
                    os.close(fd)
                fd = inner
                names.append(child)
                continue
            if not names:
                break
            # ``fd`` is empty: go up one level and remove it
            parent = os.open("..", _OPEN_DIR, dir_fd=fd)
            os.close(fd)
            fd = parent
            try:
                os.rmdir(names.pop(), dir_fd=fd)
            except OSError as err:
                problems.append(f"{err.strerror or err}")
                return problems
    finally:
        if fd != top:
            os.close(fd)
        os.close(top)
    try:
        os.rmdir(path)
    except OSError as err:
        problems.append(f"{path}: {err.strerror or err}")
    return problems
