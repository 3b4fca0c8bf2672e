// The board's words, shared by the app and <tengen-board>: players, moves, captures, errors,
// results, problems, reading the position. One table per language in lib/strings/ (English is
// the reference; Spanish, Hungarian and Japanese have every key of it: tests/js/strings.test.mjs
// checks). The app takes them all from here; <tengen-board> bundles only English and loads the
// others when a board needs them (element/words.js).
import { addStrings } from './i18n.js';
import en from './strings/en.js';
import es from './strings/es.js';
import hu from './strings/hu.js';
import ja from './strings/ja.js';

export const STRINGS = { en, es, hu, ja };

addStrings(STRINGS);
