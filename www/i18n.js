// The app's own strings, one table per language, on top of the board's words that the app
// shares with <tengen-board> (lib/strings.js, in English, Spanish, Hungarian and Japanese). Only
// English exists so far for the app's own; the page speaks the languages its own table has.
//
//   t('key', { name: value })      a string, with {name} placeholders filled in
//   tn('key', n, { ... })          a plural: uses 'key.one' / 'key.other' (Intl.PluralRules), {n} = n
//   applyI18n(root)                fills [data-i18n], [data-i18n-aria-label], [data-i18n-title]

import { addStrings, translator, pickLanguage, browserLanguages, keysOf, FALLBACK } from './lib/i18n.js';
import './lib/strings.js';

const STRINGS = {
  en: {
    'app.title': 'Tengen: play Go',
    'app.name': 'Tengen',
    'app.loading': 'Loading the game engine…',
    'app.engineFailed': 'The game engine could not be loaded. Reload the page to try again.',
    'app.updated': 'A new version has been installed. Reload the page to use it.',

    'button.newGame': 'New game',
    'button.resign': 'Resign',
    'button.noResult': 'No result',
    'button.start': 'Start',
    'button.cancel': 'Cancel',
    'button.dismiss': 'Dismiss',
    'button.open': 'Open SGF',
    'button.open.title': 'Open a game record (an SGF file); you can also drop one on the page',
    'button.save': 'Save SGF',
    'button.save.title': 'Download the current game as an SGF file',
    'button.markDead': 'Mark dead',
    'button.markAlive': 'Mark alive',
    'button.estimate': 'Estimate',
    'button.estimate.title': 'Estimate the score: shade the board by who is likely to own each point (press again to hide it)',
    'button.finishAnyway': 'Finish anyway',
    'button.backToMarking': 'Back to marking',

    'board.label': 'Go board, {width} by {height}. Arrow keys move the cursor, Enter plays or marks, P passes, U undoes.',
    'board.label.record': 'Go board, {width} by {height}. Arrow keys move the cursor, Enter plays or marks, P passes, U undoes; Page Up and Page Down step through the record, Home and End go to its start and end.',

    'nav.label': 'Move through the record',
    'nav.first.title': 'Start of the record (Home)',
    'nav.previous.title': 'Previous move (Page Up, or Left arrow when the board is not focused)',
    'nav.next.title': 'Next move (Page Down, or Right arrow when the board is not focused)',
    'nav.last.title': 'End of the line (End)',

    'record.untitled': 'Game record',
    'record.variations': 'Variations from here:',
    'record.variation': '{letter}: {player} {point}',
    'record.variation.pass': '{letter}: {player} passes',
    'record.variation.none': '{letter}: no move',
    'record.player': '{name} ({rank})',
    'info.black': 'Black',
    'info.white': 'White',
    'info.gameName': 'Game',
    'info.event': 'Event',
    'info.date': 'Date',
    'info.result': 'Result',
    'info.rules': 'Rules',
    'info.komi': 'Komi',
    'info.handicap': 'Handicap',

    'sgf.openFailed': 'This file could not be read as an SGF game record: {detail}',
    'sgf.readWithProblems': 'The record was read with problems, as far as it goes: {detail}',
    'sgf.tooLarge': 'This file is too large to be a game record.',
    'drop.hint': 'Drop an SGF file to open it',
    'status.handicap': 'Black places handicap stone {k} of {n}',
    'status.captures': 'Captured:',

    'hint.touch': 'Touch screens: tap a point once to preview the stone, then tap the same point again to place it.',
    'hint.confirm': 'Tap {point} again to place the stone, or tap another point.',
    'hint.proposed': 'Dead stones proposed: tap a chain to change. Finish accepts the count; Resume plays on.',
    'hint.proposedNone': 'No stone looks dead: tap a chain to mark it dead. Finish accepts the count; Resume plays on.',
    'hint.finished': 'The game is over. Start a new game, or undo the last action.',

    'score.heading': 'Score',
    'score.side': 'Side',
    'score.stones': 'Stones',
    'score.territory': 'Territory',
    'score.prisoners': 'Prisoners',
    'score.komi': 'Komi',
    'score.compensation': 'Handicap compensation',
    'score.total': 'Total',
    'score.method.area': 'Area counting: stones on the board plus territory.',
    'score.method.territory': 'Territory counting: territory plus prisoners.',
    'score.legend': 'On the board: squares are territory; × is dame (no one\u2019s point); a hollow square is an eye in seki, and a hollow square with × a liberty shared in seki, which no one can fill; a ring is a point that its owner must fill to keep a chain (a false eye) and that counts for no one; faded stones are dead; a dashed ring points out the stones a warning is about.',

    'estimate.lead': 'Estimate: {player} leads by {margin} ({result})',
    'estimate.even': 'Estimate: even ({result})',
    'estimate.tieWhite': 'Estimate: even, and a tie goes to White ({result})',
    'estimate.legend': 'Points shaded dark look like Black\u2019s, light ones like White\u2019s, the stronger the surer; faded stones look dead. The next move hides the estimate.',

    'warnings.label': 'Marks to check',
    'warning.capturable.one': '{player}\u2019s stone at {points} can be captured: mark it dead?',
    'warning.capturable.other': '{player}\u2019s stones at {points} can be captured: mark them dead?',
    'warning.uncapturable.one': '{player}\u2019s stone at {points} cannot be captured: mark it alive?',
    'warning.uncapturable.other': '{player}\u2019s stones at {points} cannot be captured: mark them alive?',
    'warning.more': '{list} and {n} more',
    'say.handicap': 'Black handicap stone {point}',
    'say.stopped': 'Play has stopped. Mark the dead stones, then Finish.',
    'say.proposed.one': 'Play has stopped. Dead stones proposed: {n} stone marked dead; tap a chain to change, then Finish.',
    'say.proposed.other': 'Play has stopped. Dead stones proposed: {n} stones marked dead; tap a chain to change, then Finish.',
    'say.proposedNone': 'Play has stopped. No stone looks dead: mark any dead chain, then Finish.',
    'say.backToMarking': 'Back to marking: tap the dead chains, then Finish.',
    'say.estimate': '{text}. The board is shaded by who is likely to own each point.',
    'say.estimateHidden': 'Estimate hidden.',
    'say.resume': '{requester} asks to resume. {player} to play.',
    'say.resign': '{player} resigns. {result}',
    'say.finish': 'Game over. {result}',
    'say.noResult': 'The game ends without result.',
    'say.newGame': 'New game, {width} by {height}. {status}',
    'say.opened': 'Opened {name}. {status}',
    'say.at': 'Move {n}: {player} {point}. {status}',
    'say.at.pass': 'Move {n}: {player} passes. {status}',
    'say.at.start': 'Start of the record. {status}',
    'say.saved': 'Saved {name}.',
    'error.nothingToUndo': 'There is nothing to undo.',
    'error.handicapFirst': 'Black must first place the handicap stones.',
    'error.allAlive': 'Both players passed at once after resuming: every stone counts as alive.',
    'error.illegalMove': 'The record\u2019s next move is illegal under these rules: {detail}',
    'error.endOfLine': 'There is no further move in this line.',
    'error.noRepetition': 'No result is only possible after a whole-board position repeats under simple ko.',

    'notice.storageUnavailable': 'Storage is not available in this browser: this game will not be saved.',
    'notice.storageFull': 'Storage is full: this game can no longer be saved.',
    'notice.storageCorrupt': 'The saved game could not be restored, so a new game was started.',

    'dialog.newGame': 'New game',
    'dialog.size': 'Board size',
    'dialog.size.n': '{n}×{n}',
    'dialog.size.custom': 'Custom',
    'dialog.width': 'Width (2–52)',
    'dialog.height': 'Height (2–52)',
    'dialog.rules': 'Rules',
    'dialog.komi': 'Komi',
    'dialog.handicap': 'Handicap stones',
    'dialog.handicap.none': 'None',
    'dialog.placement': 'Handicap placement',
    'dialog.placement.fixed': 'Fixed points',
    'dialog.placement.free': 'Free (Black places them)',
    'dialog.sizeInvalid': 'The width and height must be whole numbers from 2 to 52.',
    'dialog.handicapInvalid': 'this board cannot take that many handicap stones on fixed points; choose fewer stones or free placement',
    'dialog.komiInvalid': 'Komi must be a multiple of 0.5 between −1000 and 1000.',
    'dialog.optionsInvalid': 'These options cannot start a game: {detail}',
    'dialog.finish.title': 'Finish without dead stones?',
    'dialog.finish.text.one': 'No stone is marked dead, but {n} stone looks dead. Finish anyway?',
    'dialog.finish.text.other': 'No stone is marked dead, but {n} stones look dead. Finish anyway?',
    'dialog.resign': 'Who resigns?',
    'dialog.resume': 'Who asks to resume play? Their opponent moves first.',

    'preset.japanese-1989': 'Japanese (1989)',
    'preset.wagc-1979': 'World Amateur (1979)',
    'preset.simple': 'Simple (area, board as it stands)',
    'preset.basic': 'Basic',
    'preset.chinese': 'Chinese',
    'preset.aga': 'AGA',
    'preset.new-zealand': 'New Zealand',
    'preset.tromp-taylor': 'Tromp-Taylor',

    'help.heading': 'How to play',
    'help.play': 'Click or tap an empty point to play there. With a mouse, a faded stone shows where your stone will go.',
    'help.touch': 'On touch screens a first tap only previews the stone (ringed); tap the same point again to place it. This guards against mis-taps.',
    'help.keys': 'Keyboard: focus the board, move the cursor with the arrow keys, press Enter to play (or to mark a chain when counting), P to pass, U to undo, R to hear the position (the stones, the last move, who is to play, the captures and the count), L to put the cursor on the last move.',
    'help.end': 'After two passes in a row, the stones that look dead are marked for you; tap a chain to change its mark. The score updates on the board and in the table. A chain left alive that can be captured, or one marked dead that cannot, is named under the result with a button that changes its mark. Finish accepts the count (with nothing marked where stones look dead, it asks first); Resume goes back to play.',
    'help.estimate': 'Estimate, while playing, shades each point by who is likely to own it at the end (dark for Black, light for White), fades the stones that look dead and gives the score it expects; press it again, or play, to hide it. It is a quick guess from random games, not a count.',
    'help.markers': 'A ring marks the last move; a small square on an empty point marks the ko point, where the captured stone cannot be retaken at once.',
    'help.record': 'Open SGF reads a game record (or drop the file on the page); Save SGF downloads the current game. In a record, Page Up and Page Down (or the Left and Right arrows when the board does not have the focus) step back and forward, Home and End go to the start and to the end of the line, and where the record branches the variations are listed (and lettered on the board) to choose from. A move played in a record is added to it as a new variation; Undo steps back.',
    'help.offline': 'After one visit the page works offline, and the current game is kept when the page is reloaded.',
    'link.lesson': 'A lesson on the rules, with problems to solve (boards for teaching pages)',
  },
};

addStrings(STRINGS);

let tr = translator(pickLanguage(browserLanguages(), Object.keys(STRINGS)));

export function language() {
  return tr.lang;
}

export function setLanguage(code) {
  if (!STRINGS[code]) return false;
  tr = translator(code);
  return true;
}

/** The translator in force (lib/i18n.js), for the shared modules that take one. */
export function current() {
  return tr;
}

export function t(key, vars = {}) {
  return tr.t(key, vars);
}

export function tn(key, n, vars = {}) {
  return tr.tn(key, n, vars);
}

export function formatNumber(n) {
  return tr.number(n);
}

export function applyI18n(root = document) {
  document.documentElement.lang = tr.lang;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-aria-label]')) {
    el.setAttribute('aria-label', t(el.dataset.i18nAriaLabel));
  }
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
}

/** For tests and translators: the keys of the reference table (the app's and the shared ones). */
export function keys() {
  return keysOf(FALLBACK);
}
