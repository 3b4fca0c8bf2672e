// `tengen` in Node: the full engine, its wasm read from next to this file and instantiated at
// once, so that an import is all a script needs (no initSync by hand).
import { readFileSync } from 'node:fs';
import { initSync } from './tengen.js';

initSync({ module: readFileSync(new URL('./tengen.wasm', import.meta.url)) });

export * from './tengen.js';
