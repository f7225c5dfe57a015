"""The setup gate and bootstrap: from a learner's answers to a configured repository in one commit."""
