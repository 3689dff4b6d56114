/**
 * The repository's Dockerfile read into stages and instructions, for the tests that hold it to
 * its rules (dockerfile.test.ts) and lay out its final stage without a container builder
 * (image-layout.test.ts). Enough of the syntax for this file: comments, `\` continuations,
 * global ARGs, `FROM … AS name`, `COPY [--from=stage] src… dest`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './tools.js';

export interface Instruction { keyword: string; args: string }
export interface Stage { image: string; name: string | undefined; instructions: Instruction[] }
export interface Copy { from: string | undefined; sources: string[]; destination: string }

export interface Dockerfile {
  /** ARGs before the first FROM, with their defaults. */
  globalArgs: Record<string, string>;
  stages: Stage[];
}

export function readDockerfile(file = path.join(ROOT, 'Dockerfile')): Dockerfile {
  const lines = readFileSync(file, 'utf8').replace(/\\\n/g, ' ').split('\n');
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [keyword, ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') {
      const [image, as, name] = rest;
      stages.push({ image: image!, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (stages.length === 0 && instruction.keyword === 'ARG') {
      const [name, value] = instruction.args.split('=');
      globalArgs[name!] = value ?? '';
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

/** The stage's instructions of one keyword. */
export function instructions(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((i) => i.keyword === keyword);
}

export function copies(stage: Stage): Copy[] {
  return instructions(stage, 'COPY').map(({ args }) => {
    const words = args.split(/\s+/);
    const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
    const paths = words.filter((w) => !w.startsWith('--'));
    return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! };
  });
}

/** ENV of a stage: `ENV A=1 B=2` lines. */
export function environment(stage: Stage): Record<string, string> {
  return Object.fromEntries(instructions(stage, 'ENV').flatMap(({ args }) => args.split(/\s+/).map((pair) => pair.split('=') as [string, string])));
}

/** An exec-form instruction's words (`["node", "x.js"]`). */
export function execForm(args: string): string[] {
  return JSON.parse(args.slice(args.indexOf('['))) as string[];
}
