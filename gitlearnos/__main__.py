"""``python -m gitlearnos`` is the same as the ``gitlearnos`` command."""

from gitlearnos.cli import main

raise SystemExit(main())
