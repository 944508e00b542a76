"""Conventions in the enforcing form of each agent: permission deny rules, Codex rules, and the
one fixed finish guard driven by data. Every form only restricts what the agent may do."""
