"""``python -m datong_rules``: the same as the ``datong-rules`` command."""

from datong_rules.cli.main import main

if __name__ == "__main__":
    main()
