"""The core's side of RAG: which sources to ingest under which ID, questions about the learner's
material, reconcile.
"""
