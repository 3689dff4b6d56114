/**
 * PP-OCRv4 against PP-OCRv6 small, on one thread, back to back:
 *
 *   npx tsc -p tsconfig.json && node dist/bench/ocr-v6.js [names|speed|real-docs|all]
 *
 *   names      exactness on rendered name lines with diacritics: each name alone on a page in
 *              DejaVu Sans or Serif, 32–48 px, bold or regular, blurred 0.5–1.0 (the style
 *              chosen from the name's index, so every run renders the same pages), read by
 *              readPage as a front is (latinOnly), by each model
 *   speed      the recogniser alone over the same lines' crops, batched as readPage batches
 *              them: ms a line, v4 (int8, narrowed head, as the service runs it) and v6 (float32,
 *              narrowed head), alternated over several rounds, the median round kept
 *   real-docs  the fronts of ../shared/data/real-docs read as readFront reads them (localised,
 *              latinOnly): how many of each document's key values (fields.jsonl) the lines hold,
 *              whitespace and case aside, and the OCR time of each
 *   front      the stages suite's 1500 px licence front (bench/fixtures.ts) read as readFront
 *              reads it, v4 and v6 alternated, on this thread alone (no helper thread): ms a front
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeImage } from '../pipeline/backends/sharp.js';
import { cropLine } from '../pipeline/ocr/crop.js';
import { detectText } from '../pipeline/ocr/detector.js';
import { readPage } from '../pipeline/ocr/read-lines.js';
import { recognizeLines, type LineImage } from '../pipeline/ocr/recognizer.js';
import type { RecogniserModel } from '../pipeline/ocr/model-files.js';
import { ctcGreedy } from '../pipeline/ocr/ctc-decode.js';
import { renderSvg, svgOpen, text } from '../test/fixtures/specimens/svg.js';
import { DocumentType } from '../common/document.js';
import { benchFront } from './fixtures.js';

/** Names with the letters v4's dictionary lacks, as documents print them (capitals). */
export const DIACRITIC_NAMES: readonly string[] = [
  'CASTAÑEDA', 'MUÑOZ', 'NÚÑEZ IBÁÑEZ', 'PEÑA', 'ØYSTEIN', 'SØRENSEN', 'BJØRN', 'LØKKE', 'ŁUKASZ', 'WAŁĘSA',
  'MICHAŁ', 'GAŁĄZKA', 'FRANÇOIS', 'GONÇALVES', 'ÇELIK', 'ÅSA', 'ÅBERG', 'STRÖM', 'HÄKKINEN', 'JÄRVINEN',
  'MÄKELÄ', 'ÖZTÜRK', 'GÖTZE', 'MÜLLER', 'SCHRÖDER', 'DÜRER', 'JOSÉ GARCÍA', 'HÉLÈNE', 'ÉMILE', 'RENÉ',
  'ŠIMON', 'ŠKODA', 'ŽIVKOVIĆ', 'ŽELJKO', 'DVOŘÁK', 'ŘEHÁK', 'HRABAL JIŘÍ', 'TOMÁŠ', 'ČAPEK', 'ĆWIK',
  'ŚLUSARSKI', 'ŹRÓDŁO', 'ŻÓŁĆ', 'LEFÈVRE', 'NOËL', 'JOSÉ MARÍA', 'ÁLVAREZ', 'GUÐMUNDSDÓTTIR', 'ÞÓRSSON', 'ÆRØ',
  'LINDSTRÖM ÅKE', 'KÖHLER', 'ÜNAL', 'GÜNEŞ', 'ŞAHIN', 'YILDIZ İREM', 'ĞÜLER', 'BRAŞOVEANU', 'ȚĂRANU', 'ŐRSZÁGH',
  'SZŰCS', 'KOVÁČ', 'ĽUBOMÍR', 'ŤAPÁK', 'ĎURIŠ', 'ŇUKOVÁ', 'BAŞAK ÖZGÜR', 'ÉLODIE CÔTÉ', 'FÉLIX BÉLANGER', 'SÃO JOÃO',
];

/** The rendering style of the i-th name: font, size, weight and blur cycle through their choices. */
function style(i: number): { family: string; size: number; weight: 'bold' | 'normal'; blur: number } {
  return {
    family: i % 2 === 0 ? 'DejaVu Sans' : 'DejaVu Serif',
    size: [32, 36, 40, 44, 48][i % 5]!,
    weight: Math.floor(i / 2) % 2 === 0 ? 'bold' : 'normal',
    blur: [0.5, 0.75, 1.0][i % 3]!,
  };
}

