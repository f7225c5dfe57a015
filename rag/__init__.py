"""RAG layer (RAG-Anything): adapter operations, provider, receipts.

Ingestion runs on its own Celery queue (``rag``) with its own receipt commits,
so a slow or failed index never blocks or rolls back a learning commit. The
operations arrive with the RAG issue; the queue name is already reserved in
``workers.celery_app``.
"""
