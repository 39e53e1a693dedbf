"""The rules package stays pure: no Qt, no SQL, no PDF, no file or network I/O."""

import ast
import subprocess
import sys
from pathlib import Path

import clabber_league.rules

RULES_DIR = Path(clabber_league.rules.__file__).parent
FORBIDDEN_MODULES = ("PySide6", "sqlalchemy", "sqlmodel", "alembic", "reportlab", "jsonschema")
FORBIDDEN_IMPORTS = {"os", "io", "pathlib", "sqlite3", "socket", "shutil", "tempfile", "json"}


def test_importing_rules_loads_no_qt_sql_or_pdf_module() -> None:
    probe = (
        "import sys, clabber_league.rules\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN_MODULES!r}]\n"
        "print(','.join(bad))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


def _imported_names(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def _calls_open(source: str) -> bool:
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open"
        for node in ast.walk(ast.parse(source))
    )


def test_rules_modules_do_no_io_and_depend_on_nothing_outside_rules() -> None:
    for path in sorted(RULES_DIR.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        imported = _imported_names(source)
        assert not imported & FORBIDDEN_IMPORTS, (
            f"{path.name} imports {imported & FORBIDDEN_IMPORTS}"
        )
        assert not imported & set(FORBIDDEN_MODULES), path.name
        assert not _calls_open(source), f"{path.name} opens a file"
        for node in ast.walk(ast.parse(source)):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module
                and node.module.startswith("clabber_league.")
            ):
                assert node.module.startswith("clabber_league.rules"), (path.name, node.module)


def test_the_probe_can_fail() -> None:
    """The import-graph check really sees a forbidden import."""
    assert _imported_names("from PySide6 import QtCore\nimport os.path") == {"PySide6", "os"}
    assert _calls_open("open('x')")
