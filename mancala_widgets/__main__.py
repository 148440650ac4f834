"""The command line: ``python -m mancala_widgets COMMAND ...``.

Each command is one function decorated with :func:`command`: it receives the
subparsers, adds its own parser and returns the function that runs it. Adding
a command is adding one such function.

    python -m mancala_widgets handouts OUT_DIR [--locale en|ko] [--paper a4|letter]
                                               [--lesson ID ...]

A bad argument prints a message saying what was expected and exits with
status 2 (argparse's convention); nothing is written then.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable

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
        "handouts", help="write printable handouts (HTML) into a folder",
        description="Write every board template, both rule cards, the game record sheet and "
                    "the lessons' diagrams as printable HTML files, and list the files written.")
    p.add_argument("out_dir", metavar="OUT_DIR", help="the folder to write into (made if missing)")
    p.add_argument("--locale", choices=LOCALES, default="en", help="language (default: en)")
    p.add_argument("--paper", choices=tuple(PAPERS), default="a4", help="paper (default: a4)")
    p.add_argument("--lesson", dest="lessons", metavar="ID", nargs="+", action="extend",
                   help="only these lessons (an id or a lesson file; default: every packaged "
                        "lesson)")

    def run(args: argparse.Namespace) -> int:
        from .handouts import HandoutError, write_handouts
        try:
            paths = write_handouts(args.out_dir, locale=args.locale, paper=args.paper,
                                   lessons=args.lessons)
        except HandoutError as e:
            p.error(str(e))
        except OSError as e:
            p.error(f"OUT_DIR = {args.out_dir!r}: cannot write there ({e.strerror or e})")
        for path in paths:
            print(path)
        return 0

    return run


def build_parser() -> tuple[argparse.ArgumentParser, dict]:
    parser = argparse.ArgumentParser(
        prog="python -m mancala_widgets",
        description="Tools for teaching Kisolo and Kiothi.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    runners = {}
    for add in COMMANDS:
        before = set(subparsers.choices)
        run = add(subparsers)
        for name in set(subparsers.choices) - before:
            runners[name] = run
    return parser, runners


def main(argv: list[str] | None = None) -> int:
    parser, runners = build_parser()
    args = parser.parse_args(argv)
    return runners[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
