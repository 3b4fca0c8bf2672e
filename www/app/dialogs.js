// The dialogs: a new game (size, rules, komi, handicap, the opponent; in edit mode an empty board
// of a size), the game information, the
// choice of a player (who resigns, who asks to resume) and the question before a Finish with no
// stone marked dead. They read and check the forms; what the answers do is the controller's (h).
import { t, tn } from './language.js';
import { LEVEL_NAMES, DEFAULT_LEVEL } from './computer.js';
import { INFO_KEYS } from './game-info.js';
import { DEFAULT_OPTIONS } from './session.js';
import { rulesText } from './words.js';

const $ = (id) => document.getElementById(id);

/**
 * Calls `fn` once when dialog `d` closes. A close event is delivered as a task after the dialog
 * has closed; one from an earlier opening that arrives after the dialog was opened again (quick
 * keys: Escape, then Enter) finds the dialog open, and is not this opening's.
 */
export function onClosed(d, fn) {
  const listener = () => {
    if (d.open) return;
    d.removeEventListener('close', listener);
    fn();
  };
  d.addEventListener('close', listener);
}

export class Dialogs {
  /**
   * h: { startGame(options, opponent) (throws when the engine refuses the options),
   *      setInfo(values) (SGF id -> text), editing() (whether edit mode is on),
   *      newProblem(width, height) (edit mode's new game: an empty board; throws when refused) }
   */
  constructor(session, h) {
    this.session = session;
    this.h = h;
    // The presets and their default komi come from the engine (Game.presets()), read once.
    this.presets = session.Game.presets();
  }

  presetKomi(name) {
    return this.presets.find((p) => p.name === name)?.komi ?? 0;
  }

  /** The dialog that asks for a player; `players` the ones offered. Resolves with one, or null. */
  choose(key, players = ['black', 'white']) {
    const d = $('choice-dialog');
    $('choice-title').textContent = t(key);
    for (const b of d.querySelectorAll('button[value="black"], button[value="white"]')) b.hidden = !players.includes(b.value);
    d.returnValue = '';
    return new Promise((resolve) => {
      onClosed(d, () => resolve(d.returnValue || null));
      d.showModal();
    });
  }

  /** The dialog that asks before a Finish with nothing marked (n stones look dead): true to finish anyway. */
  confirmFinish(n) {
    const d = $('finish-dialog');
    $('finish-text').textContent = tn('dialog.finish.text', n);
    d.returnValue = '';
    return new Promise((resolve) => {
      onClosed(d, () => resolve(d.returnValue === 'finish'));
      d.showModal();
    });
  }

  /** The controls of the forms: the menus filled, the fields that depend on others, submit and cancel. */
  wire() {
    const f = $('new-game-form');
    const rules = $('rules-select');
    for (const p of this.presets) rules.add(new Option(t(`preset.${p.name}`), p.name));
    const hc = $('handicap-select');
    hc.add(new Option(t('dialog.handicap.none'), '0'));
    for (let n = 2; n <= 9; n++) hc.add(new Option(String(n), String(n)));
    for (const el of document.querySelectorAll('[data-size-label]')) {
      el.textContent = t('dialog.size.n', { n: el.dataset.sizeLabel });
    }
    // A handicap game gives White half a point of komi (the stones are the compensation; J89
    // commentary, and the usual practice); an even game the preset's komi.
    const defaultKomi = () => (Number(hc.value) >= 2 ? 0.5 : this.presetKomi(rules.value));
    rules.addEventListener('change', () => { f.elements.komi.value = defaultKomi(); });
    hc.addEventListener('change', () => { f.elements.komi.value = defaultKomi(); });
    const level = $('level-select');
    for (const n of LEVEL_NAMES) level.add(new Option(t(`level.${n}`), n));
    f.addEventListener('change', (e) => {
      if (e.target.name === 'size') $('custom-size').hidden = f.elements.size.value !== 'custom';
      if (e.target.name === 'opponent') $('computer-options').hidden = f.elements.opponent.value !== 'computer';
    });
    f.addEventListener('submit', (e) => {
      e.preventDefault();
      if (this.submitNewGame()) $('new-game-dialog').close();
    });
    $('new-game-cancel').addEventListener('click', () => $('new-game-dialog').close());
    $('new-game').addEventListener('click', () => this.openNewGame());
    $('edit-info').addEventListener('click', () => this.openInfo());
    $('info-form').addEventListener('submit', (e) => {
      e.preventDefault();
      $('info-dialog').close();
      this.submitInfo();
    });
    $('info-cancel').addEventListener('click', () => $('info-dialog').close());
  }

