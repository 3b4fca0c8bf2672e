// `tengen`: the full engine, ready on import (the browser entry awaits its wasm, the Node entry
// instantiates it synchronously). Every class, option and result type is the glue's
// (tengen.d.ts), whose option and result shapes are written by hand in the crate.
export * from './tengen.js';
