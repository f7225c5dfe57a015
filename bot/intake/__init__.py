"""What arrives: the normalized event, the learner's one-event overrides, the thread as read, and the
agent seam that recognizes learning.
"""
