// Share of comment lines in the TypeScript of the given folders (default: pipeline, server, common).
// A comment line is a non-blank line that holds nothing but comment text; code lines are the other
// non-blank lines. Usage: node scripts/comment-share.mjs [--by-folder | --by-file] [folder...]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

function tsFiles(dir) {
  if (!statSync(dir).isDirectory()) return [dir];
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...tsFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Counts of non-blank lines and of lines holding only comment text in one source file. */
export function countLines(text) {
  const lines = text.split('\n');
  const hasCode = new Array(lines.length).fill(false);
  const hasComment = new Array(lines.length).fill(false);
  const lineStarts = [0];
  for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (pos) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const mark = (flags, from, to) => {
    for (let line = lineOf(from); line <= lineOf(Math.max(from, to - 1)); line += 1) {
      if (lines[line].trim() !== '') flags[line] = true;
    }
  };
  const isJsDoc = (node) => node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode;
  const commentsAt = (ranges) => {
    for (const range of ranges ?? []) mark(hasComment, range.pos, range.end);
  };
  const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (isJsDoc(node)) return;
    commentsAt(ts.getLeadingCommentRanges(text, node.getFullStart()));
    commentsAt(ts.getTrailingCommentRanges(text, node.getEnd()));
    const children = node.getChildren(source);
    if (children.length === 0) {
      if (node.getEnd() > node.getStart(source)) mark(hasCode, node.getStart(source), node.getEnd());
    } else {
      for (const child of children) visit(child);
    }
  };
  visit(source);
  let nonBlank = 0;
  let comment = 0;
  for (let line = 0; line < lines.length; line += 1) {
    if (lines[line].trim() === '') continue;
    nonBlank += 1;
    if (hasComment[line] && !hasCode[line]) comment += 1;
  }
  return { nonBlank, comment };
}

const args = process.argv.slice(2);
const byFolder = args.includes('--by-folder');
const byFile = args.includes('--by-file');
const roots = args.filter((arg) => !arg.startsWith('--'));
const folders = roots.length > 0 ? roots : ['pipeline', 'server', 'common'];
const rows = new Map();
let total = { nonBlank: 0, comment: 0 };
for (const root of folders) {
  for (const file of tsFiles(root)) {
    const counts = countLines(readFileSync(file, 'utf8'));
    const rel = relative('.', file).split('/');
    const key = byFile ? file : byFolder ? rel.slice(0, rel.length > 2 ? 2 : 1).join('/') : root;
    const row = rows.get(key) ?? { nonBlank: 0, comment: 0 };
    row.nonBlank += counts.nonBlank;
    row.comment += counts.comment;
    rows.set(key, row);
    total = { nonBlank: total.nonBlank + counts.nonBlank, comment: total.comment + counts.comment };
  }
}
const pct = (row) => ((100 * row.comment) / Math.max(1, row.nonBlank)).toFixed(1);
for (const [key, row] of [...rows].sort()) {
  console.log(`${key.padEnd(byFile ? 48 : 28)} ${String(row.comment).padStart(6)} / ${String(row.nonBlank).padStart(6)}  ${pct(row)} %`);
}
console.log(`${'all'.padEnd(byFile ? 48 : 28)} ${String(total.comment).padStart(6)} / ${String(total.nonBlank).padStart(6)}  ${pct(total)} %`);
