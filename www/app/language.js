// The page's language: the app's own words (strings/en.js, es.js, hu.js, ja.js) registered on top
// of the words the app shares with <tengen-board>, the board's (lib/strings.js) and the editor's
// (lib/strings/edit/, the same words edit mode says in the element), so that each language has one
// table in lib/i18n.js; the language chosen (the URL's ?lang=, then the menu's
// choice, kept in localStorage, then the browser's languages); and the translator in force.
//
//   t(key, { name: value })        a string, with {name} placeholders filled in
//   tn(key, n, { ... })            a plural: uses key + '.one' / '.other' (Intl.PluralRules), {n} = n
//   applyI18n(root)                fills [data-i18n], [data-i18n-aria-label], [data-i18n-title]
//
// tests/js/strings.test.mjs checks that every table has every key of the English one, with the
// same placeholders.
import { addStrings, translator, pickLanguage, browserLanguages, keysOf, FALLBACK } from '../lib/i18n.js';
import '../lib/strings.js';
import editEn from '../lib/strings/edit/en.js';
import editEs from '../lib/strings/edit/es.js';
import editHu from '../lib/strings/edit/hu.js';
import editJa from '../lib/strings/edit/ja.js';
import en from './strings/en.js';
import es from './strings/es.js';
import hu from './strings/hu.js';
import ja from './strings/ja.js';
import reviewEn from './strings/review/en.js';
import reviewEs from './strings/review/es.js';
import reviewHu from './strings/review/hu.js';
import reviewJa from './strings/review/ja.js';

// The review's words are kept in their own files (strings/review/), part of each language's table.
const STRINGS = {
  en: { ...en, ...reviewEn }, es: { ...es, ...reviewEs }, hu: { ...hu, ...reviewHu }, ja: { ...ja, ...reviewJa },
};

/** The editor's words, shared with <tengen-board mode="edit">. */
export const EDIT_STRINGS = { en: editEn, es: editEs, hu: editHu, ja: editJa };

addStrings(EDIT_STRINGS);
addStrings(STRINGS);

const LANGUAGE_KEY = 'tengen.lang';

/** The language chosen in the menu (kept in localStorage), if any. */
function chosenLanguage() {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** The languages of the app, each named in itself, for the language menu. */
export const LANGUAGES = [['en', 'English'], ['es', 'Español'], ['hu', 'Magyar'], ['ja', '日本語']];

/** Every table of the app's own strings (for tests and translators). */
export function appTables() {
  return STRINGS;
}

/** The URL's ?lang=, if any. */
function urlLanguage() {
  try {
    return new URLSearchParams(location.search).get('lang');
  } catch {
    return null;
  }
}

// The URL's ?lang= first (a link to a language), then the menu's choice, then the browser's.
let tr = translator(pickLanguage([urlLanguage(), chosenLanguage(), ...browserLanguages()], Object.keys(STRINGS)));

/** Chooses the page's language for this and later visits (the page reloads to apply it). */
export function chooseLanguage(code) {
  if (!STRINGS[code]) return false;
  try {
    localStorage.setItem(LANGUAGE_KEY, code);
  } catch { /* not kept: this visit only */ }
  tr = translator(code);
  return true;
}

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
