"""The protocol's scenarios as code: one module per runnable scenario, and the registry of all 18.

Each runnable module has ``run(context) -> checks``, which sets up the initial state, sends the learner's
input and observes the result, and a pure ``judge(...)`` holding the checks, so unit tests can prove a
check fails on a bad repository state without starting anything.
"""
