"""The conformance checker: scenarios, operations, runner, adapters, reports and the CLI."""
