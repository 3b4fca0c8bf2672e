// Parts of <tengen-board> that only some boards need, loaded the first time one does: each a
// classic script next to tengen-board.js, tengen-board.<name>.js (made by scripts/build.mjs;
// a script, not import(), so that pages opened from disk load it too). The chunks: `diagram`
// (the reader of Sensei's Library diagrams, for boards given one), `export` (toSVG, toPNG,
// toDiagram, embedCode) and `edit` (mode="edit": its tools, words and engine, element/edit.js).
// A chunk puts its exports at self.__tengenBoardChunks[name]; what it shares with the base
// script (the renderer, the status line's words, the wasm loader, the tables of words) it takes
// from self.__tengenBoardShared (set here), so that its code is loaded once.
import { drawView, viewLayout, shownRegion, starPoints, pointName, columnLabel, DEFAULT_THEME } from '../lib/render.js';
import { addStrings } from '../lib/i18n.js';
import { statusText } from '../lib/describe.js';
import { fileUrl, wasmModule } from './engine.js';

// What lib/export.js imports from the renderer (scripts/build.mjs checks that it has it all),
// and what element/edit-mode.js and element/edit.js take.
globalThis.__tengenBoardShared = {
  render: { drawView, viewLayout, shownRegion, starPoints, pointName, columnLabel, DEFAULT_THEME },
  statusText, wasmModule, addStrings,
};

const loading = new Map(); // name -> the promise of its exports

/** The exports of a chunk already loaded, else null. */
export function loaded(name) {
  return globalThis.__tengenBoardChunks?.[name] ?? null;
}

/** Resolves to the exports of chunk `name` (the same promise for every board; a failed load is tried again). */
export function chunk(name) {
  let p = loading.get(name);
  if (p) return p;
  p = loaded(name) ? Promise.resolve(loaded(name)) : script(fileUrl(`tengen-board.${name}.js`))
    .then(() => loaded(name) ?? Promise.reject(new Error(`tengen-board.${name}.js did not load`)));
  p.catch(() => loading.delete(name));
  loading.set(name, p);
  return p;
}

/** Loads a classic script; resolves once it has run. */
export function script(url) {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = url.href;
    s.onload = resolve;
    s.onerror = () => reject(new Error(`cannot load ${url.href}`));
    document.head.append(s);
  });
}
