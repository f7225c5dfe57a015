"""Handoff: teacher-review packs as pull requests, their status lifecycle and the feedback they bring back."""
