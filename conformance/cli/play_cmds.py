"""``datong-rules play`` (bots play a Huolong match, with a readable transcript) and ``datong-rules verify``
(check a game record).

Exit status of ``play``: 0 when the match (or the hands asked for) was played; 1 when a safety cap
stopped it; 2 for usage errors (unknown or unplayable variant, record file not writable).
Exit status of ``verify``: 0 when every record is accepted; 1 when one is refused (the first refused
action is named: ``FILE: action N (seat S): reason``); 2 when a file is not a readable record
(bad JSON, schema violation, unknown variant). Every error is one ``error: ...`` line on stderr.
"""

from __future__ import annotations

import random
from pathlib import Path

import click

from reference_impl import records
from reference_impl.bots import BOTS, make_bots
from reference_impl.cards import SUIT_SYMBOLS, format_cards
from reference_impl.huolong.hand import HandState
from reference_impl.huolong.match import Match, MatchError
from reference_impl.huolong.rules import RulesError, rules_for
from reference_impl.variant import load_variant


def _error(message: str, code: int) -> None:
    click.echo(f"error: {message}", err=True)
    raise SystemExit(code)


def _cards(cards) -> str:
    return format_cards(cards, symbols=True)


def _suit(suit: str | None) -> str:
    return SUIT_SYMBOLS.get(suit, "none") if suit else "none"


def _team_name(team: int) -> str:
    return f"seats {team}/{team + 2}"


def _levels(levels: tuple[str, str]) -> str:
    return f"{_team_name(0)} at {levels[0]}, {_team_name(1)} at {levels[1]}"


def _declaration_lines(state: HandState) -> list[str]:
    lines = []
    for show in state.decl.shows:
        chain = "".join(f", then {_cards(c)} after {a}" for c, a in show.chain)
        if show.status == "resolved":
            fate = f"suit {_suit(show.suit)}"
        else:
            fate = "lapsed"
        lines.append(f"  seat {show.seat} shows {_cards(show.cards)} after {show.after} cards{chain} "
                     f"({show.kind.name}): {fate}")
    result = state.declaration
    how = {"declared": "declared", "bottom": "nobody declared: the bottom's first suited card",
           "kept": "kept from the first hand", "redeal": "nobody declared"}[result.outcome]
    if result.outcome == "redeal":
        lines.append(f"  {how}: the cards are dealt again")
    else:
        lines.append(f"  trump suit {_suit(result.trump_suit)} ({how}), banker seat {result.banker}, "
                     f"level {state.level}")
    return lines


def transcript(state: HandState, deal_number: int) -> list[str]:
    """The readable lines of one finished hand."""
    out = [f"── hand {state.hand_number}" + (f" (deal {deal_number})" if deal_number > 1 else "")
           + f" · {_levels(state.team_levels)} · first drawer seat {state.first_drawer}"]
    out.append("Declaration:")
    out += _declaration_lines(state)
    if state.phase == "redeal":
        return out
    out.append(f"Bury (seat {state.banker}): {_cards(state.buried)}")
    if state.star is not None:
        for seat, count, taken, forced in state.star.loads:
            what = "must load" if forced else "loads"
            out.append(f"Star burial: seat {seat} {what} {count} big joker(s), takes back {_cards(taken)}")
        if not state.star.loads:
            out.append("Star burial: none")
    for n, (leader, plays, winner, points) in enumerate(state.tricks, 1):
        shown = " | ".join(f"{(leader + i) % 4}: {_cards(p)}" for i, p in enumerate(plays))
        out.append(f"Trick {n:2}: {shown} → seat {winner}" + (f" ({points} points)" if points else ""))
    claim = state.settle_claim()
    held = "dug by the attackers" if state.bottom_dug else "held by the banker team"
    out.append(f"Bottom: {_cards(claim['bottom'])} ({claim['bottom_points']} points), {held}")
    out.append(f"Attackers' points: {claim['attacker_points']} "
               f"(tricks {claim['captured_points']}, bottom {claim['attacker_points'] - claim['captured_points']})")
    stars = claim["stars"]
    star_text = f", stars banker team {stars['banker_team']} / attackers {stars['attackers']}" if any(stars.values()) else ""
    out.append(f"Settlement: row {claim['row']}{star_text}; next banker "
               + ("none" if claim["next_banker"] is None else f"seat {claim['next_banker']}")
               + (f"; stakes banker team {claim['stakes']['banker_team']:+}, attackers {claim['stakes']['attackers']:+}"
                  if any(claim["stakes"].values()) else ""))
    out.append(f"Levels: {_levels(state.team_levels_after())}")
    return out


