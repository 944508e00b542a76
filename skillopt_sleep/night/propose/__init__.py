"""Proposals of a night: reflection, rules from checks, their lint and placement, and the edits
applied to a document."""
