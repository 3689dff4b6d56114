/**
 * Hostile image bytes: truncated real JPEG, PNG and WebP files, random bytes (bare or behind a
 * real magic number), polyglots (an image header followed by a zip archive or an HTML page), and
 * decompression bombs (a real file's header rewritten to claim huge dimensions). The image check
 * refuses each as a pure function (many runs), and the front door refuses each with a
 * ValidationError naming the field, stores nothing and keeps running (a few dozen calls).
 */
import t from 'tap';
import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_PIXELS, MAX_SIDE_PX, checkImage } from '../../server/validation/images.js';
import { pngBomb } from '../server/fixtures.js';
import { SHARED_DATA } from '../server/helper.js';
import { expectAlive, expectRefusal, startHostileServer, storedCounts } from './harness.js';

type Format = 'jpeg' | 'png' | 'webp';

interface RealImage {
  name: string;
  format: Format;
  bytes: Buffer;
  /**
   * Cuts before this offset lose image data. A file cut after it still holds every pixel and is
   * rightly decoded: a PNG cut inside its IEND chunk, or a JPEG cut inside its two-byte EOI marker
   * (libjpeg accepts the latter whenever the last scan needs no byte past the cut: about one noise
   * image in eight; a cut into the scan data is always refused).
   */
  dataEnd: number;
}

function dataEnd(format: Format, bytes: Buffer): number {
  if (format === 'png') return bytes.lastIndexOf('IEND') - 4;
  return format === 'jpeg' ? bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) : bytes.length;
}

/** Noisy photographs-to-be (noise compresses badly, so the scan data is most of the file), and
 * real photographs from the shared data when it is there. */
async function realImages(): Promise<RealImage[]> {
  const noise = sharp({ create: { width: 160, height: 100, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  const made: [string, Format, Buffer][] = [
    ['noise.jpg', 'jpeg', await noise.clone().jpeg().toBuffer()],
    ['noise-progressive.jpg', 'jpeg', await noise.clone().jpeg({ progressive: true }).toBuffer()],
    ['noise.png', 'png', await noise.clone().png().toBuffer()],
    ['noise.webp', 'webp', await noise.clone().webp().toBuffer()],
  ];
  const faces = path.join(SHARED_DATA, 'faces', 'face_recognition');
  for (const [file, format] of [['test__obama1.jpg', 'jpeg'], ['alex-lacamoire.png', 'png']] as const) {
    if (existsSync(path.join(faces, file))) made.push([file, format, readFileSync(path.join(faces, file))]);
  }
  return made.map(([name, format, bytes]) => ({ name, format, bytes, dataEnd: dataEnd(format, bytes) }));
}

/** A copy of a real JPEG whose frame header (SOF0/SOF2) claims width×height. */
function jpegClaiming(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i + 9 < out.length;) {
    if (out[i] !== 0xff) throw new Error(`no marker at ${i}`);
    const marker = out[i + 1]!;
    if (marker === 0xc0 || marker === 0xc2) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
    i += 2 + out.readUInt16BE(i + 2);
  }
  throw new Error('no frame header');
}

/** A copy of a real lossy WebP whose VP8 frame header claims width×height (14 bits each). */
function webpClaiming(webp: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(webp);
  if (out.toString('ascii', 12, 16) !== 'VP8 ') throw new Error('not a simple lossy WebP');
  out.writeUInt16LE(width & 0x3fff, 26);
  out.writeUInt16LE(height & 0x3fff, 28);
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAGIC = [PNG_SIGNATURE, Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('RIFF\x00\x10\x00\x00WEBPVP8 ', 'latin1'), Buffer.from('GIF89a'), Buffer.from('BM')];
const ZIP = Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1'), Buffer.alloc(20), Buffer.from('evil.sh#!/bin/sh\nrm -rf /\n'), Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/Request",{method:"POST"})</script></body></html>');

/** Dimensions over a limit: a side over MAX_SIDE_PX, or more than MAX_PIXELS in all. */
const overLimit = (maxSide: number) => fc.oneof(
  fc.tuple(fc.integer({ min: MAX_SIDE_PX + 1, max: maxSide }), fc.integer({ min: 1, max: maxSide })),
  fc.tuple(fc.integer({ min: 1, max: maxSide }), fc.integer({ min: MAX_SIDE_PX + 1, max: maxSide })),
  fc.tuple(fc.integer({ min: 6400, max: MAX_SIDE_PX }), fc.integer({ min: 6400, max: MAX_SIDE_PX })).filter(([w, h]) => w * h > MAX_PIXELS),
);

/** Every kind of hostile image, with what the refusal must say about it (or null: any reason). */
function hostileImages(images: RealImage[]): fc.Arbitrary<{ kind: string; bytes: Buffer; says: RegExp | null }> {
  const real = fc.constantFrom(...images);
  const jpeg = images.find((image) => image.name === 'noise.jpg')!.bytes;
  const webp = images.find((image) => image.name === 'noise.webp')!.bytes;
  const dims = (w: number, h: number): RegExp => new RegExp(`got a ${w}x${h} image \\(at most`);
  return fc.oneof(
    fc.tuple(real, fc.double({ min: 0, max: 1, noNaN: true })).map(([image, at]) => ({
      kind: `${image.name} cut`, bytes: image.bytes.subarray(0, Math.floor(at * (image.dataEnd - 1))), says: null,
    })),
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ kind: 'random bytes', bytes: Buffer.from(bytes), says: null })),
    fc.tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 2000 })).map(([magic, bytes]) => ({
      kind: 'a magic number and random bytes', bytes: Buffer.concat([magic, bytes]), says: null,
    })),
    fc.tuple(real, fc.constantFrom(ZIP, HTML), fc.nat({ max: 64 })).map(([image, payload, keep]) => ({
      // The file's header (and a little more), then another file: no image data follows.
      kind: `${image.name} header and a ${payload === ZIP ? 'zip' : 'page'}`, bytes: Buffer.concat([image.bytes.subarray(0, 33 + keep), payload]), says: null,
    })),
    // Up to libpng's own width limit the header is read and the size refused; beyond it libpng
    // refuses the header itself. Either way, nothing is decoded.
    overLimit(1_000_000).map(([w, h]) => ({ kind: 'PNG bomb', bytes: pngBomb(w, h), says: dims(w, h) })),
    overLimit(2 ** 31 - 1).map(([w, h]) => ({ kind: 'PNG bomb past libpng limits', bytes: pngBomb(w, h), says: null })),
    // libjpeg reads headers up to 65500 px a side (JPEG_MAX_DIMENSION) and refuses larger ones itself.
    overLimit(65500).map(([w, h]) => ({ kind: 'JPEG bomb', bytes: jpegClaiming(jpeg, w, h), says: dims(w, h) })),
    overLimit(65535).map(([w, h]) => ({ kind: 'JPEG bomb past libjpeg limits', bytes: jpegClaiming(jpeg, w, h), says: null })),
    overLimit(16383).map(([w, h]) => ({ kind: 'WebP bomb', bytes: webpClaiming(webp, w, h), says: dims(w, h) })),
  );
}

