"""GitHub: webhook translation (pure) and the githubkit-based API client."""
