"""The learner repository's Markdown records: file layout and IDs, exact edits, knowledge points and
sources.
"""
