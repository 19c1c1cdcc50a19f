"""The reader of the docs' console blocks (:mod:`console_blocks`): what it takes as a command, an output and an exit
status, and how quoted output is compared with what a command prints."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_blocks import console_commands, output_matches

PAGE = """# A page

```bash
datong-rules variants          # a bash block is not a session: not read
```

```console
$ datong-rules validate
4 bundled variant(s) and sources.yaml checked: no problems
$ datong-rules variants
$ datong-rules validate broken.yaml
broken.yaml:3:1: something

$ echo $?
1
```

- a list item with an indented block:

    ```console
    $ datong-rules conform -q
    engine: 3 passed in 0.2s
    ```
"""


def test_commands_outputs_and_statuses_are_read_with_their_lines():
    commands = console_commands(Path("page.md"), PAGE)
    assert [(c.line, c.command, c.output, c.status) for c in commands] == [
        (8, "datong-rules validate", ("4 bundled variant(s) and sources.yaml checked: no problems",), 0),
        (10, "datong-rules variants", (), 0),
        (11, "datong-rules validate broken.yaml", ("broken.yaml:3:1: something",), 1),
        (21, "datong-rules conform -q", ("engine: 3 passed in 0.2s",), 0),
    ]
    assert commands[0].where == "page.md:8"


@pytest.mark.parametrize(("block", "where"), [("```console\nstray output\n$ ls\n```\n", "page.md:2: output before"),
                                             ("```console\n$ ls\n$ echo $?\nzero\n```\n", "page.md:3: 'echo")])
def test_a_malformed_block_is_refused(block, where):
    with pytest.raises(ValueError, match=where):
        console_commands(Path("page.md"), block)


@pytest.mark.parametrize(("quoted", "printed", "matches"), [
    (("a", "b"), "a\nb\n", True),
    (("a", "b"), "a\nb\nc\n", False),                      # an unquoted extra line
    (("a", "b"), "a\n", False),
    (("a", "…", "d"), "a\nb\nc\nd\n", True),               # … stands for any lines
    (("a", "…", "d"), "a\nd\n", True),                     # … for no line too
    (("a", "…"), "a\nb\n", True),
    (("a", "…", "d"), "a\nb\nc\n", False),
    (("x: … passed, 0 failed",), "x: 529 passed, 0 failed\n", True),   # … inside a line: any text
    (("x: … passed, 0 failed",), "x: 529 passed, 1 failed\n", False),
    (("done in 0.4s",), "done in 12.75s\n", True),         # durations are not compared
    (("15 passed, 41 skipped in 0.4s",), "15 passed, 42 skipped in 0.4s\n", False),
    (("a", "", "b"), "a\n\nb\n\n", True),                  # blank lines count, trailing ones do not
    (("a", "b"), "a\n\nb\n", False),
    (("a.b",), "axb\n", False),                            # quoted text is literal
])
def test_quoted_output_is_compared_line_by_line(quoted, printed, matches):
    assert output_matches(quoted, printed) is matches
