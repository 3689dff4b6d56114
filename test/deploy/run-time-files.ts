/**
 * What the image's commands load and read, found from the code rather than listed by hand: from
 * the compiled entry points (the ENTRYPOINT's and HEALTHCHECK's scripts), every module they
 * import, import dynamically or start as a worker (`new URL('./worker.js', import.meta.url)`),
 * and every other file or folder a module names relative to itself (`new URL('../../models/x/…',
 * import.meta.url)`): the data the service reads at run time, and the packages it imports. Type-only
 * imports are left out (they are erased); packages are found through node_modules, which the
 * image copies from the deps stage (production dependencies alone).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './tools.js';

export interface RunTimeFiles {
  /** Compiled modules, repository-relative (`dist/server/cli.js`). */
  modules: Set<string>;
  /** Files and folders read by their path, repository-relative (`models/wordfreq/letter-trigrams.json`, `web/dashboard`). */
  reads: Set<string>;
  /** Packages imported, by name (`@grpc/grpc-js`, `sharp`); Node's own modules left out. */
  packages: Set<string>;
}

const RELATIVE_IMPORT = /(?:^|[^.\w])(?:import|export)(?!\s+type\b)(?:[^'";]*?\bfrom)?\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
/** As RELATIVE_IMPORT, for a package; `from` is the keyword, not a method (`Buffer.from('…')`). */
const PACKAGE_IMPORT = /(?:^|[^.\w])(?:import|export)(?!\s+type\b)(?:[^'";]*?[^.\w]from)?\s*\(?\s*['"]([^.'"][^'"]*)['"]/g;
const URL_OF_MODULE = /new URL\(([^;]*?),\s*import\.meta\.url\s*\)/gs;
/** A string literal's text, or a template's text up to its first `${` (only those naming a relative path count). */
const LITERAL = /'([^']*)'|"([^"]*)"|`([^`$]*)/g;

/** The source without its comments (the docs name imports and paths too). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** The TypeScript source of a compiled module (`dist/a/b.js` → `a/b.ts`). */
function sourceOf(module: string): string {
  return path.join(ROOT, module.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
}

export function runTimeFiles(entries: readonly string[]): RunTimeFiles {
  const modules = new Set<string>();
  const reads = new Set<string>();
  const packages = new Set<string>();
  const pending = [...entries];
  for (let module = pending.pop(); module !== undefined; module = pending.pop()) {
    if (modules.has(module)) continue;
    const file = sourceOf(module);
    if (!existsSync(file)) throw new Error(`${module}: no source ${path.relative(ROOT, file)}`);
    modules.add(module);
    const text = code(readFileSync(file, 'utf8'));
    const near = (relative: string): string => path.normalize(path.join(path.dirname(module), relative)).replace(/\/$/, '');
    const found = (target: string): void => {
      if (target.startsWith('dist/') && target.endsWith('.js')) pending.push(target);
      else reads.add(target);
    };
    for (const [, specifier] of text.matchAll(RELATIVE_IMPORT)) found(near(specifier!));
    for (const [, specifier] of text.matchAll(PACKAGE_IMPORT)) {
      if (!specifier!.startsWith('node:')) packages.add(specifier!.split('/').slice(0, specifier!.startsWith('@') ? 2 : 1).join('/'));
    }
    for (const [, args] of text.matchAll(URL_OF_MODULE)) {
      for (const [, single, double, template] of args!.matchAll(LITERAL)) {
        // A template names a file of a folder (`…/minifasnet/${name}.onnx`): the folder is what is read.
        const relative = single ?? double ?? template!.slice(0, template!.lastIndexOf('/') + 1);
        if (/^\.{1,2}\//.test(relative)) found(near(relative));
      }
    }
  }
  return { modules, reads, packages };
}
