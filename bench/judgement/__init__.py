"""Benchmarks of judgement (issue 16, item 7): a labelled corpus the project owns and the figures on it.

The corpus (``messages.jsonl``, ``answers.jsonl``, ``questions.jsonl``) is written from what learners
really write, not from the rules it measures; ``run.py`` prints how the bot's recognition, answer
evaluation and question checks agree with it. See ``README.md`` here.
"""
