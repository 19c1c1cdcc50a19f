"""Each player's page ends with "play it at the table": the extra to install and the command that opens the table
for its variant, in the page's language (the commands are code, the same in both)."""

from __future__ import annotations

import re

import pytest

from datong_rules.reference_impl.variant import list_variants, load_variant
from datong_rules.rulebook.paths import page_path
from datong_rules.rulebook.site import load_site

SITE = load_site()
PLAYABLE = [v for v in list_variants() if not load_variant(v).abstract]


@pytest.mark.parametrize("variant_id", PLAYABLE)
@pytest.mark.parametrize("lang, title", [("zh", "## 在牌桌上试玩 {#table}"), ("en", "## Play it at the table {#table}")])
def test_each_players_page_says_how_to_open_the_table(variant_id, lang, title):
    page = SITE.pages[page_path(variant_id, lang)]
    assert title in page
    section = page[page.index(title):]
    code = re.search(r'<pre class="table-commands"><code>(.*?)</code></pre>', section, re.S).group(1)
    assert code.splitlines() == ["pip install &#x27;datong-rules[table]&#x27;", f"datong-rules table {variant_id}"]
    words = re.sub(r"<pre.*?</pre>|<[^>]+>", " ", section[len(title):], flags=re.S)
    if lang == "zh":
        assert not re.search(r"[A-Za-z]{2,}", words), words
    else:
        assert not re.search(r"[\u4e00-\u9fff]", words), words
