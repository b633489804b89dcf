"""The layers of casefile, from the import graph: every module of the package is parsed (imports at
module level and inside functions alike, ``TYPE_CHECKING`` blocks excluded: they never run), each
import resolved to the casefile module it loads, and two things asserted:

- no import from a lower layer to a higher one, and none between two packages of the same layer
  (peers do not know each other: the web and the API share what they share through ``http``);
- no import cycle, except the command line's registration (``cli/app.py`` gathers the command
  modules, each of which adds its commands to ``cli/app.py``'s Typer application).

docs/architecture.md draws the same list.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "casefile"

#: casefile's layers, lowest first; a module may import its own package and the layers below its own.
LAYERS: list[tuple[str, ...]] = [
    ("casefile", "errors", "vocab", "gaps", "listeners"),  # the version; the errors; the NLRB vocabulary; what the
    # record lacks (a warning's fact: casefile.gaps); whose socket listens on a local port (/proc)
    ("validation", "characters"),           # input problems in words (several at once: errors.SeveralProblems);
    # which characters text may hold (every door's field types)
    ("rules", "channels"),                  # pure law, cited; a notification channel's URL (Apprise)
    ("settings",),                          # CASEFILE_* configuration
    ("record",),                            # tables, sessions, migrations, stage machine, read models, authority
    ("importers",),                         # NLRB files, challenge registers, strict YAML -> records
    ("documents",),                         # one module per document: context, builder, title, template
    ("acts", "jobs", "calendar_feed", "prefect_env"),  # one module per act; sweep, reminders, imports
    ("reads",),                             # the front door's read models (re-exported by casefile.app)
    ("app", "calculators"),                 # THE FRONT DOOR; the calculators (pure rules, no record)
    ("accounts", "scenario", "prefect_server", "runner"),  # the door for signed-in users; scenario replay; serve's Prefect
    ("http",),                              # what the web and the API share (error statuses, uploads, server settings)
    ("api", "web"),                         # interfaces over HTTP
    ("server",),                            # the application: the API beside the web pages
    ("cli",),                               # the command line (which also starts the server)
]
#: The one cycle allowed: the command line's registration of its commands.
ALLOWED_CYCLE_PACKAGE = "cli"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _resolve(name: str) -> str | None:
    """The casefile module ``name`` loads (a name inside a module resolves to the module)."""
    while name and name not in modules():
        name = name.rpartition(".")[0]
    return name or None


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _type_checking_only(node):
            yield from (n for child in node.orelse for n in _imports_in(child))
            continue
        yield from _imports_in(node)


def _imports_in(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    else:
        yield from _imports(node)


@cache
def graph() -> dict[str, frozenset[str]]:
    """Each casefile module and the casefile modules it imports (itself excluded)."""
    edges: dict[str, frozenset[str]] = {}
    for name, path in modules().items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                wanted = [alias.name for alias in node.names]
            else:
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    source = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    source = node.module or ""
                # ``from casefile.web import act_forms`` loads the module act_forms; ``from casefile.app
                # import perform`` loads casefile.app (a package's __init__ runs for every module under
                # it, so it is no one's dependency in particular)
                wanted = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules() else source
                          for alias in node.names]
            targets |= {t for w in wanted if w.startswith("casefile") and (t := _resolve(w)) is not None}
        edges[name] = frozenset(targets - {name})
    return edges


def package_of(module: str) -> str:
    """The top-level part of casefile a module belongs to (``casefile.record.db`` -> ``record``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def layer_of(package: str) -> int:
    for rank, layer in enumerate(LAYERS):
        if package in layer:
            return rank
    raise AssertionError(f"casefile.{package} is in no layer: add it to LAYERS (and to docs/architecture.md)")


def upward_imports() -> list[str]:
    """Every import that is not from a module to its own package or to a lower layer."""
    found = []
    for source, targets in sorted(graph().items()):
        for target in sorted(targets):
            mine, theirs = package_of(source), package_of(target)
            if mine != theirs and layer_of(theirs) >= layer_of(mine):
                found.append(f"{source} -> {target}")
    return found


def cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_every_package_is_in_one_layer() -> None:
    packages = {package_of(m) for m in modules()}
    listed = [p for layer in LAYERS for p in layer]
    assert len(listed) == len(set(listed))
    assert packages == set(listed)


def test_the_graph_is_read() -> None:
    """The resolver finds real imports, function-level ones included (a guard against a test that
    passes on an empty graph)."""
    assert "casefile.rules.stages" in graph()["casefile.jobs.sweep"]  # at module level
    assert "casefile.record.migrate" in graph()["casefile.record.db"]  # inside get_engine
    assert "casefile.web.act_fields" in graph()["casefile.web.act_pages"]  # from casefile.web import act_fields
    assert len(modules()) > 250 and sum(map(len, graph().values())) > 1500


def test_no_import_from_a_lower_layer_to_a_higher_one() -> None:
    assert upward_imports() == []


def test_no_import_cycle_outside_the_command_lines_registration() -> None:
    assert [c for c in cycles() if {package_of(m) for m in c} != {ALLOWED_CYCLE_PACKAGE}] == []


def test_the_interfaces_over_http_open_no_session_themselves() -> None:
    """The web and the API reach the record through their one dependency (casefile.http.deps): no
    module of theirs imports the sessions (casefile.record.db)."""
    assert [m for m, targets in sorted(graph().items()) if package_of(m) in ("web", "api")
            and "casefile.record.db" in targets] == []
