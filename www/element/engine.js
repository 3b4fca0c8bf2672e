// The engine of <tengen-board>: one wasm instance per page, however many boards, loaded the first
// time a board needs it. The wasm is fetched from next to the script (tengen-board.wasm, relative
// to the script's own URL, so any host and any folder work); where fetch cannot read it (a page
// opened from disk, file://), the same wasm is loaded from tengen-board.wasm.js, a script that
// carries it in base64. Edit mode's engine (tengen-board-edit.wasm, element/edit-engine.js) is
// loaded the same way, by wasmModule.
import { initSync, Game } from '../../pkg-embed/tengen.js';

// Read while the script runs: document.currentScript is null afterwards.
const SCRIPT_URL = (typeof document !== 'undefined' && document.currentScript?.src) || '';

let loading = null;

/** { Game } once the engine is ready (for work that cannot wait: printing), else null. */
export let ready = null;

/** The script's URL, the base of the files it loads. */
export function scriptUrl() {
  return SCRIPT_URL || (typeof location !== 'undefined' ? location.href : '');
}

/**
 * The URL of one of the element's files: next to the script, or where self.__tengenBoardFiles
 * (file name -> URL) says. A bundle that imports the element as a module sets it (the npm
 * package's `tengen/element`): the script has no URL of its own there, and a bundler may have
 * renamed the files.
 */
export function fileUrl(name) {
  return new URL(self.__tengenBoardFiles?.[name] ?? name, scriptUrl());
}

/** Resolves to { Game } once the engine is ready (the same promise for every board). */
export function engine() {
  loading ??= wasmModule('tengen-board', '__tengenBoardWasm').then((module) => {
    initSync({ module });
    return (ready = { Game });
  });
  return loading;
}

/**
 * Compiles `name`.wasm off the main thread (compileStreaming while the bytes arrive, where the
 * server says application/wasm), else from `name`.wasm.js, which puts it in base64 at
 * self[`global`]; the glue's initSync then instantiates it, with none of the glue's own loader.
 */
export async function wasmModule(name, global) {
  const url = fileUrl(`${name}.wasm`);
  let module = null;
  if (url.protocol !== 'file:') {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url.href}: ${response.status}`);
      module = await WebAssembly.compileStreaming(response.clone())
        .catch(() => response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes)));
    } catch {
      // Served without the wasm, or fetch refused: the script form below.
    }
  }
  return module ?? WebAssembly.compile(await inlineWasm(fileUrl(`${name}.wasm.js`), global));
}

/** The wasm's bytes from its .wasm.js (loaded as a classic script, which file:// allows). */
function inlineWasm(url, global) {
  const decode = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  if (globalThis[global]) return Promise.resolve(decode(globalThis[global]));
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = url.href;
    s.onload = () => {
      const b64 = globalThis[global];
      if (b64) resolve(decode(b64));
      else reject(new Error(`${url.href} did not define the engine`));
    };
    s.onerror = () => reject(new Error(`cannot load ${url.href}`));
    document.head.append(s);
  });
}
