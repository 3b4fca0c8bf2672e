// The strongly connected components of a dependency graph that hold a cycle (Tarjan's algorithm),
// shared by the import-cycle checks of the Rust files (cycles.mjs) and the page's modules
// (js-cycles.mjs).

/**
 * The tangles of a graph: each strongly connected component of more than one node, or one node
 * that depends on itself. `nodes` in any order; `depsOf(v)` the nodes v depends on.
 */
export function tangles(nodes, depsOf) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function connect(v) {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of depsOf(v)) {
      if (!idx.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || [...depsOf(v)].includes(v)) found.push(comp);
    }
  }
  for (const v of nodes) if (!idx.has(v)) connect(v);
  return found;
}
