"""Reading a user's turn after agent work: is it a correction, and which rule does it state
(turns, behaviour, classify; score measures a reader)."""
