/** Check-digit correction by at most two likely changes (docs/mrz.md): a cleanly printed wrong digit stays wrong. */
import { ALPHABET } from './alphabet.js';
import type { PositionReading } from './ctc-constrained.js';
import { checkHolds, resolveChecks, type CheckName, type CheckSpec, type Layout } from './layout.js';
import { MRZ_TUNING } from './tunables.js';


const CONFUSIONS: ReadonlyArray<readonly [string, string]> = [['O', '0'], ['I', '1'], ['B', '8'], ['S', '5'], ['Z', '2'], ['G', '6'], ['D', '0'], ['Q', '0'], ['C', '0']];

function confusable(a: string, b: string): boolean {
  return CONFUSIONS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

export interface Correction {
  line: number;
  at: number;
  from: string;
  to: string;
  by: 'check' | 'state-code' | 'document-code' | 'padding';
}

export interface CorrectedReading {
  lines: string[];
  /** Per line, per position: the kept character's probability (a corrected one's share against the one replaced). */
  probs: number[][];
  corrections: Correction[];
  failed: CheckName[];
  checks: CheckSpec[];
}

interface Change {
  line: number;
  at: number;
  to: string;
  p: number;
  /** −log(p_alternative / p_read): what the change costs in likelihood. */
  cost: number;
  /** A forced confusion swap, tried only as the single change. */
  alone: boolean;
  swap: boolean;
}

function alternatives(reading: PositionReading, line: number, at: number): Change[] {
  const read = ALPHABET[reading.index]!;
  return reading.candidates
    .filter((c) => c.index !== reading.index)
    .map((c) => ({ c, swap: confusable(read, ALPHABET[c.index]!) }))
    .filter(({ c, swap }) => c.p >= MRZ_TUNING.alternativeFloor || swap)
    .map(({ c, swap }) => {
      const p = Math.max(c.p, swap ? MRZ_TUNING.confusionProbability : 0);
      return { line, at, to: ALPHABET[c.index]!, p, cost: Math.log(Math.max(reading.p, 1e-9) / p), alone: c.p < MRZ_TUNING.alternativeFloor, swap };
    });
}

function positionsOf(spec: CheckSpec): { line: number; at: number }[] {
  const out = [{ line: spec.line, at: spec.at }];
  for (const s of spec.spans) for (let at = s.start; at < s.end; at++) out.push({ line: s.line, at });
  return out;
}

function apply(lines: string[], changes: readonly Change[]): string[] {
  const next = lines.slice();
  for (const c of changes) next[c.line] = next[c.line]!.slice(0, c.at) + c.to + next[c.line]!.slice(c.at + 1);
  return next;
}

/** The cheapest changes (≤ maxChanges) under which `spec` holds; null when none, or a rival nearly as cheap. */
function search(spec: CheckSpec, lines: string[], options: Change[]): Change[] | null {
  const passing: { changes: Change[]; cost: number }[] = [];
  const visit = (chosen: Change[], from: number, cost: number): void => {
    const singleSwap = chosen.length === 1 && chosen[0]!.swap;
    if (cost > MRZ_TUNING.maxCost && !singleSwap) return;
    if (chosen.length > 0 && checkHolds(spec, apply(lines, chosen))) { passing.push({ changes: chosen, cost }); return; }
    if (chosen.length === MRZ_TUNING.maxChanges || chosen.some((c) => c.alone)) return;
    for (let i = from; i < options.length; i++) {
      const o = options[i]!;
      if (chosen.some((c) => c.line === o.line && c.at === o.at) || (o.alone && chosen.length > 0)) continue;
      visit([...chosen, o], i + 1, cost + o.cost);
    }
  };
  visit([], 0, 0);
  passing.sort((a, b) => a.cost - b.cost);
  const best = passing[0];
  if (best === undefined) return null;
  const rival = passing.find((p) => p !== best && p.changes.length === best.changes.length);
  return rival !== undefined && rival.cost - best.cost < MRZ_TUNING.ambiguityMargin ? null : best.changes;
}

export function correctByChecks(layout: Layout, readings: readonly (readonly PositionReading[])[]): CorrectedReading {
  let lines = readings.map((line) => line.map((r) => ALPHABET[r.index]!).join(''));
  const probs = readings.map((line) => line.map((r) => r.p));
  const corrections: Correction[] = [];
  const forcedSwaps: Change[] = [];
  const checks = resolveChecks(layout, lines);
    // Positions a field's own check covers: the composite may not overrule that check.
  const owned = new Set<string>();
  const key = (line: number, at: number): string => `${line}:${at}`;
  const ordered = [...checks.filter((c) => c.name !== 'composite'), ...checks.filter((c) => c.name === 'composite')];
  for (const spec of ordered) {
    const positions = positionsOf(spec).filter((p) => !owned.has(key(p.line, p.at)));
    if (!checkHolds(spec, lines)) {
      const options = positions.flatMap((p) => alternatives(readings[p.line]![p.at]!, p.line, p.at))
        .sort((a, b) => a.cost - b.cost);
      const found = search(spec, lines, options);
      if (found) {
        for (const c of found) {
          corrections.push({ line: c.line, at: c.at, from: lines[c.line]![c.at]!, to: c.to, by: 'check' });
          if (c.alone) forcedSwaps.push(c);
          probs[c.line]![c.at] = c.p / (c.p + readings[c.line]![c.at]!.p);
        }
        lines = apply(lines, found);
      }
    }
    for (const p of positions) owned.add(key(p.line, p.at));
  }
    // A forced swap passes a check one time in ten by chance: it stands only where the whole MRZ is valid.
  const forced = checks.every((spec) => checkHolds(spec, lines)) ? [] : forcedSwaps;
  for (const c of forced) {
    lines = apply(lines, [{ ...c, to: ALPHABET[readings[c.line]![c.at]!.index]! }]);
    probs[c.line]![c.at] = readings[c.line]![c.at]!.p;
  }
  const kept = corrections.filter((c) => !forced.some((f) => f.line === c.line && f.at === c.at));
  const failed = checks.filter((spec) => !checkHolds(spec, lines)).map((spec) => spec.name);
  return { lines, probs, corrections: kept, failed, checks };
}
