// The words of <tengen-board>. English is bundled in tengen-board.js; every other language is a
// script of its own next to it, tengen-board.<lang>.js (made by scripts/build.mjs from
// lib/strings/<lang>.js), loaded the first time a board is in that language, so that a page in
// English loads no other language's words. A classic script (not fetch, not import()) so that
// pages opened from disk (file://) load it too. Until a table has arrived a board speaks English;
// when it arrives, every board is told (onWords) and says its words again.
import { addStrings, translator, pickLanguage, browserLanguages, FALLBACK } from '../lib/i18n.js';
import en from '../lib/strings/en.js';
import { fileUrl } from './engine.js';
import { script } from './chunks.js';

addStrings({ en });

/** The languages the element speaks: lib/strings/ has a table for each (tests/js/strings.test.mjs checks). */
export const LANGS = ['en', 'es', 'hu', 'ja'];

// Where a language script puts its table: { lang: { key: text } }.
const GLOBAL = '__tengenBoardStrings';
const loading = new Map(); // language -> a promise that settles when its table is in (or failed)
const listeners = new Set();

/** The language a board in `own` (its lang attribute or an ancestor's; may be null) speaks. */
export function languageOf(own) {
  return pickLanguage(own ? [own, ...browserLanguages()] : browserLanguages(), LANGS);
}

/** The translator for a language: English (the fallback) until that language's table is in. */
export function wordsOf(lang) {
  words(lang);
  return translator(lang);
}

/**
 * Resolves once the table of `lang` is in, or could not be loaded (the board then stays in
 * English and says so on the console); the same promise for every board.
 */
export function words(lang) {
  let p = loading.get(lang);
  if (p) return p;
  p = lang === FALLBACK ? Promise.resolve() : load(lang).then(() => {
    for (const f of listeners) f(lang);
  }, (e) => console.warn(`tengen-board: ${e.message}; the board speaks English`));
  loading.set(lang, p);
  return p;
}

/** Calls f(lang) whenever a language's table arrives; returns the function that stops it. */
export function onWords(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

function load(lang) {
  const take = () => {
    const table = globalThis[GLOBAL]?.[lang];
    if (!table) return false;
    addStrings({ [lang]: table });
    return true;
  };
  // The page may have loaded the script itself.
  if (take()) return Promise.resolve();
  const url = fileUrl(`tengen-board.${lang}.js`);
  return script(url).then(() => {
    if (!take()) throw new Error(`${url.href} did not define the words of "${lang}"`);
  });
}
