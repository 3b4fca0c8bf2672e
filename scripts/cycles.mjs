#!/usr/bin/env node
// Fails (exit 1) when the Rust files under src/ import each other in a cycle.
//
// Each file is a module (src/lib.rs the crate root, src/x.rs or src/x/mod.rs the module x, and
// so on; src/bin/NAME/main.rs the root of a binary crate). A file depends on another when it
// names an item of the other's module: through `use` (crate::, super::, self:: or a child module),
// or through a path in code (`crate::a::b`, `super::x`, `child::y`). A path is resolved to the
// deepest module it names, so `use crate::tree::Cursor` depends on src/tree/mod.rs (which re-exports
// it) and `use crate::tree::cursor::Cursor` on src/tree/cursor.rs. `mod x;` itself only declares
// a child and is no dependency; inline modules (`mod tests { ... }`) belong to their file.
//
//   node scripts/cycles.mjs            check; prints every cycle found
//   node scripts/cycles.mjs --edges    also print every file's dependencies
import { tangles } from "./graph.mjs";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(fileURLToPath(new URL(".", import.meta.url)), "..");
const SRC = join(ROOT, "src");
const showEdges = process.argv.includes("--edges");

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else if (name.endsWith(".rs")) out.push(path);
  }
  return out;
}

// The module path of a file: [crateName, ...segments].
function modulePath(file) {
  const parts = relative(SRC, file).split(sep);
  if (parts[0] === "bin") {
    // src/bin/NAME/main.rs or src/bin/NAME.rs: a crate of its own.
    const crate = "bin:" + parts[1].replace(/\.rs$/, "");
    const rest = parts.length > 2 ? parts.slice(2) : ["main.rs"];
    return [crate, ...fileSegments(rest)];
  }
  return ["lib", ...fileSegments(parts)];
}

function fileSegments(parts) {
  const segs = parts.slice();
  const last = segs.pop();
  if (!["lib.rs", "main.rs", "mod.rs"].includes(last)) segs.push(last.replace(/\.rs$/, ""));
  return segs;
}

