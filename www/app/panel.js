// The panel beside the board: whose turn, the move number, the rules and players, the captures,
// the buttons that apply now, the computer's thinking indicator, the estimate, the count with its
// warnings, a record's panel (its games, name, information, the buttons to move, variations, the
// comment) and the hint. It shows the session; its buttons' actions are the controller's (h).
import { pointName } from '../lib/render.js';
import { variationLetter } from '../lib/view.js';
import { t, formatNumber } from './language.js';
import {
  playerName, playerText, resultText, estimateText, statusText, statusLine, rulesText, recordTitle, listedGameName, warningText,
} from './words.js';

const $ = (id) => document.getElementById(id);
// The rules, komi and handicap are on the rules line above, for a record as for a game played here.
const INFO_ROWS = ['gameName', 'event', 'date', 'result'];

export class Panel {
  /**
   * h: { toggleMark(x, y) (a warning's button), variation(i) (a variation's button),
   *      say(text) (the touch preview in words), editing() (whether edit mode is on) }
   */
  constructor(session, board, h) {
    this.session = session;
    this.board = board;
    this.h = h;
    this.recordKey = ''; // what the record panel shows, to rebuild it only when it changes
    this.warningsKey = ''; // the warnings the count panel shows, to rebuild them only when they change
    this.gamesShown = null;
    this.pendingSaid = '';
  }

  /** Another game, or its information changed: the record panel is built again. */
  reset() {
    this.recordKey = '';
  }

  /**
   * The thinking indicator, at once (not in the next frame: a quick search is seen too, and the
   * indicator never shows for a game it no longer belongs to). Shown in games against the
   * computer, a live region, so that its words are read when they change; its words and spinner
   * while the computer searches. Pass is disabled on the computer's turn.
   */
  showThinking(thinking) {
    const s = this.session;
    const el = $('thinking');
    el.hidden = !s.opponent || s.game?.phase !== 'playing';
    el.classList.toggle('active', thinking);
    const words = thinking ? t('computer.thinking') : '';
    if ($('thinking-text').textContent !== words) $('thinking-text').textContent = words;
    if (s.game) $('pass').disabled = s.game.handicapLeft > 0 || s.computerToMove();
  }

  /** Everything; `score`: the game's count once play has stopped, else null. */
  update(score, thinking) {
    const s = this.session;
    const g = s.game;
    const phase = g.phase;
    $('turn').textContent = statusLine(s);
    const stone = $('turn-stone');
    stone.className = `stone-icon ${g.toMove}`;
    stone.hidden = phase !== 'playing';
    $('move-number').textContent = t('status.move', { n: g.moveNumber });
    $('game-rules').textContent = rulesText(s);
    this.updatePlayers();
    const caps = g.captures;
    $('captures-black').textContent = formatNumber(caps.black);
    $('captures-white').textContent = formatNumber(caps.white);

    $('pass').hidden = phase !== 'playing';
    this.showThinking(thinking);
    $('estimate').hidden = phase !== 'playing';
    $('estimate').setAttribute('aria-pressed', String(!!s.estimate));
    $('estimate-result').hidden = !s.estimate;
    const words = s.estimate ? estimateText(s.estimate.score) : '';
    if ($('estimate-text').textContent !== words) $('estimate-text').textContent = words;
    $('undo').disabled = !s.canUndo();
    $('resign').hidden = phase === 'finished';
    $('resume').hidden = phase !== 'stopped';
    $('finish').hidden = phase !== 'stopped';
    $('no-result').hidden = !(g.repetition && phase !== 'finished');

    this.updateScore(score);
    this.updateRecord();
    this.updateHint();
  }

  /** The hint under the board: the proposal, marking, the end, or the touch preview to confirm. */
  updateHint() {
    const g = this.session.game;
    const phase = g.phase;
    const input = this.board.input;
    let hint = '';
    const proposed = phase === 'stopped' && this.session.proposed;
    if (proposed) hint = t(proposed.stones ? 'hint.proposed' : 'hint.proposedNone');
    else if (phase === 'stopped') hint = t('hint.marking');
    else if (phase === 'finished') hint = t('hint.finished');
    else if (input.pending) {
      const key = this.board.renderer.loupe ? 'hint.confirmLoupe' : 'hint.confirm';
      hint = t(key, { point: pointName(input.pending.x, input.pending.y, g.height) });
    } else if (input.coarse && !this.h.editing?.()) hint = t('hint.touch'); // edit mode's taps act at once
    $('hint').textContent = hint;
    // The touch preview in words too: a screen reader hears where the stone would go.
    const pending = input.pending ? `${input.pending.x},${input.pending.y}` : '';
    if (pending && pending !== this.pendingSaid) this.h.say(hint);
    this.pendingSaid = pending;
    $('hint').classList.toggle('attention', !!input.pending || !!proposed);
  }

  /**
   * A game played here: its players, date and event under the rules ("Alice (3d) vs Bob (2k) ·
   * 2026-11-26 · Club night"). A record shows its information in the record panel.
   */
  updatePlayers() {
    const s = this.session;
    const p = $('game-players');
    const parts = [];
    if (!s.record) {
      const o = s.opponent;
      if (o) parts.push(t('computer.line', { level: t(`level.${o.level}`), player: playerName(o.computer === 'black' ? 'white' : 'black') }));
      const info = s.gameInfo();
      const black = playerText(info.black, info.blackRank);
      const white = playerText(info.white, info.whiteRank);
      if (black || white) parts.push(t('record.players', { black: black || t('player.black'), white: white || t('player.white') }));
      if (info.date) parts.push(info.date);
      if (info.event) parts.push(info.event);
    }
    p.textContent = parts.join(' · ');
    p.hidden = !parts.length;
  }

