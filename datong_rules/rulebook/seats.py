"""The seat picture of a rulebook page: where each seat sits at the table, from the variant's table.

Seat 0 (甲 / player A, :func:`~.labels.seat_name`) is drawn at the bottom (the reader's place); the next seats in play order follow round the table in the
variant's ``players.play_direction`` (:class:`~datong_rules.reference_impl.table.Table`), so the picture shows which
way play goes. Partners (``players.partnership: opposite_seats``) get the same colour class.
"""

from __future__ import annotations

from html import escape

from datong_rules.reference_impl.table import Table

from .labels import SEAT_NAMES, UI, in_brackets, seat_name

_GRID = {"north": (0, 1), "west": (1, 0), "east": (1, 2), "south": (2, 1)}
"""Row and column of each compass place in the 3 × 3 picture of a four-seat table."""


def seats_html(table: Table, lang: str) -> str:
    """The seat picture: a 3 × 3 grid for four seats, else a list of the seats with their places; a caption names
    the direction of play.

    Args:
        table: the variant's table.
        lang: ``"zh"`` or ``"en"``.
    """
    first = seat_name(0, lang)
    caption = UI["seats_caption"][lang].format(
        direction=UI[f"direction_{table.play_direction}"][lang], first=first[:1].upper() + first[1:],
        order=("、" if lang == "zh" else ", ").join(SEAT_NAMES[lang][seat] for seat in table.seats))

    def cell(seat: int) -> str:
        team = table.team(seat)
        css = f"seat team-{team}" if team is not None else "seat"
        return f'<td class="{css}">{escape(seat_name(seat, lang))}</td>'

    if table.players == 4:
        grid = [["<td></td>"] * 3 for _ in range(3)]
        for seat in table.seats:
            row, col = _GRID[table.position(seat)]
            grid[row][col] = cell(seat)
        grid[1][1] = f'<td class="table-centre">{escape(UI["direction_arrow_" + table.play_direction][lang])}</td>'
        body = "".join(f"<tr>{''.join(row)}</tr>" for row in grid)
    else:
        body = "".join(f"<tr>{cell(seat)}<td>{escape(UI['place_' + table.position(seat)][lang])}"
                       f"{in_brackets(f'{table.angle(seat):.0f}°', lang)}</td></tr>" for seat in table.seats)
    return f'<div class="seats"><table class="seat-picture">{body}</table><p class="seats-caption">{escape(caption)}</p></div>'
