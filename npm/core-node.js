// `tengen/core` in Node: the engine without SGF, its wasm read from next to this file.
import { readFileSync } from 'node:fs';
import { initSync } from './tengen-core.js';

initSync({ module: readFileSync(new URL('./tengen-core.wasm', import.meta.url)) });

export * from './tengen-core.js';