t.test('the image check refuses every hostile image and never throws', async (t) => {
  const images = await realImages();
  for (const image of images) t.equal(await checkImage(image.bytes), null, `${image.name} whole is accepted`);
  let runs = 0;
  await fc.assert(fc.asyncProperty(hostileImages(images), async ({ kind, bytes, says }) => {
    runs += 1;
    const wrong = await checkImage(bytes);
    if (wrong === null) throw new Error(`${kind} (${bytes.length} bytes) was accepted`);
    if (says !== null && !says.test(`got ${wrong}`)) throw new Error(`${kind}: "${wrong}" does not match ${says}`);
  }), { numRuns: 1500 });
  t.equal(runs, 1500, '1500 hostile images refused');
});

t.test('hostile images through the front door: ValidationError naming the field, nothing stored', async (t) => {
  const images = await realImages();
  const server = await startHostileServer(t);
  const pid = server.pid();
  const image = images[0]!.bytes.toString('base64');
  const field = fc.constantFrom('frontImageBase64', 'backOrSecondImageBase64', 'faceImageBase64');
  await fc.assert(fc.asyncProperty(hostileImages(images), field, async ({ kind, bytes }, name) => {
    const json = { documentType: 1, verifyFace: true, frontImageBase64: image, backOrSecondImageBase64: image, faceImageBase64: image, [name]: bytes.toString('base64') };
    const answer = await server.call('POST', '/api/Request', { key: server.keys.secretA, json });
    // Empty bytes are an absent field (its own code); anything else is a bad image.
    if (bytes.length === 0) return expectRefusal(answer);
    expectRefusal(answer, ['ValidationError']);
    if (typeof answer.body.propertyErrors?.[name] !== 'string') throw new Error(`${kind}: ${name} not named in ${JSON.stringify(answer.body)}`);
  }), { numRuns: 60 });
  await expectAlive(t, server, pid);
  t.same(await storedCounts(server), { requests: 0, invitations: 0 }, 'the store holds no request');
});
