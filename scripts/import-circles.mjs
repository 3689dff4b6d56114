// Import circles among the project's modules: `node scripts/import-circles.mjs [ts|js]`.
// ts (default): every relative import of the .ts sources, type-only ones included (a circle of
// types still ties the files' designs together); js: the compiled dist/ (runtime imports only).
// Prints each strongly connected group of more than one file and the imports inside it; exits 1
// when there is one.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
const mode = process.argv[2] ?? 'ts';
const root = resolve(process.argv[3] ?? '.');
if (!['ts', 'js'].includes(mode)) { console.error('usage: node scripts/import-circles.mjs [ts|js] [root]'); process.exit(2); }
const base = mode === 'js' ? join(root, 'dist') : root;
const ext = mode === 'js' ? '.js' : '.ts';
const dirs = ['common', 'server', 'pipeline', 'bench', 'model-build', 'test', 'proto', 'client/src'];
const files = [];
const walk = (d) => { if (!existsSync(d)) return; for (const f of readdirSync(d)) { const p = join(d, f); if (f === 'node_modules') continue; if (statSync(p).isDirectory()) walk(p); else if (p.endsWith(ext) && !p.endsWith('.d.ts')) files.push(p); } };
for (const d of dirs) walk(join(base, d));
const graph = new Map();
const re = /(?:^|\n)\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
for (const f of files) {
  const src = readFileSync(f, 'utf8');
  const deps = new Set();
  for (const m of src.matchAll(re)) {
    const spec = m[1] ?? m[2];
    if (!spec.startsWith('.')) continue;
    let target = resolve(dirname(f), spec);
    if (mode === 'ts') target = target.replace(/\.js$/, '.ts');
    if (graph.has(target) || files.includes(target)) deps.add(target);
  }
  graph.set(f, deps);
}
// Tarjan's strongly connected components.
let index = 0; const idx = new Map(), low = new Map(), stack = [], on = new Set(), sccs = [];
const strong = (v) => { idx.set(v, index); low.set(v, index++); stack.push(v); on.add(v);
  for (const w of graph.get(v) ?? []) { if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v), low.get(w))); } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w))); }
  if (low.get(v) === idx.get(v)) { const c = []; let w; do { w = stack.pop(); on.delete(w); c.push(w); } while (w !== v); if (c.length > 1) sccs.push(c); } };
for (const v of graph.keys()) if (!idx.has(v)) strong(v);
const rel = (p) => relative(base, p);
if (sccs.length === 0) console.log(`${mode}: no import circles among ${files.length} files`);
for (const c of sccs) {
  const set = new Set(c);
  const edges = c.flatMap((v) => [...graph.get(v)].filter((w) => set.has(w)).map((w) => `${rel(v)} -> ${rel(w)}`));
  console.log(`${mode}: circle of ${c.length}: ${c.map(rel).sort().join(', ')}\n   ${edges.sort().join('\n   ')}`);
}
if (sccs.length > 0) process.exitCode = 1;
