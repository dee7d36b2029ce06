"""``python -m minigrad.examples.digits``: an MLP on the offline 8×8 digits (about 98 %, seconds)."""

from .classifier import main

if __name__ == "__main__":
    main("digits")
