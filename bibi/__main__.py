"""``python -m bibi``: the ``bibi`` command."""

from bibi.cli import main

raise SystemExit(main())