/** A page holding the name alone, as the front reader would see it cut from a card. */
export async function namePage(name: string, i: number): Promise<Buffer> {
  const { family, size, weight, blur } = style(i);
  const width = Math.round(80 + name.length * size * 0.85);
  const height = Math.round(size * 3);
  const svg = [svgOpen(width, height), `<rect width="${width}" height="${height}" fill="#fbfaf6"/>`,
    text(40, Math.round(size * 1.9), name, { size, family, weight }), '</svg>'].join('');
  return sharp(await renderSvg(svg)).blur(blur).png().toBuffer();
}

async function prepare(png: Buffer) {
  const { width, height, rgb, grey } = await decodeImage(png, 'front');
  return { width, height, rgb, grey };
}

/** A real document's bytes: decodeImage reads the bitmaps among them (pipeline/backends/bmp.ts). */
async function readDocument(path: string): Promise<Buffer> {
  return readFileSync(path);
}

const normal = (s: string): string => s.normalize('NFC').replace(/\s+/g, ' ').trim();

interface Variant { label: string; model: RecogniserModel }
const VARIANTS: readonly Variant[] = [{ label: 'v4', model: 'v4' }, { label: 'v6', model: 'v6' }];

async function benchNames(): Promise<void> {
  const pages = await Promise.all(DIACRITIC_NAMES.map(async (name, i) => prepare(await namePage(name, i))));
  const exact = new Map(VARIANTS.map((v) => [v.label, 0]));
  // The accuracy bench compares front fields in capitals (bench/accuracy/normalise.ts): a letter read in the wrong case counts there.
  const caseless = new Map(VARIANTS.map((v) => [v.label, 0]));
  const misses = new Map<string, string[]>(VARIANTS.map((v) => [v.label, []]));
  for (const [i, name] of DIACRITIC_NAMES.entries()) {
    for (const v of VARIANTS) {
      const { lines } = await readPage(pages[i]!, { latinOnly: true, model: v.model });
      const read = normal(lines.map((l) => l.text).join(' '));
      if (read.toUpperCase() === name) caseless.set(v.label, caseless.get(v.label)! + 1);
      if (read === name) exact.set(v.label, exact.get(v.label)! + 1);
      else misses.get(v.label)!.push(`${name}→${read}`);
    }
  }
  console.log(`names: ${DIACRITIC_NAMES.length} lines with diacritics, read exactly (whole page = the name):`);
  for (const v of VARIANTS) console.log(`  ${v.label.padEnd(21)} ${exact.get(v.label)}/${DIACRITIC_NAMES.length} (${caseless.get(v.label)} case aside)   misses: ${misses.get(v.label)!.join(', ')}`);
  // The recogniser alone on the detector's crops, greedy decoding over the Latin classes: no page logic.
  const crops: LineImage[] = [];
  const owner: number[] = [];
  for (const [i, page] of pages.entries()) {
    for (const box of await detectText(page)) { crops.push(cropLine(page, box.quad)); owner.push(i); }
  }
  // RapidOCR pads every batch to at least 320 columns; the service pads to the batch's widest
  // line only. Padding these lines to 320 read the same 48 and 0 names.
  for (const model of ['v4', 'v6'] as const) {
    const probs = await recognizeLines(crops, { latinOnly: true, model, float32: model === 'v6' });
    const texts = DIACRITIC_NAMES.map(() => [] as string[]);
    probs.forEach((p, k) => texts[owner[k]!]!.push(ctcGreedy(p, p.charset.latin).text));
    const right = DIACRITIC_NAMES.filter((name, i) => normal(texts[i]!.join(' ')) === name).length;
    console.log(`  recogniser alone ${model} (greedy over its Latin classes): ${right}/${DIACRITIC_NAMES.length}`);
  }
}

