"""打墩 Dadun: rules, combinations with wild-card readings, state API, operations (docs/implementers/dadun-operations.md)."""
