"""Organize: a note becomes an event record (and a narrow gap for a mistake); undo reverts it with a
new commit.
"""
