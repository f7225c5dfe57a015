"""Helpers the tests share: fakes, builders, signing, stacks. Test modules import helpers from here only.

Nothing in here is collected as a test; ``tests/unit/test_test_layout.py`` keeps it the one shared place.
"""
