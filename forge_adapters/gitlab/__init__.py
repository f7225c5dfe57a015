"""GitLab: webhook authentication and translation (pure) and the python-gitlab API client.

Pure, importable by the intake without loading any HTTP library:
:mod:`.webhook` (the intake spec), :mod:`.verify` (token and signature),
:mod:`.translate` with :mod:`.conversations` (payload → event),
:mod:`.delivery` and :mod:`.fields` (shared reading helpers).
Only workers import :mod:`.client`, which brings python-gitlab and requests.
"""