  updateScore(score) {
    const section = $('score');
    section.hidden = !score;
    if (!score) {
      this.updateWarnings(null);
      return;
    }
    const final = this.session.game.phase === 'finished';
    $('result').textContent = `${t(final ? 'score.final' : 'score.provisional', { result: resultText(score) })} (${score.result})`;
    this.updateWarnings(score);
    const table = section.querySelector('table');
    const counted = this.session.counting();
    table.hidden = !counted;
    $('score-method').hidden = !counted;
    // The legend explains the count's marks: none after a resignation or no result.
    $('score-legend').hidden = !counted;
    if (!counted) return;
    const area = score.scoring === 'area';
    const compensation = score.compensation;
    const rows = { stones: area, territory: true, prisoners: !area, komi: true, compensation: compensation !== 0, total: true };
    for (const [row, shown] of Object.entries(rows)) table.querySelector(`[data-row="${row}"]`).hidden = !shown;
    for (const side of ['black', 'white']) {
      for (const f of ['stones', 'territory', 'prisoners', 'total']) {
        section.querySelector(`[data-score="${side}-${f}"]`).textContent = formatNumber(score[side][f]);
      }
    }
    section.querySelector('[data-score="white-komi"]').textContent = formatNumber(score.komi);
    section.querySelector('[data-score="white-compensation"]').textContent = formatNumber(compensation);
    $('score-method').textContent = t(area ? 'score.method.area' : 'score.method.territory');
  }

  /**
   * The warnings of the count while the dead stones are marked: a chain left alive that can be
   * captured, or one marked dead that cannot, each in words with a button that toggles its mark.
   */
  updateWarnings(score) {
    const g = this.session.game;
    const list = $('warnings');
    const warnings = score && g.phase === 'stopped' ? score.warnings : [];
    const key = JSON.stringify(warnings);
    if (key === this.warningsKey) return;
    this.warningsKey = key;
    // A focused button about to be replaced hands the focus on: to the warning that takes its
    // place, else to Finish, the next step.
    const buttons = Array.from(list.querySelectorAll('button'));
    const focused = buttons.indexOf(document.activeElement);
    list.replaceChildren();
    list.hidden = !warnings.length;
    warnings.forEach((w, i) => {
      const li = document.createElement('li');
      const p = document.createElement('p');
      p.id = `warning-${i}`;
      p.textContent = warningText(g, w);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn small';
      b.textContent = t(w.code === 'capturable' ? 'button.markDead' : 'button.markAlive');
      b.setAttribute('aria-describedby', p.id);
      b.dataset.warning = w.code;
      const [x, y] = w.points[0];
      b.addEventListener('click', () => this.h.toggleMark(x, y));
      li.append(p, b);
      list.append(li);
    });
    if (focused >= 0) {
      const next = list.querySelectorAll('button')[Math.min(focused, warnings.length - 1)];
      (next || $('finish')).focus();
    }
  }

  /** The record panel: name, game information, the buttons to move, variations, the comment. */
  updateRecord() {
    const s = this.session;
    const section = $('record');
    section.hidden = !s.record;
    $('save-sgf').disabled = !s.game;
    if (!s.record) return;
    const g = s.game;
    const games = s.record.games;
    $('record-games-row').hidden = !games;
    if (games) {
      const select = $('record-games');
      const untitled = t('record.untitled');
      if (this.gamesShown?.games !== games || this.gamesShown.untitled !== untitled) {
        this.gamesShown = { games, untitled };
        select.replaceChildren(...games.map((x) => {
          const o = document.createElement('option');
          o.value = String(x.index);
          const size = { width: x.width ?? '?', height: x.height ?? '?' };
          o.textContent = t('record.game', { n: x.index + 1, name: listedGameName(x) || untitled, ...size });
          return o;
        }));
      }
      select.value = String(g.gameIndex);
    }
    const variations = g.variations();
    const atRoot = g.path.length === 0;
    $('nav-first').disabled = atRoot;
    $('nav-prev').disabled = atRoot;
    $('nav-next').disabled = variations.length === 0;
    $('nav-last').disabled = variations.length === 0;
    const info = s.gameInfo();
    const comment = g.comment;
    // Rebuild the rest only when it changed, so that a focused button is not replaced under the user.
    const key = JSON.stringify([s.record.name, info, variations, comment]);
    if (key === this.recordKey) return;
    this.recordKey = key;
    $('record-name').textContent = recordTitle(s);

    const dl = $('game-info');
    dl.replaceChildren();
    const row = (label, value) => {
      if (value == null || value === '') return;
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.textContent = value;
      dl.append(dt, dd);
    };
    row(t('info.black'), playerText(info.black, info.blackRank));
    row(t('info.white'), playerText(info.white, info.whiteRank));
    for (const k of INFO_ROWS) row(t(`info.${k}`), info[k]);
    dl.hidden = !dl.childElementCount;

    const box = $('variations');
    const list = $('variation-list');
    list.replaceChildren();
    box.hidden = variations.length < 2;
    if (variations.length >= 2) {
      variations.forEach((v, i) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'btn small';
        b.dataset.variation = String(i);
        const letter = variationLetter(i);
        if (!v.player) b.textContent = t('record.variation.none', { letter });
        else if (!v.point) b.textContent = t('record.variation.pass', { letter, player: playerName(v.player) });
        else b.textContent = t('record.variation', { letter, player: playerName(v.player), point: pointName(v.point[0], v.point[1], g.height) });
        b.addEventListener('click', () => this.h.variation(i));
        list.append(b);
      });
    }

    const c = $('comment');
    c.textContent = comment ?? '';
    c.hidden = comment == null || comment === '';
  }
}
