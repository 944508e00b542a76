"""The plan of a night before it spends anything: its steps and their most calls, the cost and the
duration."""
