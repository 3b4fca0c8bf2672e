// Languages: tables of strings by language code, registered by the modules that use them
// (lib/strings.js: the board's words in English, Spanish, Hungarian and Japanese, shared by the
// app and <tengen-board>; www/app/language.js: the app's own). A translator looks a key up in its
// language, then in English.
//
//   addStrings({ en: { key: 'text {name}' }, es: { ... } })
//   const tr = translator('es')
//   tr.t('key', { name: value })    a string, with {name} placeholders filled in
//   tr.tn('key', n, { ... })        a plural: 'key.one' / 'key.other' (Intl.PluralRules), {n} = n
//   tr.number(n)                    a number in the language's format

const TABLES = Object.create(null);

/** The language every key exists in. */
export const FALLBACK = 'en';

/** Adds strings: { lang: { key: text } }; later tables extend earlier ones. */
export function addStrings(tables) {
  for (const [lang, table] of Object.entries(tables)) Object.assign((TABLES[lang] ??= Object.create(null)), table);
}

/** The first of `wanted` (BCP 47 tags, in order of preference) whose base language is in `supported`. */
export function pickLanguage(wanted, supported) {
  for (const tag of wanted) {
    if (!tag) continue;
    const base = String(tag).toLowerCase().split('-')[0];
    if (supported.includes(base)) return base;
  }
  return FALLBACK;
}

/** The languages of a page: the URL's `lang` parameter, then the browser's languages. */
export function browserLanguages() {
  const out = [];
  try {
    const q = new URLSearchParams(location.search).get('lang');
    if (q) out.push(q);
  } catch { /* not a page */ }
  if (typeof navigator !== 'undefined') out.push(...(navigator.languages || [navigator.language]));
  return out;
}

const cache = new Map();

/** The translator for a language code (one of those with strings; else English). */
export function translator(lang) {
  const code = TABLES[lang] ? lang : FALLBACK;
  let tr = cache.get(code);
  if (tr) return tr;
  const plurals = new Intl.PluralRules(code);
  const numbers = new Intl.NumberFormat(code, { maximumFractionDigits: 1 });
  const lookup = (key) => TABLES[code][key] ?? TABLES[FALLBACK]?.[key];
  const t = (key, vars = {}) => {
    const s = lookup(key);
    if (s === undefined) return key;
    return s.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
  };
  tr = {
    lang: code,
    t,
    tn(key, n, vars = {}) {
      const full = `${key}.${plurals.select(n)}`;
      return t(lookup(full) !== undefined ? full : `${key}.other`, { ...vars, n: numbers.format(n) });
    },
    number: (n) => numbers.format(n),
    /** Whether the key has words (in this language or English). */
    has: (key) => lookup(key) !== undefined,
  };
  cache.set(code, tr);
  return tr;
}

/** The keys of a language's table (for tests and translators). */
export function keysOf(lang = FALLBACK) {
  return Object.keys(TABLES[lang] || {});
}
