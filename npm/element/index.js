// `tengen/element` for bundles and ES modules: <tengen-board>, self-registering. The script has
// no URL of its own inside a bundle (document.currentScript is null), so files.js first tells it
// where each of its files is; tengen-board.js then defines the element.
import './files.js';
import './tengen-board.js';
