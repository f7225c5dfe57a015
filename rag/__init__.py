"""RAG layer (RAG-Anything): adapter operations, provider, receipts.

Ingestion runs on its own Celery queue (``rag``, task ``workers.rag.sync_source``) with its own receipt
commits, so a slow or failed index never blocks or rolls back a learning commit. ``operations`` holds the
protocol's adapter operations, ``provider`` the RAG-Anything index (offline by default), ``minilm`` the
bundled embedding model on onnxruntime, ``receipts`` the ``gitlearnos.external-receipt/v1`` documents.
Importing this package loads nothing heavy; RAG-Anything, numpy and the model load on first use.
"""
