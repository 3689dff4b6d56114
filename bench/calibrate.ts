/**
 * The calibrations: `npm run calibrate -- <name> [its arguments]`. Each measures constants the
 * service runs with and rewrites the source file that holds them; rebuild and rerun the suite
 * named to see the figures they give (docs/bench.md, "Calibrations").
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CALIBRATIONS = Object.freeze({
  verdict: { script: 'verdict-calibrate.js', args: '[size | --from <forgery-documents-latest.json>] [--dry-run]', writes: 'pipeline/verdict/calibration.ts, FIELD_CHECK', then: 'forgery' },
  faces: { script: 'faces-calibrate.js', args: '[corpus size]', writes: 'pipeline/face/calibration.ts, all but SPOOF', then: 'faces' },
  spoof: { script: 'spoof-calibrate.js', args: '[live selfies per identity] [--from <faces-spoof-rows-latest.json>]', writes: 'pipeline/face/calibration.ts, SPOOF (box, threshold, fusion)', then: 'faces' },
});

const USAGE = `usage: npm run calibrate -- <name> [arguments]\n${Object.entries(CALIBRATIONS)
  .map(([name, c]) => `  ${`${name} ${c.args}`.padEnd(72)} → ${c.writes}; then npm run bench -- ${c.then}`).join('\n')}`;

const [name, ...rest] = process.argv.slice(2);
const calibration = name === undefined ? undefined : CALIBRATIONS[name as keyof typeof CALIBRATIONS];
const help = (arg: string | undefined): boolean => arg === undefined || arg === '--help' || arg === '-h';
// The scripts take no --help of their own: passed on, it would start a calibration that rewrites a file.
if (calibration === undefined || rest.some(help)) {
  console.error(calibration === undefined && !help(name) ? `unknown calibration: ${name}\n${USAGE}` : USAGE);
  process.exit(2);
}
const run = spawnSync(process.execPath, [fileURLToPath(new URL(`./${calibration.script}`, import.meta.url)), ...rest], { stdio: 'inherit' });
process.exit(run.status ?? 1);
