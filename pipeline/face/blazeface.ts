/** BlazeFace (MediaPipe's 256×256 back-camera model, as Human ships it), decoded as Human's blazeface.ts: 896 anchors. */
import { floatTensor, type Session } from '../backends/onnx.js';
import { faceSession } from './model-files.js';
import { toInput, type Affine } from './sample.js';

export const DETECTOR_SIZE = 256;
const PIXELS = { scale: 1 / 127.5, offset: -1 };

export interface Point { x: number; y: number }

/** A detected face, in the coordinates of the image the view was taken from. */
export interface Detection {
  score: number;
  cx: number;
  cy: number;
  w: number;
  h: number;
  /** rightEye, leftEye, nose, mouth, rightEar, leftEar. */
  keypoints: Point[];
}

function anchors(): Float32Array {
  const out: number[] = [];
  for (const [stride, perCell] of [[16, 2], [32, 6]] as const) {
    const cells = DETECTOR_SIZE / stride;
    for (let gy = 0; gy < cells; gy++) {
      for (let gx = 0; gx < cells; gx++) {
        for (let n = 0; n < perCell; n++) out.push(stride * (gx + 0.5), stride * (gy + 0.5));
      }
    }
  }
  return Float32Array.from(out);
}
const ANCHORS = anchors();

export function detectorSession(): Promise<Session> {
  return faceSession('blazeface');
}

/** The faces above `minScore` on a 256×256 view after suppression, mapped back through `view`. */
export async function detectInView(session: Session, rgb: Uint8Array, view: Affine, minScore: number,
  stretch?: { lo: number; hi: number }): Promise<Detection[]> {
  const input = floatTensor(toInput(rgb, PIXELS, stretch), [1, DETECTOR_SIZE, DETECTOR_SIZE, 3]);
  const results = await session.run({ [session.inputNames[0]!]: input });
  const outputs = Object.values(results);
  const pick = (anchorCount: number, columns: number): Float32Array => {
    const found = outputs.find((t) => t.dims[1] === anchorCount && t.dims[2] === columns);
    if (!found) throw new Error(`blazeface: no output of shape [1,${anchorCount},${columns}]`);
    return found.data as Float32Array;
  };
  const scores = [pick(512, 1), pick(384, 1)];
  const boxes = [pick(512, 16), pick(384, 16)];
  const logitFloor = Math.log(minScore / (1 - minScore));
  const found: Detection[] = [];
  let anchor = 0;
  for (let group = 0; group < 2; group++) {
    const s = scores[group]!;
    const r = boxes[group]!;
    for (let i = 0; i < s.length; i++, anchor++) {
      if (s[i]! < logitFloor) continue;
      const ax = ANCHORS[2 * anchor]!;
      const ay = ANCHORS[2 * anchor + 1]!;
      const o = 16 * i;
      const keypoints: Point[] = [];
      for (let k = 0; k < 6; k++) keypoints.push(mapPoint(view, r[o + 4 + 2 * k]! + ax, r[o + 5 + 2 * k]! + ay));
      const centre = mapPoint(view, r[o]! + ax, r[o + 1]! + ay);
      const scale = Math.sqrt(Math.abs(view.a * view.e - view.b * view.d));
      found.push({ score: 1 / (1 + Math.exp(-s[i]!)), cx: centre.x, cy: centre.y, w: r[o + 2]! * scale, h: r[o + 3]! * scale, keypoints });
    }
  }
  return suppress(found, 0.3);
}

function mapPoint(m: Affine, u: number, v: number): Point {
  // Model coordinates are continuous (0..256 across the view); the map is in pixel centres.
  return { x: m.a * (u - 0.5) + m.b * (v - 0.5) + m.c, y: m.d * (u - 0.5) + m.e * (v - 0.5) + m.f };
}

export function iou(p: Detection, q: Detection): number {
  const ix = Math.min(p.cx + p.w / 2, q.cx + q.w / 2) - Math.max(p.cx - p.w / 2, q.cx - q.w / 2);
  const iy = Math.min(p.cy + p.h / 2, q.cy + q.h / 2) - Math.max(p.cy - p.h / 2, q.cy - q.h / 2);
  if (ix <= 0 || iy <= 0) return 0;
  const inter = ix * iy;
  return inter / (p.w * p.h + q.w * q.h - inter);
}

/** Weighted non-maximum suppression (MediaPipe's): a kept face is the score-weighted mean of its overlaps. */
export function suppress(detections: Detection[], threshold: number): Detection[] {
  const rest = [...detections].sort((p, q) => q.score - p.score);
  const kept: Detection[] = [];
  while (rest.length > 0) {
    const top = rest[0]!;
    const group = rest.filter((d) => iou(top, d) >= threshold);
    const total = group.reduce((sum, d) => sum + d.score, 0);
    const mean = (get: (d: Detection) => number): number => group.reduce((sum, d) => sum + get(d) * d.score, 0) / total;
    kept.push({
      score: top.score,
      cx: mean((d) => d.cx), cy: mean((d) => d.cy), w: mean((d) => d.w), h: mean((d) => d.h),
      keypoints: top.keypoints.map((_, k) => ({ x: mean((d) => d.keypoints[k]!.x), y: mean((d) => d.keypoints[k]!.y) })),
    });
    for (const d of group) rest.splice(rest.indexOf(d), 1);
  }
  return kept;
}
