"""Commit trailer names: the machine-readable part of every bot commit.

They make history searchable by event (idempotency), by operation (undo
finds learning commits) and by what was reverted.
"""

TRAILER_EVENT = "GitLearnOS-Event"
TRAILER_OPERATION = "GitLearnOS-Operation"
TRAILER_RECORD = "GitLearnOS-Record"
TRAILER_REVERTS = "GitLearnOS-Reverts"
TRAILER_RAG_DOCUMENT = "GitLearnOS-RAG-Document"
