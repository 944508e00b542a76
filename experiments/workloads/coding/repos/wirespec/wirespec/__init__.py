"""Message types and the line codec of the relay protocol."""
