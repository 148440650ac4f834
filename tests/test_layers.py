"""The package's layers import only downward (../STYLE: rules, then text and drawing,
then players, lessons and the class's data, then widgets, then the command line), and
the class's data imports no widget. Read from the code with ``ast``: imports at a
module's top, and those inside functions, which run just as surely when called."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "mancala_widgets"

#: Each module's layer, by its first part under the package (a file or a folder).
LAYERS = {
    "rules": 0,
    "text": 1,
    "svg": 1,
    "drawing": 1,
    "tables": 1,
    "players": 2,
    "review": 2,
    "simulate": 2,
    "openspiel": 2,
    "lessons": 2,
    "player_lesson": 2,
    "exercises": 2,
    "classroom": 2,
    "standings": 2,
    "tournaments": 2,
    "handouts": 2,
    "widgets": 3,
    "comparison": 3,
    "__init__": 3,  # the public API: the widget names are loaded lazily, when asked
    "__main__": 4,
    "bench": 4,
}
WIDGET_PACKAGES = {"anywidget", "ipywidgets", "traitlets", "IPython"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, source: str | None = None) -> set[str]:
    """Every module ``path`` imports (its ``source``, read from it by default), as
    absolute dotted names (``from . import x`` counts as importing ``package.x`` when
    ``x`` is a module)."""
    if source is None:
        source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, str(path))
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            for alias in node.names:  # ``from .x import y`` where y is a module
                sub = f"{target}.{alias.name}"
                as_file = PACKAGE.parent / (sub.replace(".", "/") + ".py")
                if as_file.exists() or (as_file.with_suffix("") / "__init__.py").exists():
                    found.add(sub)
    return found


def _modules() -> dict[str, set[str]]:
    return {_module_name(p): imports_of(p) for p in sorted(PACKAGE.rglob("*.py"))}


def _layer(module: str) -> int:
    parts = module.split(".")
    key = parts[1] if len(parts) > 1 else "__init__"
    assert key in LAYERS, f"{module}: no layer; add {key!r} to LAYERS"
    return LAYERS[key]


def test_the_class_data_imports_no_widget():
    wrong = []
    for module, imported in _modules().items():
        if not module.startswith("mancala_widgets.classroom"):
            continue
        for target in sorted(imported):
            top = target.split(".")[0]
            if top in WIDGET_PACKAGES or target.startswith(
                ("mancala_widgets.widgets", "mancala_widgets.comparison")
            ):
                wrong.append(f"{module} imports {target}")
    assert not wrong, "\n".join(wrong)


def test_serve_is_standard_library_only():
    """serve.py ships alone as the site's serve.py: nothing from the package."""
    imported = imports_of(PACKAGE / "classroom" / "serve.py")
    assert not [m for m in imported if m.startswith("mancala_widgets")], imported


def test_layers_import_only_downward():
    wrong = []
    for module, imported in _modules().items():
        for target in sorted(imported):
            if target.startswith("mancala_widgets.") and _layer(target) > _layer(module):
                wrong.append(f"{module} (layer {_layer(module)}) imports {target}")
    assert not wrong, "\n".join(wrong)


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle_above_the_rules():
    modules = _modules()
    # A package's __init__ re-exports its modules: an import of a package is an import of
    # its __init__ file, which is what runs.
    graph = {m: {t for t in imported if t in modules and t != m} for m, imported in modules.items()}
    circles = [c for c in _circles(graph) if any(_layer(m) > 0 for m in c)]
    assert not circles, circles


def test_the_test_reads_function_level_imports():
    """A test that cannot fail is a defect: an import inside a function is seen, and
    relative imports are resolved from the module's package."""
    file = PACKAGE / "classroom" / "handin.py"
    assert "mancala_widgets.rules.files" in imports_of(file)
    code = "def f():\n    from ..widgets import work\n    import ipywidgets\n"
    assert {"mancala_widgets.widgets.work", "ipywidgets"} <= imports_of(file, code)
    assert _circles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
