"""The fault suite's helpers: the ledger of notes, the table of rows, the scale of each row, the run."""
