#!/usr/bin/env node
// A small Huolong engine in Node.js, speaking the datong-rules conformance protocol (JSON lines on
// stdin/stdout, protocol 1). It answers four operations for one variant, huolong/li-zhijiang, the
// way an app maker would: the rules are written here by hand from the rulebook, not read from the
// kit's YAML. Standard library only.  Run:  datong-rules conform --impl-cmd "node impl.js"

'use strict';
const readline = require('readline');

const VARIANT = 'huolong/li-zhijiang';
const OPERATIONS = {card_order: cardOrder, classify, trick_winner: trickWinner, bottom_points: bottomPoints};

// ---- the rules of huolong/li-zhijiang ---------------------------------------------------------
const SUITS = ['S', 'H', 'C', 'D'];                                   // notation order
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const LEVELS = RANKS.slice(1);                                        // levels run 3 … A
const CARD_POINTS = {'5': 5, '10': 10, 'K': 10};                      // 300 points in three decks
const BOTTOM_MULTIPLIER = 1;                                          // a dug bottom counts once
const COMBINATIONS = {1: 'single', 2: 'pair', 3: 'meteor'};           // of identical cards only

class BadQuery extends Error {}                                       // → an "errored" reply

function parseCard(token) {
  if (token === 'BJ' || token === 'LJ') return {token, suit: null, rank: token};     // big, small joker
  if (typeof token === 'string' && SUITS.includes(token[0]) && RANKS.includes(token.slice(1))) {
    return {token, suit: token[0], rank: token.slice(1)};
  }
  throw new BadQuery(`bad card ${JSON.stringify(token)}: expected a token such as H10, SA, BJ or LJ`);
}

function parseCards(list, what) {
  if (!Array.isArray(list)) throw new BadQuery(`'${what}' must be a list of cards`);
  return list.map(parseCard);
}

// The hand's context: level rank and trump suit (null: none fixed yet). Read from `given`, checked.
function context(given) {
  if (!LEVELS.includes(given.level)) throw new BadQuery(`'level' must be one of ${LEVELS.join(' ')}`);
  if (given.trump_suit !== null && !SUITS.includes(given.trump_suit)) {
    throw new BadQuery(`'trump_suit' must be one of ${SUITS.join(' ')} or null`);
  }
  return {level: given.level, trump: given.trump_suit};
}

function isTrump(card, ctx) {
  return card.suit === null || card.rank === '2' || card.rank === ctx.level || card.suit === ctx.trump;
}

// Strength of one card as a number: bigger beats smaller, equal numbers are equally strong.
// Trumps: big joker > small joker > trump-suit level card > off-suit level cards (equal) >
// trump-suit 2 > off-suit 2s (equal) > trump-suit A K Q J 10 … 3. Side cards: A K Q … 3 of
// their suit (cards of two different side suits never meet in a contest; same rank, same number).
// The level rank is taken out of the plain order, which does not change how the rest compare.
function strength(card, ctx) {
  const plain = RANKS.indexOf(card.rank);                             // 3 → 1 … A → 12
  if (card.rank === 'BJ') return 300;
  if (card.rank === 'LJ') return 299;
  if (card.rank === ctx.level) return card.suit === ctx.trump ? 298 : 297;
  if (card.rank === '2') return card.suit === ctx.trump ? 296 : 295;
  if (card.suit === ctx.trump) return 100 + plain;
  return plain;
}

// Effective suit of some cards: "trump", one suit letter, or "mixed".
function effectiveSuit(cards, ctx) {
  const suits = new Set(cards.map((c) => (isTrump(c, ctx) ? 'trump' : c.suit)));
  return suits.size === 1 ? [...suits][0] : 'mixed';
}

// single / pair / meteor when all cards are identical (three BJ are a meteor too), else null.
function combination(cards) {
  const identical = cards.every((c) => c.token === cards[0].token);
  return (identical && COMBINATIONS[cards.length]) || null;
}

function notationIndex(card) {
  return card.suit === null ? 100 + ['BJ', 'LJ'].indexOf(card.rank)
    : SUITS.indexOf(card.suit) * 13 + RANKS.indexOf(card.rank);
}

function pointsOf(cards) {
  return cards.reduce((sum, c) => sum + (CARD_POINTS[c.rank] || 0), 0);
}

