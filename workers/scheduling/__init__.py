"""The recurring jobs: which repositories exist, which occurrence is due, and running each one once.

``registry`` (served repositories), ``dispatch`` (the beat's dispatcher), ``claims`` (one run per
occurrence), ``runs`` (the one entry every trigger shares), ``maintenance`` and ``missed`` (the
maintenance job and its catch-up of lost webhooks), ``listing`` and ``verification`` (what makes
``automation.md`` say ``verified``), ``forge_schedules`` (workflows for a forge's own scheduler) and
``tasks`` (their Celery tasks).
"""
