"""Everything a release publishes, built from a checkout: ``python3 dev.py release``.

    python tools/release.py [--output dist] [--source CHECKOUT]

Writes into the output folder:

- ``mancala_widgets-<version>.tar.gz`` and ``mancala_widgets-<version>-py3-none-any.whl``:
  the package, its built front end and the lessons (``pip install`` needs no Node);
- ``mancala-widgets-site-<version>.zip``: the classroom site, in a folder of that name,
  with ``serve.py`` at its top: a teacher unpacks it and runs ``python serve.py`` (or
  puts the folder on any static web host). The site ships the wheel built here.
- ``site/``: the same site unpacked, what the workflow publishes to GitHub Pages, with
  the documentation (tools/build_docs.py) in ``site/docs/``.

The GitHub workflow (.github/workflows/release.yml) runs this same command; its other
steps are also one ``dev.py`` command each.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build_docs  # noqa: E402
import build_site  # noqa: E402

SITE_NAME = "mancala-widgets-site"


def version(source: Path = ROOT) -> str:
    """The package's version, written once: ``__version__`` in its ``__init__.py``
    (pyproject.toml reads it from there too)."""
    text = (source / "mancala_widgets" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if match is None:
        raise SystemExit("mancala_widgets/__init__.py has no __version__ line")
    return match.group(1)


def build_dist(source: Path, outdir: Path, python: str | Path = sys.executable) -> Path:
    """Build the sdist and the wheel of the checkout at ``source``; the wheel's path.
    The built front end is removed first: the build hook skips npm when it finds one,
    and a stale bundle would ship."""
    shutil.rmtree(source / "mancala_widgets" / "static", ignore_errors=True)
    outdir.mkdir(parents=True, exist_ok=True)
    before = set(outdir.glob("*.whl"))
    print("+ python -m build", source, flush=True)
    subprocess.run([str(python), "-m", "build", "--outdir", str(outdir), str(source)], check=True)
    built = set(outdir.glob("*.whl")) - before
    return built.pop() if built else max(outdir.glob("*.whl"), key=lambda p: p.stat().st_mtime)


def site_zip(wheel: Path, outdir: Path, name: str) -> Path:
    """The classroom site, built around ``wheel``, zipped in a folder called ``name``."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / name
        with build_site.one_build_at_a_time():
            build_site.build(folder, wheel=wheel)
        target = outdir / f"{name}.zip"
        partial = target.with_suffix(".zip.part")
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    z.write(path, path.relative_to(folder.parent).as_posix())
        partial.replace(target)  # a zip cut short never takes the place of a good one
        unpacked = outdir / "site"  # the same site, ready for a static host (GitHub Pages)
        shutil.rmtree(unpacked, ignore_errors=True)
        shutil.copytree(folder, unpacked)
    return target


def release(outdir: Path, source: Path = ROOT) -> list[Path]:
    wheel = build_dist(source, outdir)
    sdist = outdir / wheel.name.replace("-py3-none-any.whl", ".tar.gz")
    site = site_zip(wheel, outdir, f"{SITE_NAME}-{version(source)}")
    return [sdist, wheel, site]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "dist", help="default: dist/")
    parser.add_argument(
        "--source", type=Path, default=ROOT, help="the checkout to build (default: this one)"
    )
    args = parser.parse_args(argv)
    outdir, source = args.output.resolve(), args.source.resolve()
    for path in release(outdir, source):
        print(f"{path} ({path.stat().st_size / 1e6:.1f} MB)")
    print(build_docs.build(outdir / "site" / "docs", source) / "index.html")
    return 0


if __name__ == "__main__":
    sys.exit(main())
