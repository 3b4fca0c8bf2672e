// `tengen/core`: the engine without SGF (no Game.fromSgf, toSgf or editing), ready on import.
export * from './tengen-core.js';