// Source without comments, string and char literals (so braces and paths in them do not count).
function strip(text) {
  let out = "";
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    const d = text[i + 1];
    if (c === "/" && d === "/") {
      while (i < n && text[i] !== "\n") i++;
    } else if (c === "/" && d === "*") {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (text[i] === "/" && text[i + 1] === "*") (depth++, (i += 2));
        else if (text[i] === "*" && text[i + 1] === "/") (depth--, (i += 2));
        else i++;
      }
      out += " ";
    } else if (c === "r" && /^r#*"/.test(text.slice(i, i + 10)) && !/\w/.test(text[i - 1] || "")) {
      const hashes = text.slice(i + 1).match(/^#*/)[0];
      const end = '"' + hashes;
      i += 2 + hashes.length;
      while (i < n && text.slice(i, i + end.length) !== end) i++;
      i += end.length;
      out += '""';
    } else if (c === '"') {
      i++;
      while (i < n && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
      out += '""';
    } else if (c === "'") {
      // A char literal ('a', '\n', '\u{1F600}'), else a lifetime or label.
      const m = text.slice(i).match(/^'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'/);
      if (m) {
        i += m[0].length;
        out += "' '";
      } else {
        out += c;
        i++;
      }
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

// Expands a use tree ("a::{b, c::{d, e}}") into its paths.
function expandUse(tree) {
  tree = tree.replace(/\s+/g, "");
  const top = splitTop(tree);
  if (top.length > 1) return top.flatMap(expandUse);
  const brace = tree.indexOf("{");
  if (brace < 0) return [tree.replace(/as\w+$/, "")];
  const prefix = tree.slice(0, brace);
  const inner = tree.slice(brace + 1, tree.lastIndexOf("}"));
  return splitTop(inner).flatMap((part) =>
    expandUse(part).map((p) => (p === "self" ? prefix.replace(/::$/, "") : prefix + p)),
  );
}

function splitTop(s) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "{") depth++;
    else if (s[i] === "}") depth--;
    else if (s[i] === "," && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts.filter((p) => p.length > 0);
}

const files = walk(SRC);
const fileOf = new Map(); // module key -> file
const modKey = (segs) => segs.join("::");
for (const f of files) fileOf.set(modKey(modulePath(f)), f);

// Inline modules: recorded as modules that live in their file.
const parsed = new Map();
for (const f of files) {
  const code = strip(readFileSync(f, "utf8"));
  const base = modulePath(f);
  // Walk braces to know which inline module each offset is in.
  const scopes = []; // {depth, segs}
  const spans = []; // [offset, segs] at every change of module
  let depth = 0;
  spans.push([0, base]);
  const re = /\bmod\s+(\w+)\s*\{|[{}]/g;
  let m;
  while ((m = re.exec(code))) {
    if (m[1]) {
      depth++;
      const segs = [...(scopes.at(-1)?.segs ?? base), m[1]];
      scopes.push({ depth, segs });
      fileOf.set(modKey(segs), f);
      spans.push([m.index, segs]);
    } else if (m[0] === "{") depth++;
    else {
      if (scopes.length && scopes.at(-1).depth === depth) {
        scopes.pop();
        spans.push([m.index, scopes.at(-1)?.segs ?? base]);
      }
      depth--;
    }
  }
  parsed.set(f, { code, base, spans });
}

function moduleAt(spans, offset) {
  let segs = spans[0][1];
  for (const [o, s] of spans) {
    if (o > offset) break;
    segs = s;
  }
  return segs;
}

function isModule(segs) {
  return fileOf.has(modKey(segs));
}

// The file a path (split into segments) names, seen from module `here`, or null.
function resolve(here, segs) {
  let abs;
  if (segs[0] === "crate") abs = [here[0], ...segs.slice(1)];
  else if (segs[0] === "self") abs = [...here, ...segs.slice(1)];
  else if (segs[0] === "super") {
    abs = here.slice();
    let i = 0;
    while (segs[i] === "super") {
      abs.pop();
      i++;
    }
    abs.push(...segs.slice(i));
  } else if (isModule([...here, segs[0]])) abs = [...here, ...segs];
  else return null;
  // The deepest module the path names.
  for (let k = abs.length; k >= 1; k--) {
    const key = modKey(abs.slice(0, k));
    if (fileOf.has(key)) return fileOf.get(key);
  }
  return null;
}

const edges = new Map(files.map((f) => [f, new Set()]));
for (const [f, { code, spans }] of parsed) {
  const add = (target) => {
    if (target && target !== f) edges.get(f).add(target);
  };
  // use declarations
  const useRe = /\buse\s+([^;]+);/g;
  let m;
  while ((m = useRe.exec(code))) {
    const here = moduleAt(spans, m.index);
    for (const p of expandUse(m[1])) {
      const segs = p.replace(/^::/, "").split("::").filter(Boolean);
      if (segs.length) add(resolve(here, segs));
    }
  }
  // paths in code: crate::x, super::x, self::x, child::x
  const pathRe = /(?<![\w:])((?:[A-Za-z_]\w*::)+[A-Za-z_]\w*)/g;
  const noUse = code.replace(/\buse\s+[^;]+;/g, (s) => " ".repeat(s.length));
  while ((m = pathRe.exec(noUse))) {
    const here = moduleAt(spans, m.index);
    add(resolve(here, m[1].split("::")));
  }
}

const rel = (f) => relative(ROOT, f);
if (showEdges) {
  for (const [f, deps] of edges) console.log(`${rel(f)} -> ${[...deps].map(rel).join(", ")}`);
}

// Every strongly connected component of more than one file holds a cycle.
const components = tangles(files, (f) => edges.get(f));

// One shortest cycle through the first file of each component, for the message.
function cycleIn(comp) {
  const inComp = new Set(comp);
  const start = comp.slice().sort()[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of edges.get(v)) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (prev.get(path[0]) !== null) path.unshift(prev.get(path[0]));
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return comp;
}

if (components.length === 0) {
  console.log(`cycles: none among ${files.length} files under src/`);
  process.exit(0);
}
for (const comp of components) {
  console.log(`cycle: ${cycleIn(comp).map(rel).join(" -> ")}`);
  console.log(`  (files in this tangle: ${comp.map(rel).sort().join(", ")})`);
}
console.log(`cycles: ${components.length} tangle(s) among ${files.length} files under src/`);
process.exit(1);
