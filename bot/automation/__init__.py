"""Scheduled work as the core sees it: when a job is due, what was observed, what maintenance reconciles."""
