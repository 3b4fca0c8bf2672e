// `tengen` in browsers and bundlers: the full engine, ready once this module has loaded. The glue
// fetches tengen.wasm from next to itself (its `new URL('tengen.wasm', import.meta.url)`, which
// Vite and webpack follow and emit; with esbuild, copy tengen.wasm next to the bundle).
import init from './tengen.js';

await init();

export * from './tengen.js';