// ---- the operations (shapes: docs/implementers/operations.md) ---------------------------------
function cardOrder(given) {
  const ctx = context(given);
  const distinct = [...new Map(parseCards(given.cards, 'cards').map((c) => [c.token, c])).values()];
  distinct.sort((a, b) => strength(b, ctx) - strength(a, ctx) || notationIndex(a) - notationIndex(b));
  const order = [];
  let last = null;
  for (const card of distinct) {
    const s = strength(card, ctx);
    if (s !== last) order.push([]);
    order[order.length - 1].push(card.token);
    last = s;
  }
  return {order};
}

function classify(given) {
  const ctx = context(given);
  const cards = parseCards(given.cards, 'cards');
  if (cards.length === 0) throw new BadQuery("'cards' is empty");
  return {combination: combination(cards), suit: effectiveSuit(cards, ctx)};
}

// Only plays of the led shape that are all of the led suit or all trumps compete; the highest
// wins, and between equal plays the one played first (strictly greater is needed to take over).
function trickWinner(given) {
  const ctx = context(given);
  if (![0, 1, 2, 3].includes(given.leader)) throw new BadQuery("'leader' must be a seat 0-3");
  if (!Array.isArray(given.plays) || given.plays.length !== 4) throw new BadQuery("'plays' must hold 4 plays");
  const plays = given.plays.map((p, i) => parseCards(p, `plays[${i}]`));
  const shape = combination(plays[0]);
  if (shape === null) throw new BadQuery('the lead is not a single, a pair or a meteor');
  const ledSuit = effectiveSuit(plays[0], ctx);
  let best = 0;
  plays.forEach((play, i) => {
    const suit = effectiveSuit(play, ctx);
    const competes = combination(play) === shape && (suit === ledSuit || suit === 'trump');
    if (competes && strength(play[0], ctx) > strength(plays[best][0], ctx)) best = i;
  });
  return {winner: (given.leader + best) % 4, points: plays.reduce((sum, p) => sum + pointsOf(p), 0)};
}

function bottomPoints(given) {
  const bottom = parseCards(given.bottom, 'bottom');
  if (typeof given.dug !== 'boolean') throw new BadQuery("'dug' must be true or false");
  const points = pointsOf(bottom);
  return {points, awarded: given.dug ? points * BOTTOM_MULTIPLIER : 0};
}

// ---- the protocol -----------------------------------------------------------------------------
function reply(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

function handleQuery(msg) {
  const id = msg.id;
  if (msg.variant !== VARIANT) return {type: 'skipped', id, reason: `variant ${msg.variant} not implemented`};
  const operation = OPERATIONS[msg.op];
  if (!operation) return {type: 'skipped', id, reason: `operation ${msg.op} not implemented`};
  if (msg.given === null || typeof msg.given !== 'object' || Array.isArray(msg.given)) {
    return {type: 'errored', id, message: "'given' must be an object"};
  }
  try {
    return {type: 'result', id, answer: operation(msg.given)};
  } catch (err) {                                   // a bad query, or a bug here: never a crash
    return {type: 'errored', id, message: err instanceof BadQuery ? err.message : `internal error: ${err}`};
  }
}

const input = readline.createInterface({input: process.stdin, crlfDelay: Infinity});
let stopped = false;                                // lines already read may follow "stop": ignore them
input.on('line', (line) => {
  if (stopped || line.trim() === '') return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch (err) {
    return reply({type: 'errored', id: null, message: `not a JSON line: ${line.slice(0, 80)}`});
  }
  if (msg === null || typeof msg !== 'object') return reply({type: 'errored', id: null, message: 'not a JSON object'});
  if (msg.type === 'start') {
    reply({type: 'ready', protocol: 1, name: 'node-example', version: '0.1.0',
      variants: [VARIANT], operations: Object.keys(OPERATIONS)});
  } else if (msg.type === 'query') {
    reply(handleQuery(msg));
  } else if (msg.type === 'stop') {
    stopped = true;
    input.close();
  } else {
    reply({type: 'errored', id: msg.id === undefined ? null : msg.id, message: `unknown message type ${msg.type}`});
  }
});
input.on('close', () => {                           // "stop" or end of input: leave cleanly
  process.exitCode = 0;
  process.stdin.destroy();
});
