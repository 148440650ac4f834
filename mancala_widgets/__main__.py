"""The command line: ``python -m mancala_widgets COMMAND ...``.

Each command is one function decorated with :func:`command`: it receives the
subparsers, adds its own parser and returns the function that runs it. Adding
a command is adding one such function.

    python -m mancala_widgets handouts OUT_DIR [--locale en|ko|fr] [--paper a4|letter|a3]
                                               [--lesson ID ...]
    python -m mancala_widgets lessons [DIR] [--locale en|ko|fr] [--no-lab] [--force]
    python -m mancala_widgets serve [SITE] [--port 8000] [--bind 0.0.0.0] [--quiet]
                                    [--hand-ins DIR] [--read-only]

A bad argument prints a message saying what was expected and exits with
status 2 (argparse's convention); nothing is written then.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

Runner = Callable[[argparse.Namespace], int]
COMMANDS: list[Callable[[argparse._SubParsersAction], Runner]] = []


def command(add: Callable[[argparse._SubParsersAction], Runner]):
    """Register a command: ``add(subparsers)`` makes its parser and returns its runner."""
    COMMANDS.append(add)
    return add


@command
def handouts(subparsers) -> Runner:
    from .handouts import PAPERS
    from .text import LOCALES

    p = subparsers.add_parser(
        "handouts",
        help="write printable handouts (HTML) into a folder",
        description="Write every board template, both rule cards and routine cards, the game "
        "record sheet, the glossary and the lessons' diagrams as printable HTML files, and "
        "list the files written. With --paper a3 only the board templates are written, each "
        "on one sheet.",
    )
    p.add_argument("out_dir", metavar="OUT_DIR", help="the folder to write into (made if missing)")
    p.add_argument("--locale", choices=LOCALES, default="en", help="language (default: en)")
    p.add_argument(
        "--paper",
        choices=tuple(PAPERS),
        default="a4",
        help="paper (default: a4; a3: the board templates only)",
    )
    p.add_argument(
        "--lesson",
        dest="lessons",
        metavar="ID",
        nargs="+",
        action="extend",
        help="only these lessons (an id or a lesson file; default: every packaged lesson)",
    )

    def run(args: argparse.Namespace) -> int:
        from .handouts import HandoutError, write_handouts

        try:
            paths = write_handouts(
                args.out_dir, locale=args.locale, paper=args.paper, lessons=args.lessons
            )
        except HandoutError as e:
            p.error(str(e))
        except OSError as e:
            p.error(f"OUT_DIR = {args.out_dir!r}: cannot write there ({e.strerror or e})")
        for path in paths:
            print(path)
        return 0

    return run


@command
def lessons(subparsers) -> Runner:
    from .text import LOCALES

    p = subparsers.add_parser(
        "lessons",
        help="copy the lesson notebooks into a folder and open them in JupyterLab",
        description="Copy the lesson notebooks (English, and Korean in ko/) and the teacher "
        "guides (teacher/) into a folder of your own, then open JupyterLab there "
        "on the first lesson in your language. Needs JupyterLab: "
        'pip install "mancala-widgets[lab]".',
    )
    p.add_argument(
        "out_dir",
        metavar="DIR",
        nargs="?",
        default="mancala-lessons",
        help="the folder to copy into: new or empty (default: mancala-lessons)",
    )
    p.add_argument(
        "--locale",
        choices=LOCALES,
        default="en",
        help="the language of the lesson JupyterLab opens (default: en)",
    )
    p.add_argument("--no-lab", action="store_true", help="only copy; do not start JupyterLab")
    p.add_argument(
        "--force",
        action="store_true",
        help="copy into a folder that is not empty, replacing the lessons there",
    )

    def run(args: argparse.Namespace) -> int:
        import importlib.util
        import os
        import subprocess
        from pathlib import Path

        from .classroom import LessonsFolderError, copy_lessons, start_notebook

        try:
            copied = copy_lessons(args.out_dir, force=args.force)
        except LessonsFolderError as e:
            p.error(str(e))
        except OSError as e:
            p.error(f"DIR = {args.out_dir!r}: cannot write there ({e.strerror or e})")
        folder = Path(args.out_dir).resolve()
        start = folder / start_notebook(args.locale)
        print(f"{len(copied.files)} files copied into {folder}; the first lesson: {start}")
        for lesson, backup in copied.kept:
            print(f"kept the changed {lesson.name} as {backup}")
        for link in copied.unlinked:
            print(f"replaced the symbolic link {link} by the lesson (what it pointed to is kept)")
        sys.stdout.flush()
        if args.no_lab:
            return 0
        if importlib.util.find_spec("jupyterlab") is None:
            print(
                'JupyterLab is not installed: pip install "mancala-widgets[lab]", then open '
                f'the lessons with: jupyter lab "{start}"',
                file=sys.stderr,
            )
            return 1
        env = lab_language(folder, args.locale)
        # As root (a container, a classroom server) JupyterLab refuses to start without it.
        root = ["--allow-root"] if getattr(os, "geteuid", lambda: 1)() == 0 else []
        lab = [
            sys.executable,
            "-m",
            "jupyterlab",
            *root,
            f"--ServerApp.root_dir={folder}",
            str(start),
        ]
        if os.name == "posix":
            # JupyterLab takes this process over, so Ctrl+C and a stop signal reach it.
            os.execve(sys.executable, lab, env)
        return subprocess.call(lab, env=env)

    return run


@command
def serve(subparsers) -> Runner:
    p = subparsers.add_parser(
        "serve",
        help="serve the classroom site to a class on this network, and run the class's hub",
        description="Serve the classroom site (a folder built by `python3 dev.py site`, or "
        "unpacked from the site's zip) to the devices on this computer's network, "
        "compressed and cacheable, and print the address students type.",
    )
    p.add_argument("site", metavar="SITE", nargs="?", default=".", help="the site's folder")
    p.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    p.add_argument("--bind", default="0.0.0.0", help="the address to listen on (default: all)")
    p.add_argument("--quiet", action="store_true", help="do not list every request")
    p.add_argument(
        "--hand-ins",
        default="hand-ins",
        help="the folder the students' hand-ins go to (default: hand-ins, in this folder)",
    )
    p.add_argument(
        "--read-only", action="store_true", help="serve the site only: no hub, nothing written"
    )

    def run(args: argparse.Namespace) -> int:
        from .classroom import serve as server

        argv = [args.site, "--port", str(args.port), "--bind", args.bind]
        argv += ["--hand-ins", args.hand_ins] + (["--read-only"] if args.read_only else [])
        return server.main(argv + (["--quiet"] if args.quiet else []))

    return run


def build_parser() -> tuple[argparse.ArgumentParser, dict]:
    parser = argparse.ArgumentParser(
        prog="python -m mancala_widgets", description="Tools for teaching Kisolo and Kiothi."
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    runners = {}
    for add in COMMANDS:
        before = set(subparsers.choices)
        run = add(subparsers)
        for name in set(subparsers.choices) - before:
            runners[name] = run
    return parser, runners


def lab_language(folder: Any, locale: str) -> dict[str, str]:
    """The environment JupyterLab starts with: for a language with a pack, a default
    setting that shows JupyterLab's own menus in it (a language the user chose in
    JupyterLab's Settings menu still wins), kept in ``folder/.jupyter-config``."""
    import json
    import os

    from .rules.files import write_atomic
    from .text import JUPYTERLAB_LANGUAGES

    env = dict(os.environ)
    language = JUPYTERLAB_LANGUAGES.get(locale)
    if language is None:
        return env
    config = folder / ".jupyter-config" / locale
    (config / "labconfig").mkdir(parents=True, exist_ok=True)
    overrides = {"@jupyterlab/translation-extension:plugin": {"locale": language}}
    write_atomic(
        config / "labconfig" / "default_setting_overrides.json",
        (json.dumps(overrides, indent=1) + "\n").encode("utf-8"),
    )
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(
        [str(config), *filter(None, [os.environ.get("JUPYTER_CONFIG_PATH")])]
    )
    return env


def main(argv: list[str] | None = None) -> int:
    parser, runners = build_parser()
    args = parser.parse_args(argv)
    return runners[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
