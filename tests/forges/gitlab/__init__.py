"""GitLab adapter tests: fixture matrix, authentication, translation, API contract."""
