/**
 * The replay cues (pipeline/face/spoof-*.ts) each respond to the artefact they measure: the same
 * live selfie, with one artefact painted onto its pixels, reads higher on that cue (lower for
 * colour) than the selfie itself; and they take a few milliseconds of CPU on a face.
 */
import t from 'tap';
import { detectFace, type Face } from '../../pipeline/face/detect.js';
import { colourCues } from '../../pipeline/face/spoof-colour.js';
import { CUE_NAMES, replayCues } from '../../pipeline/face/spoof-cues.js';
import { frameCues } from '../../pipeline/face/spoof-frame.js';
import { glareCues } from '../../pipeline/face/spoof-glare.js';
import { spectrumCues } from '../../pipeline/face/spoof-spectrum.js';
import type { PreparedImage } from '../../pipeline/job.js';
import { drawFor } from '../fixtures/specimens/draw.js';
import { faceIdentities, selfie } from '../fixtures/specimens/portraits.js';
import { preparedImage } from '../fixtures/prepared-image.js';
import { ensureFaceModels } from './helper.js';

await ensureFaceModels();

const live = await preparedImage(await selfie(faceIdentities()[2]!, drawFor(7, 'spoof-cues-test')));
const face: Face = (await detectFace(live))!;

/** A copy of the selfie with `paint(x, y, rgb) → rgb` applied to every pixel. */
function painted(paint: (x: number, y: number, rgb: [number, number, number]) => [number, number, number]): PreparedImage {
  const rgb = Buffer.from(live.rgb);
  for (let y = 0; y < live.height; y++) {
    for (let x = 0; x < live.width; x++) {
      const o = (y * live.width + x) * 3;
      const out = paint(x, y, [rgb[o]!, rgb[o + 1]!, rgb[o + 2]!]);
      for (let c = 0; c < 3; c++) rgb[o + c] = Math.max(0, Math.min(255, Math.round(out[c]!)));
    }
  }
  return { ...live, rgb };
}

t.ok(face, 'the selfie\'s face is found');

t.test('a fine diagonal grating raises moiré; horizontal bands raise banding; dots raise halftone', async (t) => {
  const base = spectrumCues(live, face);
  const grating = painted((x, y, rgb) => rgb.map((v) => v * (1 + 0.12 * Math.sin(2 * Math.PI * (x * 0.21 + y * 0.13)))) as [number, number, number]);
  const bands = painted((_, y, rgb) => rgb.map((v) => v * (1 - 0.1 * (0.5 + 0.5 * Math.sin((2 * Math.PI * y) / 9)))) as [number, number, number]);
  const dots = painted((x, y, rgb) => rgb.map((v) => ((x % 3) + (y % 3) === 0 ? v * 0.5 : v)) as [number, number, number]);
  t.ok(spectrumCues(grating, face).moire > base.moire + 1, `moiré ${spectrumCues(grating, face).moire.toFixed(2)} over ${base.moire.toFixed(2)}`);
  t.ok(spectrumCues(bands, face).banding > base.banding + 1, `banding ${spectrumCues(bands, face).banding.toFixed(2)} over ${base.banding.toFixed(2)}`);
  t.ok(spectrumCues(dots, face).halftone > base.halftone + 0.3, `halftone ${spectrumCues(dots, face).halftone.toFixed(2)} over ${base.halftone.toFixed(2)}`);
});

t.test('a dark bezel around the selfie raises both frame strengths', async (t) => {
  const margin = Math.round(0.06 * live.width);
  const bezel = painted((x, y, rgb) => {
    const inside = x > margin && x < live.width - margin && y > margin && y < live.height - margin;
    const edge = x > margin - 8 && x < live.width - margin + 8 && y > margin - 8 && y < live.height - margin + 8;
    return inside ? rgb : edge ? [12, 12, 14] : [170, 160, 150];
  });
  const base = frameCues(live, face);
  const framed = frameCues(bezel, face);
  t.ok(framed.frameFirst > base.frameFirst && framed.frameSecond > base.frameSecond + 10, `frame ${framed.frameFirst.toFixed(1)}/${framed.frameSecond.toFixed(1)} over ${base.frameFirst.toFixed(1)}/${base.frameSecond.toFixed(1)}`);
});

t.test('a white veil over part of the face raises glare', async (t) => {
  const veil = painted((x, y, rgb) => {
    const d = ((x - face.cx - 0.3 * face.w) / (0.4 * face.w)) ** 2 + ((y - face.cy) / (0.4 * face.h)) ** 2;
    const a = d < 1 ? 0.7 * (1 - d) : 0;
    return rgb.map((v) => v + a * (255 - v)) as [number, number, number];
  });
  t.ok(glareCues(veil, face).glare > glareCues(live, face).glare + 0.05, `glare ${glareCues(veil, face).glare.toFixed(3)} over ${glareCues(live, face).glare.toFixed(3)}`);
});

t.test('faded, lifted print colours raise the black level and lower the chroma', async (t) => {
  const faded = painted((_, __, [r, g, b]) => {
    const grey = 0.3 * r + 0.59 * g + 0.11 * b;
    return [r, g, b].map((v) => (grey + 0.6 * (v - grey)) * 0.85 + 38) as [number, number, number];
  });
  const base = colourCues(live, face);
  const print = colourCues(faded, face);
  t.ok(print.blackLevel > base.blackLevel + 0.05, `black level ${print.blackLevel.toFixed(3)} over ${base.blackLevel.toFixed(3)}`);
  t.ok(print.chroma < base.chroma * 0.8, `chroma ${print.chroma.toFixed(3)} under ${base.chroma.toFixed(3)}`);
  t.ok(print.contrast < base.contrast, 'contrast lower');
});

t.test('every cue is a finite number, and all of them take a few milliseconds', async (t) => {
  const cues = replayCues(live, face, 0.9);
  t.same(Object.keys(cues).sort(), [...CUE_NAMES].sort());
  t.ok(Object.values(cues).every(Number.isFinite));
  const some = replayCues(live, face, 0.9, ['moire']);
  t.ok(Number.isFinite(some.halftone) && Number.isNaN(some.glare), 'only the families asked for are measured');
  // CPU time, not wall time: other processes on the machine's cores do not count.
  const started = process.cpuUsage();
  for (let i = 0; i < 5; i++) replayCues(live, face, 0.9);
  const { user, system } = process.cpuUsage(started);
  const ms = (user + system) / 1000 / 5;
  t.ok(ms < 25, `${ms.toFixed(1)} ms of CPU a face`);
});
