// `tengen/element` on a server (Node: server-side rendering, tests): <tengen-board> is a browser
// element, so importing it there defines nothing and fails nothing.
export {};
