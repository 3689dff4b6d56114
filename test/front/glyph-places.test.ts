import t from 'tap';
import { charsPerRun, placeGlyphs } from '../../pipeline/front/glyph-places.js';
import type { LinePart } from '../../pipeline/front/layout.js';
import type { RgbImage } from '../../pipeline/image.js';
import { charsetOf } from '../../pipeline/ocr/charset.js';
import type { LineProbabilities } from '../../pipeline/ocr/recognizer.js';

const CHARSET = charsetOf(['', '0', '1', '5', '8', 'B', 'I', 'O', 'S', ' ', '发']);

/**
 * A light crop 200 × 48 with dark bars over the columns given. Read narrowed to 0.8 as a front's
 * lines are, it is 160 input columns: 20 steps of 10 crop columns, step t centred on 10t + 5.
 */
function bars(spans: readonly [number, number][], width = 200): RgbImage {
  const rgb = new Uint8Array(width * 48 * 3).fill(220);
  for (let y = 6; y < 42; y += 1) for (const [a, b] of spans) rgb.fill(20, (y * width + a) * 3, (y * width + b) * 3);
  return { width, height: 48, rgb };
}

/** Frames of `steps` steps, blank but where `read` puts a character (or several, each with its probability). */
function frames(read: Readonly<Record<number, string | Readonly<Record<string, number>>>>, steps = 20): LineProbabilities {
  const classes = CHARSET.chars.length;
  const probs = new Float32Array(steps * classes);
  for (let s = 0; s < steps; s += 1) {
    const here = read[s];
    const shares: Record<string, number> = here === undefined ? {} : typeof here === 'string' ? { [here]: 0.9 } : here;
    probs[s * classes] = 1 - Object.values(shares).reduce((sum, p) => sum + p, 0);
    for (const [char, p] of Object.entries(shares)) probs[s * classes + CHARSET.classOf(char)!] = p;
  }
  return { steps, classes, charset: CHARSET, probs };
}

const part = (text: string, read: LineProbabilities, offset = 0): LinePart => ({ frames: read, text, offset });
const places = (placed: ReturnType<typeof placeGlyphs>): string[] => placed.map(({ at, char, run }) => `${at}${char}[${run.join(',')}]`);

/** B, 8, 0 and I read at steps 2, 4, 7 and 10: columns 25, 45, 75 and 105. */
const B80I = frames({ 2: 'B', 4: '8', 7: '0', 10: 'I' });

t.test('one ink run a character: the runs are the places', async (t) => {
  const crop = bars([[10, 30], [40, 60], [70, 90], [100, 110]]);
  t.same(places(placeGlyphs(part('b8 o1', frames({}), 4), crop)), ['4B[10,30]', '58[40,60]', '7O[70,90]', '81[100,110]'],
    'upper-cased, at the index in the front line, the space skipped; frames that read nothing check nothing');
  t.same(places(placeGlyphs(part('B80I', B80I), crop)), ['0B[10,30]', '18[40,60]', '20[70,90]', '3I[100,110]'], 'each frame on its run');
  const masked = frames({ 2: 'B', 4: '8', 7: { 发: 0.5, 0: 0.4 }, 10: 'I' });
  t.same(places(placeGlyphs(part('B80I', masked), crop)), ['0B[10,30]', '18[40,60]', '20[70,90]', '3I[100,110]'], 'frames that read the text in Latin, as a Latin line is decoded');
});

t.test('runs and characters that do not pair off place nothing', async (t) => {
  t.same(placeGlyphs(part('B80I', B80I), bars([[10, 30], [40, 80], [100, 104]])), [], 'the 8 and the 0 joined, and a narrow I: widths at no even pitch');
  t.same(placeGlyphs(part('B80I', B80I), bars([[10, 30], [40, 60], [66, 73], [78, 90], [100, 110]])), [], 'the 0 parted into two arcs');
});

t.test('glyphs that touch at an even pitch: the runs that hold one character are places, a merged run is not cut', async (t) => {
  const crop = bars([[10, 30], [40, 90], [100, 120]]);
  t.same(places(placeGlyphs(part('B80I', frames({ 2: 'B', 4: '8', 7: '0', 11: 'I' })), crop)), ['0B[10,30]', '3I[100,120]']);
  t.same(placeGlyphs(part('B80I', frames({ 2: 'B', 9: '8', 10: '0', 11: 'I' })), crop), [], 'frames that put the 8 past its run');
  t.same(placeGlyphs(part('B80I', frames({})), crop), [], 'frames that do not read the text cannot check a count from widths');
  t.same(placeGlyphs(part('B80I', frames({ 3: 'B', 7: '8', 11: '0', 16: 'I' }, 26)), crop), [], 'nor can frames of another view');
});

t.test('characters a run holds, from its width at the line\'s pitch', async (t) => {
  t.same(charsPerRun([[10, 30], [40, 90], [100, 120]], 4), [1, 2, 1]);
  t.same(charsPerRun([[0, 20], [25, 95], [100, 120]], 5), [1, 3, 1]);
  t.equal(charsPerRun([[10, 30], [40, 80], [100, 104]], 4), undefined, 'a cell between whole characters');
  t.equal(charsPerRun([[10, 30], [40, 60]], 2), undefined, 'runs as many as the characters');
  t.equal(charsPerRun([[0, 9], [10, 19], [20, 29], [30, 39]], 5), undefined, 'cells of one character each, adding up to too few');
});

t.test('runs as many as the characters by chance: the frames show it and nothing is placed', async (t) => {
  // The 8 and the 0 joined, the I parted into two: four runs for four characters, which would pair the 0 with half the I.
  const crop = bars([[10, 30], [40, 80], [100, 104], [106, 110]]);
  t.same(placeGlyphs(part('B80I', B80I), crop), []);
  t.same(places(placeGlyphs(part('B80I', frames({ 2: 'B', 4: '8', 7: 'O', 10: 'I' })), crop)), ['0B[10,30]', '18[40,80]', '20[100,104]', '3I[106,110]'],
    'frames that read another text check nothing');
});

t.test('frames of another view are laid from the outer characters onto the outer runs', async (t) => {
  // 26 steps are not this crop's 20 (a widened crop's): step 3 lands on column 20, step 16 on 105.
  const crop = bars([[10, 30], [40, 60], [70, 90], [100, 110]]);
  t.same(places(placeGlyphs(part('B80I', frames({ 3: 'B', 7: '8', 11: '0', 16: 'I' }, 26)), crop)), ['0B[10,30]', '18[40,60]', '20[70,90]', '3I[100,110]']);
  t.same(placeGlyphs(part('B80I', frames({ 3: 'B', 5: '8', 7: '0', 16: 'I' }, 26)), crop), [], 'the 8 and the 0 laid on columns 33 and 46, off their runs');
});
