"""Process entry points: settings, the embedded Redis, and the ``gitlearnos`` command line."""
