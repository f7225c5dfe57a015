"""Workers: orchestration only — locks, Git, calling the core, applying its plan, calling adapters.

A protocol rule found here is a bug: it belongs in ``bot/``.
"""