def _variant_id(name: str) -> str:
    return name if "/" in name else f"huolong/{name}"


@click.command()
@click.argument("variant")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the shuffles and of the bots.")
@click.option("--hands", type=click.IntRange(min=1), default=None,
              help="Play this many hands (default: the whole match, until a team wins).")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the match record (JSON) to this file.")
@click.option("--bots", "bot_kind", type=click.Choice(sorted(BOTS)), default="random", show_default=True,
              help="Which bots play the four seats.")
@click.option("--max-hands", type=click.IntRange(min=1), default=500, show_default=True,
              help="Safety cap on the number of hands of a match.")
def play(variant: str, seed: int, hands: int | None, record_path: Path | None, bot_kind: str, max_hands: int) -> None:
    """Bots play a Huolong match of VARIANT (e.g. huolong/li-zhijiang) and print a transcript."""
    variant_id = _variant_id(variant)
    try:
        rules = rules_for(variant_id)
        name = load_variant(variant_id).data.get("name", {}).get("en", variant_id)
    except FileNotFoundError:
        _error(f"unknown variant {variant_id!r}", 2)
    except (RulesError, ValueError) as err:
        _error(str(err), 2)
    match = Match(rules, seed, max_hands=max_hands)
    click.echo(f"{name} ({variant_id}) · seed {seed} · bots: {bot_kind}")

    def show(state: HandState) -> None:
        click.echo("")
        for line in transcript(state, _deal_number(match, state)):
            click.echo(line)

    capped = None
    try:
        match.play(make_bots(bot_kind, random.Random(seed)), hands=hands, on_hand=show)
    except MatchError as err:
        capped = str(err)
    click.echo("")
    settled = sum(1 for h in match.hands if h.phase == "settled")
    if match.winner is not None:
        click.echo(f"Match won by {_team_name(match.winner)} after {settled} hand(s) · {_levels(match.team_levels)}")
    else:
        click.echo(f"No winner yet after {settled} hand(s) · {_levels(match.team_levels)}")
    if record_path is not None:
        try:
            records.dump(records.match_record(match), record_path)
        except OSError as err:
            _error(f"cannot write {record_path}: {err}", 2)
        click.echo(f"Record written to {record_path}")
    if capped:
        _error(capped, 1)


def _deal_number(match: Match, state: HandState) -> int:
    """The deal number of ``state`` (the last hand taken into ``match``)."""
    n = 1
    for earlier in reversed(match.hands[:-1]):
        if earlier.phase != "redeal" or earlier.hand_number != state.hand_number:
            break
        n += 1
    return n


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
def verify(files: tuple[Path, ...]) -> None:
    """Check game records (hand or match): every action legal, every declaration and settlement right."""
    worst = 0
    for path in files:
        try:
            record = records.load(path)
            result = records.verify(record)
        except records.RecordError as err:
            click.echo(f"error: {path}: {err}", err=True)
            worst = 2
            continue
        if result.accepted:
            what = f"match, {len(record['hands'])} deal(s)" if record["record"] == "match" else "hand"
            click.echo(f"{path}: OK ({what})")
            continue
        where = f"hands[{result.hand}] " if result.hand is not None else ""
        if result.index is None:
            click.echo(f"{path}: {where.strip() or 'record'}: {result.reason}" + (f" ({result.detail})" if result.detail else ""))
        else:
            seat = "-" if result.seat is None else result.seat
            click.echo(f"{path}: {where}action {result.index} (seat {seat}): {result.reason}"
                       + (f" ({result.detail})" if result.detail else ""))
        worst = max(worst, 1)
    raise SystemExit(worst)
