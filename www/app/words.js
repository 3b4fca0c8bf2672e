// The game in words, in the page's language: what the panel shows and what the live region says
// (the status, an action and its effect, a step in a record, the count's warnings, the whole
// position, the rules, the result, an error). Functions of the session (session.js) and the
// engine's answers only: no DOM.
import { pointName } from '../lib/render.js';
import * as describe from '../lib/describe.js';
import { toolText, EDIT_REFUSALS as TOOL_REFUSALS } from '../lib/edit.js';
import { t, tn, formatNumber, current } from './language.js';

// A warning names at most this many stones of its chain, then says how many more.
const WARNING_POINTS = 6;

export const playerName = (p) => describe.playerName(current(), p);

/** "Alice (3d)", "Alice", "3d" or null. */
export function playerText(name, rank) {
  return name && rank ? t('record.player', { name, rank }) : name || rank || null;
}

/** The result in words: "Black wins by 3.5", "White wins by resignation", "Draw (jigo)", ... */
export function resultText(s) {
  return describe.resultText(current(), s);
}

/** An estimate's count in words: "Estimate: Black leads by 3.5 (B+3.5)". */
export function estimateText(s) {
  if (!s.winner) return t('estimate.even', { result: s.result });
  if (s.margin === 0) return t('estimate.tieWhite', { result: s.result });
  return t('estimate.lead', { player: playerName(s.winner), margin: formatNumber(s.margin), result: s.result });
}

/** "Black to play", "Play has stopped", "Black's handicap stone 2 of 4", ... */
export function statusText(session) {
  const g = session.game;
  if (g.phase === 'stopped') return t('status.stopped');
  if (g.phase === 'finished') return t('status.finished');
  const left = g.handicapLeft;
  if (left > 0) return t('status.handicap', { k: session.options.handicap - left + 1, n: session.options.handicap });
  return t('status.toPlay', { player: playerName(g.toMove) });
}

/**
 * The player whose pass was the last move, while it is the last thing that happened in play: until
 * the next move, and not once the game is over or play resumed after it. Else null.
 */
export function passedBy(session) {
  const g = session.game;
  const m = g.lastMove;
  if (!m || m.point || g.phase === 'finished') return null;
  const last = (session.record ? session.extra : session.actions).at(-1);
  return last?.[0] === 'resume' ? null : m.player;
}

/** "White passed", for the board while a pass is the last move; null otherwise. */
export function passText(session) {
  const p = passedBy(session);
  return p ? t('pass.badge', { player: playerName(p) }) : null;
}

/** The status line: the status, after the pass that was the last move ("White passed. Black to play"). */
export function statusLine(session) {
  const p = passedBy(session);
  const status = statusText(session);
  return p ? t('status.passed', { player: playerName(p), status }) : status;
}

/** The rules of the game in words: preset, komi, handicap (always in view). */
export function rulesText(session) {
  const g = session.game;
  const o = session.options;
  const s = g.score();
  let rules = null;
  if (o) rules = typeof o.rules === 'string' ? o.rules : o.rules?.preset;
  const parts = [];
  if (rules) parts.push(t(`preset.${rules}`));
  else if (session.record && g.info.rules) parts.push(g.info.rules);
  parts.push(t('rules.komi', { komi: formatNumber(s.komi) }));
  const handicap = o ? o.handicap || 0 : Number(g.info.handicap) || 0;
  if (handicap >= 2) parts.push(t('rules.handicap', { n: formatNumber(handicap) }));
  return parts.join(' · ');
}

/** The title of a record: the players first ("Golaxy vs FineArt"), then the game's name, then the file's. */
export function recordTitle(session) {
  const info = session.gameInfo();
  const players = info.black && info.white ? t('record.players', { black: info.black, white: info.white }) : null;
  return players || info.gameName || session.record.name || t('record.untitled');
}

/** A game of a file's list ({ black, white, gameName }): its players, else its name. */
export function listedGameName(g) {
  return g.black && g.white ? t('record.players', { black: g.black, white: g.white }) : g.gameName;
}

