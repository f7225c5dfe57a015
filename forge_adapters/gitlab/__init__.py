"""GitLab: webhook authentication and translation (pure) and the python-gitlab API client.

Pure, importable by the intake without loading any HTTP library:
:mod:`.verify` (token and signature, and the intake spec) and :mod:`.translate`
(payload → event, and the readers the client shares).
Only workers import :mod:`.client`, which brings python-gitlab and requests.
"""
