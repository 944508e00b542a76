"""Experiments: recipes that run nights on a benchmark and measure a held-out test split the
nights never see (run, transfer, sweep), and reports of their results (tables and a chart)."""