  /**
   * The new-game dialog, filled with the current game's settings. `problem`: the edit mode's new
   * game, an empty board to set up, whose size alone is asked.
   */
  openNewGame(problem = !!this.h.editing?.()) {
    this.problem = problem;
    for (const el of document.querySelectorAll('#new-game-form .game-only')) el.hidden = problem;
    $('new-problem-note').hidden = !problem;
    const s = this.session;
    const f = $('new-game-form');
    const o = s.options || DEFAULT_OPTIONS;
    const w = typeof o.size === 'number' ? o.size : o.size?.width ?? 19;
    const h = typeof o.size === 'number' ? o.size : o.size?.height ?? 19;
    const preset = w === h && [9, 13, 19].includes(w) ? String(w) : 'custom';
    f.elements.size.value = preset;
    f.elements.width.value = w;
    f.elements.height.value = h;
    f.elements.rules.value = this.presets.some((p) => p.name === o.rules) ? o.rules : DEFAULT_OPTIONS.rules;
    f.elements.komi.value = o.komi ?? this.presetKomi(f.elements.rules.value);
    f.elements.handicap.value = String(o.handicap || 0);
    f.elements.placement.value = o.handicapPlacement === 'free' ? 'free' : 'fixed';
    const vs = !s.record && s.opponent;
    f.elements.opponent.value = vs ? 'computer' : 'person';
    f.elements.color.value = vs && vs.computer === 'black' ? 'white' : 'black';
    f.elements.level.value = vs ? vs.level : DEFAULT_LEVEL;
    $('computer-options').hidden = !vs;
    $('custom-size').hidden = preset !== 'custom';
    $('new-game-error').textContent = '';
    $('new-game-dialog').showModal();
  }

  /** Reads and checks the new-game form and starts the game; false (with the reason shown) if it cannot. */
  submitNewGame() {
    const f = $('new-game-form');
    const err = $('new-game-error');
    let size;
    if (f.elements.size.value === 'custom') {
      const w = Number(f.elements.width.value);
      const h = Number(f.elements.height.value);
      const ok = (n) => Number.isInteger(n) && n >= 2 && n <= 52;
      if (!ok(w) || !ok(h)) {
        err.textContent = t('dialog.sizeInvalid');
        return false;
      }
      size = w === h ? w : { width: w, height: h };
    } else {
      size = Number(f.elements.size.value);
    }
    if (this.problem) {
      try {
        this.h.newProblem(typeof size === 'number' ? size : size.width, typeof size === 'number' ? size : size.height);
      } catch {
        err.textContent = t('dialog.optionsInvalid', { detail: t('error.invalidOptions') });
        return false;
      }
      return true;
    }
    const komi = Number(f.elements.komi.value);
    if (f.elements.komi.value.trim() === '' || !Number.isFinite(komi) || !Number.isInteger(komi * 2) || Math.abs(komi) > 1000) {
      err.textContent = t('dialog.komiInvalid');
      return false;
    }
    const options = {
      size,
      rules: f.elements.rules.value,
      komi,
      handicap: Number(f.elements.handicap.value),
      handicapPlacement: f.elements.placement.value === 'free' ? 'free' : 'fixed',
    };
    const opponent = f.elements.opponent.value !== 'computer' ? null : {
      computer: f.elements.color.value === 'white' ? 'black' : 'white',
      level: LEVEL_NAMES.includes(f.elements.level.value) ? f.elements.level.value : DEFAULT_LEVEL,
      // The computer's seed: each game its own, kept in the save, so a reload thinks the same.
      seed: Math.floor(Math.random() * 2 ** 31),
    };
    try {
      this.h.startGame(options, opponent);
    } catch {
      const detail = options.handicap > 0 ? t('dialog.handicapInvalid') : t('error.invalidOptions');
      err.textContent = t('dialog.optionsInvalid', { detail });
      return false;
    }
    return true;
  }

  /** The game information dialog: players, ranks, date and event, with the fixed rules beside. */
  openInfo() {
    const f = $('info-form');
    const info = this.session.gameInfo();
    for (const [id, key] of Object.entries(INFO_KEYS)) f.elements[id].value = info[key] ?? '';
    $('info-rules').textContent = t('dialog.info.rules', { rules: rulesText(this.session) });
    $('info-dialog').showModal();
  }

  /** Keeps what the dialog says: each field that differs from what was shown. */
  submitInfo() {
    const f = $('info-form');
    const values = {};
    for (const id of Object.keys(INFO_KEYS)) values[id] = f.elements[id].value;
    this.h.setInfo(values);
  }
}
