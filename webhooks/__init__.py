"""Webhook intake: verify, normalize, drop loops, deduplicate, enqueue, answer fast.

Nothing here runs an operation or touches Git; a forge gets its 2xx within
milliseconds and the work happens in a Celery worker.
"""