/** An action and its effect in words (a change of session.perform), for the live region. */
export function actionText(session, { action: a, result: r, before }) {
  const g = session.game;
  const h = g.height;
  switch (a[0]) {
    case 'place': {
      const point = pointName(a[1], a[2], h);
      if (before.handicapLeft > 0) return t('say.handicap', { point });
      const player = playerName(before.toMove);
      return r > 0 ? tn('say.captures', r, { player, point }) : t('say.move', { player, point });
    }
    case 'pass': {
      let s = t('say.pass', { player: playerName(before.toMove) });
      if (g.phase === 'stopped') {
        const p = session.proposed;
        s += ' ' + (!p ? t('say.stopped') : p.stones ? tn('say.proposed', p.stones) : t('say.proposedNone'));
      }
      if (g.phase === 'finished') s += ' ' + t('say.finish', { result: resultText(g.score()) });
      return s;
    }
    case 'dead':
      return describe.markText(current(), g, a[1], a[2]);
    case 'resume':
      return t('say.resume', { requester: playerName(a[1]), player: playerName(g.toMove) });
    case 'resign':
      return t('say.resign', { player: playerName(a[1]), result: resultText(g.score()) });
    case 'finish':
      return t('say.finish', { result: resultText(g.score()) });
    case 'noResult':
      return t('say.noResult');
    default:
      return '';
  }
}

/** The current move of a record in words, for the live region. */
export function whereText(session) {
  const g = session.game;
  const status = statusText(session);
  const m = g.lastMove;
  if (!g.path.length || !m) return t('say.at.start', { status });
  const player = playerName(m.player);
  if (!m.point) return t('say.at.pass', { n: g.moveNumber, player, status });
  return t('say.at', { n: g.moveNumber, player, point: pointName(m.point[0], m.point[1], g.height), status });
}

/** A warning in words: "White's stone at J6 can be captured: mark it dead?" */
export function warningText(game, w) {
  const [x, y] = w.points[0];
  const names = w.points.map(([px, py]) => pointName(px, py, game.height));
  const points = names.length > WARNING_POINTS
    ? t('warning.more', { list: names.slice(0, WARNING_POINTS).join(', '), n: formatNumber(names.length - WARNING_POINTS) })
    : names.join(', ');
  return tn(`warning.${w.code}`, w.points.length, { player: playerName(game.board()[y * game.width + x]), points });
}

/**
 * The position in words, for screen readers: each colour's stones, the last move, who is to
 * play and the node's marks (lib/describe.js), the captures, and the count while the dead stones are marked or
 * after a counted end.
 */
export function positionText(session) {
  const g = session.game;
  const parts = [describe.positionText(current(), g), t('read.captures', { black: formatNumber(g.captures.black), white: formatNumber(g.captures.white) })];
  if (session.counting()) {
    const s = g.score();
    parts.push(`${t(g.phase === 'finished' ? 'score.final' : 'score.provisional', { result: resultText(s) })} (${s.result}).`);
  }
  return parts.filter(Boolean).join(' ');
}

/** The last move in words ("Last move: Black D6."), or that there is none. */
export function lastMoveText(game) {
  const m = game.lastMove;
  if (!m?.point) return t('read.lastNone');
  return t('read.last', { player: playerName(m.player), point: pointName(m.point[0], m.point[1], game.height) });
}

/** The words of an engine error, without its code. */
export const errorDetail = describe.errorDetail;

/**
 * A refusal in words: the page's own ('computerTurn', 'endOfLine'), an edit's refusal by its
 * reason where the page has words for it, else the engine's (lib/describe.js).
 */
export function errorText(e) {
  const code = e && e.code;
  if (code === 'endOfLine') return t('error.endOfLine');
  if (code === 'computerTurn') return t('computer.wait');
  if (code === 'notAllowed' && e.reason && EDIT_REFUSALS.includes(e.reason)) return t(`error.${e.reason}`);
  return describe.errorText(current(), e);
}

/**
 * The `reason`s of edit mode's refusals with words of their own: the editor's (lib/edit.js) and
 * the app's own (session.js: a game that is no record, a variation with none to move past).
 */
const EDIT_REFUSALS = [...TOOL_REFUSALS, 'notEditable', 'noSibling'];

/**
 * What a tool did (applyTool's result, lib/edit.js), in words for the live region: the editor's
 * words (toolText), and a move said as any move is. `tool` names a line or arrow begun.
 */
export function toolSaid(game, r, tool) {
  const at = (p) => pointName(p[0], p[1], game.height);
  if (r.kind === 'move') {
    return r.captures > 0 ? tn('say.captures', r.captures, { player: playerName(r.player), point: at(r.point) })
      : t('say.move', { player: playerName(r.player), point: at(r.point) });
  }
  return toolText(t, r, at, tool) ?? '';
}

/** An edit (session.edit's change: what, result) and what it did, in words for the live region. */
export function editText(session, { what, result: r }) {
  const g = session.game;
  switch (what) {
    case 'tool':
      return toolSaid(g, r);
    case 'comment':
      return t(g.comment ? 'say.edit.comment' : 'say.edit.commentRemoved');
    case 'answer':
      return t('say.edit.answer', { comment: g.comment ?? '' });
    case 'delete':
      return t('say.edit.deleted', { where: whereText(session) });
    default:
      return t(`say.edit.${what}`);
  }
}
