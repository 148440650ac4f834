"""The documentation site (docs/, Sphinx with MyST): ``python3 dev.py docs``.

    python tools/build_docs.py [--output DIR] [--source CHECKOUT]

Builds the HTML into DIR (default: docs/_build/html) from scratch, every warning an
error: a broken link, a missing page or an API docstring that does not render stops
the build, after all of them have been listed (``-W --keep-going``). A fresh build
each time (``-E``): an incremental one would not read the unchanged pages again, nor
report their warnings. `python3 dev.py test` runs it, and the release puts the site
beside the classroom site (dist/site/docs/).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build(output: Path, source: Path = ROOT, python: str | Path = sys.executable) -> Path:
    """Build the documentation of the checkout at ``source`` into ``output``."""
    shutil.rmtree(output, ignore_errors=True)
    command = [str(python), "-m", "sphinx", "-W", "--keep-going", "-E", "-q", "-b", "html"]
    print("+ sphinx", source / "docs", "->", output, flush=True)
    subprocess.run([*command, str(source / "docs"), str(output)], check=True)
    return output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = ROOT / "docs" / "_build" / "html"
    parser.add_argument("--output", type=Path, default=default, help="default: docs/_build/html")
    parser.add_argument("--source", type=Path, default=ROOT, help="default: this checkout")
    args = parser.parse_args(argv)
    try:
        path = build(args.output.resolve(), args.source.resolve())
    except subprocess.CalledProcessError as e:
        print(f"the documentation did not build (exit {e.returncode})", file=sys.stderr)
        return e.returncode or 1
    print(f"{path / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
