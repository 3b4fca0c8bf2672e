// `tengen/core` in browsers and bundlers: the engine without SGF (rules, count, estimate), ready
// once this module has loaded; its glue fetches tengen-core.wasm from next to itself.
import init from './tengen-core.js';

await init();

export * from './tengen-core.js';