async function benchSpeed(rounds = 5): Promise<void> {
  const crops: LineImage[] = [];
  for (const [i, name] of DIACRITIC_NAMES.entries()) {
    const page = await prepare(await namePage(name, i));
    for (const box of await detectText(page)) crops.push(cropLine(page, box.quad));
  }
  const runs = { v4: [] as number[], v6: [] as number[] };
  // Warm both sessions first: a session's first run pays for its load and allocations.
  for (const model of ['v4', 'v6'] as const) await recognizeLines(crops.slice(0, 4), { latinOnly: true, model });
  for (let r = 0; r < rounds; r++) {
    for (const model of ['v4', 'v6'] as const) {
      const t0 = performance.now();
      await recognizeLines(crops, { latinOnly: true, model });
      runs[model].push((performance.now() - t0) / crops.length);
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`speed: ${crops.length} name-line crops, batched as readPage does, one thread, ${rounds} rounds alternated:`);
  for (const model of ['v4', 'v6'] as const) console.log(`  ${model}: median ${median(runs[model]).toFixed(2)} ms a line (rounds ${runs[model].map((x) => x.toFixed(2)).join(' ')})`);
}

const REAL_DOCS = fileURLToPath(new URL('../../../shared/data/real-docs/', import.meta.url));
const KEYS = ['document_number', 'family_name', 'given_names', 'date_of_birth', 'expiry_date'] as const;

async function benchRealDocs(): Promise<void> {
  if (!existsSync(REAL_DOCS)) { console.log(`real-docs: ${REAL_DOCS} absent, skipped`); return; }
  const docs = readFileSync(`${REAL_DOCS}fields.jsonl`, 'utf8').split('\n').filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { path: string; fields: Record<string, unknown> });
  const squash = (s: string): string => s.normalize('NFC').toUpperCase().replace(/\s+/g, '');
  const totals = new Map(VARIANTS.map((v) => [v.label, 0]));
  const times = new Map(VARIANTS.map((v) => [v.label, [] as number[]]));
  let possible = 0;
  // Both models loaded before anything is timed.
  const first = await prepare(await readDocument(`${REAL_DOCS}${docs[0]!.path}`));
  for (const model of ['v4', 'v6'] as const) await readPage(first, { localise: true, latinOnly: true, model });
  console.log('real-docs: key values found in the OCR text (document_number, family_name, given_names, date_of_birth, expiry_date)');
  for (const doc of docs) {
    const image = await prepare(await readDocument(`${REAL_DOCS}${doc.path}`));
    const values = KEYS.flatMap((k) => (typeof doc.fields[k] === 'string' && doc.fields[k] !== '' ? [[k, doc.fields[k] as string] as const] : []));
    possible += values.length;
    const row: string[] = [];
    for (const v of VARIANTS) {
      const t0 = performance.now();
      const { lines } = await readPage(image, { localise: true, latinOnly: true, model: v.model });
      times.get(v.label)!.push(performance.now() - t0);
      const ocr = squash(lines.map((l) => l.text).join(' '));
      const found = values.filter(([, value]) => ocr.includes(squash(value)));
      totals.set(v.label, totals.get(v.label)! + found.length);
      row.push(`${v.label} ${found.length}/${values.length}${found.length < values.length ? ` [${values.filter((x) => !found.includes(x)).map(([k]) => k).join(',')}]` : ''}`);
      if (process.env.IDV_BENCH_VERBOSE === '1') console.log(`    ${v.label}: ${JSON.stringify(lines.map((l) => l.text))}`);
    }
    console.log(`  ${doc.path.padEnd(30)} ${`${image.width}×${image.height}`.padEnd(9)} ${row.join('  ')}`);
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const v of VARIANTS) console.log(`  total ${v.label.padEnd(21)} ${totals.get(v.label)}/${possible}   readPage median ${Math.round(median(times.get(v.label)!))} ms`);
}

async function benchFrontPage(rounds = 7): Promise<void> {
  const { front } = await benchFront(DocumentType.ID);
  const image = await prepare(front);
  const runs = { v4: [] as number[], v6: [] as number[] };
  const counts = { v4: 0, v6: 0 };
  for (const model of ['v4', 'v6'] as const) counts[model] = (await readPage(image, { localise: true, latinOnly: true, model })).lines.length;
  for (let r = 0; r < rounds; r++) {
    for (const model of ['v4', 'v6'] as const) {
      const t0 = performance.now();
      await readPage(image, { localise: true, latinOnly: true, model });
      runs[model].push(performance.now() - t0);
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`front: ${image.width}×${image.height} licence (bench/fixtures.ts), readPage localised, one thread, no helper, ${rounds} rounds alternated:`);
  for (const model of ['v4', 'v6'] as const) console.log(`  ${model}: median ${Math.round(median(runs[model]))} ms (${counts[model]} lines; rounds ${runs[model].map(Math.round).join(' ')})`);
}

const what = process.argv[2] ?? 'all';
if (what === 'names' || what === 'all') await benchNames();
if (what === 'speed' || what === 'all') await benchSpeed();
if (what === 'real-docs' || what === 'all') await benchRealDocs();
if (what === 'front' || what === 'all') await benchFrontPage();
