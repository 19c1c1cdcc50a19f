"""The options reference explains the values no bundled variant uses (house options) in both languages, from the
value schema's ``x-meanings``: the app options of issue 14 among them."""

from __future__ import annotations

import pytest

from datong_rules.rulebook.options_page import options_page
from datong_rules.rulebook.site import load_schema, load_variant_docs


@pytest.mark.parametrize("lang, words", [
    ("zh", ["不分先后", "上次当庄那人的同伴", "随扣底一起放进底牌", "必须把手里的大王全部亮出来", "还得赢了分数"]),
    ("en", ["No turn order", "last had as banker", "go in with the bury", "shows every big joker held",
            "also won on points"]),
])
def test_house_values_of_the_app_options_are_explained(lang, words):
    docs = [d for d in load_variant_docs() if d.game == "huolong"]
    page = options_page("huolong", docs, load_schema()["huolong"], lang)
    for word in words:
        assert word in page, word
    block = page[page.index('id="opt-star_burial.order"'):]
    assert "<code>simultaneous</code>" in block[:block.index("</table>")]
