"""Review: questions, answer writeback, attempt evidence, mastery and spacing."""
