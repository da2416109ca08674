"""The repository root's pytest configuration: only what the optional extras need (tests/conftest.py holds the rest).

``--doctest-modules`` imports every module under ``bibi``; an adapter for an optional extra (``bibi.openspiel``,
``bibi.pettingzoo``) refuses to import without it, naming the extra, and the views (``bibi.widgets``) need
ipywidgets (the ``notebooks`` extra). Without the extra their modules are not collected, and their tests
(tests/test_openspiel.py, tests/test_pettingzoo.py, tests/test_widgets.py, tests/test_compare_views.py) are
skipped saying why; ``make test`` installs every extra, so there all of them run.

When the engine's group runs compiled (``bibi.deal.COMPILED``), its modules are extension modules whose ``__file__``
is not the source pytest would read doctests from, so their doctests are collected only where the group runs from
its sources: tests/test_compiled.py runs them again on the pure build, which the compiled install does not run.
"""

from importlib.util import find_spec

import bibi.deal
from bibi._engine import GROUP

collect_ignore = ["conftest.py"]
if find_spec("pyspiel") is None:
    collect_ignore.append("bibi/openspiel.py")
if find_spec("pettingzoo") is None or find_spec("gymnasium") is None:
    collect_ignore.append("bibi/pettingzoo.py")
if find_spec("ipywidgets") is None:  # the views (the notebooks extra); make test-fast runs without it
    collect_ignore.append("bibi/widgets")

if bibi.deal.COMPILED:
    collect_ignore += [f"bibi/{name}.py" for name in GROUP]
