"""One module per rule-check op; `checks.registry` imports every module here and registers each
`CheckOp` subclass by its `name`. Adding an op is adding one module."""
