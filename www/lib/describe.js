// The game in words, for the live region and the screen reader: players, moves, results, and a
// reading of the whole position. Every function takes a translator (lib/i18n.js).
import { pointName } from './render.js';

/** 'black' | 'white' | 1 | -1 in words. */
export function playerName(tr, p) {
  return tr.t(p === 'black' || p === 1 ? 'player.black' : 'player.white');
}

/** The result in words: "Black wins by 3.5", "White wins by resignation", "Draw (jigo)", ... */
export function resultText(tr, s) {
  if (s.result === 'Void') return tr.t('result.void');
  if (s.result.endsWith('+R')) return tr.t('result.resign', { winner: playerName(tr, s.winner) });
  if (!s.winner) return tr.t('result.draw');
  if (s.margin === 0) return tr.t('result.tieWhite');
  return tr.t('result.win', { winner: playerName(tr, s.winner), margin: tr.number(s.margin) });
}

/** A move in words: "Black D4." or "White C3, captures 2 stones." or "Black passes." */
export function moveText(tr, player, point, captures, height) {
  const who = playerName(tr, player);
  if (!point) return tr.t('say.pass', { player: who });
  const at = pointName(point[0], point[1], height);
  return captures > 0 ? tr.tn('say.captures', captures, { player: who, point: at }) : tr.t('say.move', { player: who, point: at });
}

/**
 * The position read out: each colour's stones by coordinate (within `region` if given), the
 * marks (`markup`, default the current node's), the last move, and who is to play (or the phase).
 */
export function positionText(tr, game, region = null, markup = null) {
  const w = game.width;
  const h = game.height;
  const board = game.board();
  const lists = { 1: [], '-1': [] };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (region && (x < region.x0 || x > region.x1 || y < region.y0 || y > region.y1)) continue;
      const s = board[y * w + x];
      if (s) lists[s].push(pointName(x, y, h));
    }
  }
  const parts = [];
  if (!lists[1].length && !lists[-1].length) {
    parts.push(tr.t('read.empty'));
  } else {
    parts.push(tr.t('read.black', { list: lists[1].join(', ') || tr.t('read.none') }));
    parts.push(tr.t('read.white', { list: lists[-1].join(', ') || tr.t('read.none') }));
  }
  const marks = markupText(tr, markup ?? game.markup, h, region);
  if (marks) parts.push(marks);
  const m = game.lastMove;
  if (m) {
    parts.push(m.point
      ? tr.t('read.last', { player: playerName(tr, m.player), point: pointName(m.point[0], m.point[1], h) })
      : tr.t('read.lastPass', { player: playerName(tr, m.player) }));
  }
  parts.push(`${statusText(tr, game)}.`);
  return parts.join(' ');
}

/**
 * The marks of a node's `markup` in words (within `region` if given): "Marks: triangle at D4,
 * C3; A at E5; arrow from C3 to D4." ('' without marks).
 */
export function markupText(tr, markup, height, region = null) {
  if (!markup) return '';
  const inside = ([x, y]) => !region || (x >= region.x0 && x <= region.x1 && y >= region.y0 && y <= region.y1);
  const name = ([x, y]) => pointName(x, y, height);
  const parts = [];
  for (const kind of ['triangles', 'squares', 'circles', 'crosses', 'selected', 'dimmed']) {
    const list = (markup[kind] || []).filter(inside).map(name);
    if (list.length) parts.push(tr.t(`mark.${kind}`, { list: list.join(', ') }));
  }
  for (const l of (markup.labels || []).filter((x) => inside(x.point))) parts.push(tr.t('mark.label', { text: l.text, point: name(l.point) }));
  for (const kind of ['line', 'arrow']) {
    for (const l of markup[`${kind}s`] || []) {
      if (inside(l.from) || inside(l.to)) parts.push(tr.t(`mark.${kind}`, { from: name(l.from), to: name(l.to) }));
    }
  }
  return parts.length ? tr.t('read.marks', { list: parts.join('; ') }) : '';
}

/** Who is to play, or the phase. */
export function statusText(tr, game) {
  if (game.phase === 'stopped') return tr.t('status.stopped');
  if (game.phase === 'finished') return tr.t('status.finished');
  return tr.t('status.toPlay', { player: playerName(tr, game.toMove) });
}

/** A chain marked dead or alive in words, with the count it gives: after game.markDead(x, y). */
export function markText(tr, game, x, y) {
  const score = game.score();
  const dead = score.dead.some(([px, py]) => px === x && py === y);
  const color = game.board()[y * game.width + x];
  return tr.t(dead ? 'say.dead' : 'say.alive', {
    player: playerName(tr, color), point: pointName(x, y, game.height),
    result: tr.t('score.provisional', { result: resultText(tr, score) }),
  });
}

/** The `reason`s of `notAllowed` errors that have sentences of their own (else 'error.notAllowed'). */
const REFUSALS = ['handicapFirst', 'nothingToUndo', 'allAlive', 'noRepetition'];

/** What an error says after its code ("occupied: there is ..." -> "there is ..."). */
export function errorDetail(e) {
  const m = String(e?.message ?? e);
  return e?.code && m.startsWith(`${e.code}: `) ? m.slice(e.code.length + 2) : m;
}

/**
 * A refusal of the engine in words: by its code, and for `notAllowed` by its `reason`; a record's
 * unreadable or illegal move with the engine's own words; anything else as 'error.unknown'.
 */
export function errorText(tr, e) {
  const code = e?.code;
  if (code === 'illegalMove' || code === 'sgf') return tr.t('error.illegalMove', { detail: errorDetail(e) });
  const key = code === 'notAllowed' && REFUSALS.includes(e.reason) ? `error.${e.reason}` : `error.${code}`;
  return code && tr.has(key) ? tr.t(key) : tr.t('error.unknown', { detail: e?.message || code });
}
