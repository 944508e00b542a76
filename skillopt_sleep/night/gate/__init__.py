"""The gate: a candidate judged on the held-out tasks, its edits attributed, and the false-accept
budget the looks share."""
