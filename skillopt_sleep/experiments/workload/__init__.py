"""The product's own path measured on a recorded session workload: hooks → ingest → mine →
nights → a proposal, scored against the personas' answer key."""
