"""Gitea and Forgejo: webhook translation (pure) and a small httpx API client of our own.

One adapter serves both: Forgejo sends the Gitea headers too and serves the
same ``/api/v1``. ``webhook`` (with ``payloads``) is the pure part;
``client`` (with ``http``) the thin call part.
"""
