"""Errors that teach: each one names the operation and the shapes or types involved."""


class ShapeError(ValueError):
    """The shapes of an operation's inputs do not fit together.

    A subclass of ``ValueError`` (what NumPy raises for the same problem), so
    code that catches ``ValueError`` keeps working.

    Example:
        >>> import minigrad as mg
        >>> try:
        ...     mg.ones(2, 3) @ mg.ones(2, 3)
        ... except mg.ShapeError as err:
        ...     print(str(err)[:52])
        matmul: shapes (2, 3) and (2, 3) do not fit: the las
    """


def broadcast_error(op: str, *shapes) -> ShapeError:
    listed = " and ".join(str(tuple(s)) for s in shapes)
    return ShapeError(
        f"{op}: shapes {listed} cannot be broadcast together. Reading the shapes right to "
        f"left, each pair of sizes must be equal or one of them must be 1."
    )
