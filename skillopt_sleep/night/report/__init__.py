"""What a night leaves: its report and staging folder, what changed on the held-out tasks, each
edit's fate, the archive."""
