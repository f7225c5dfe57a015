"""The recurring jobs: which occurrence is due, and running each one once.

``dispatch`` (the beat's dispatcher), ``claims`` (one run per occurrence), ``runs`` (the one entry
every trigger shares), ``maintenance`` and ``missed`` (the maintenance job and its catch-up of lost
webhooks), ``due_review`` (delivering due questions), ``listing`` and ``verification`` (what makes
``automation.md`` say ``verified``), ``forge_schedules`` (workflows for a forge's own scheduler) and
``tasks`` (their Celery tasks). Which repositories exist is :mod:`workers.repo_registry`'s, used by
every task, so it lives outside this package.
"""
