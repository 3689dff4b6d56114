/**
 * Hostile base64: the decoder of image fields and trackStrings as a pure function (it never
 * throws, it round-trips every byte string in both alphabets, and it refuses anything else), and
 * the same strings through the front door, where each is refused naming its field and nothing
 * is stored.
 */
import t from 'tap';
import fc from 'fast-check';
import { decodeBase64 } from '../../server/validation/images.js';
import { jpegImage } from '../server/fixtures.js';
import { expectAlive, expectRefusal, startHostileServer, storedCounts } from './harness.js';

/** Characters neither base64 alphabet has (and that are not whitespace). */
const FOREIGN = [...'!"#$%&\'()*,.:;<>?@[\\]^`{|}~', '\u00e9', '\u20ac', '\u{1F600}', '\u0000', '\u200b'];

/** Valid base64 of `bytes` written the ways clients write it. */
const spelled = fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.constantFrom('base64', 'base64url'), fc.boolean(), fc.boolean(), fc.nat())
  .map(([bytes, alphabet, padded, prefixed, seed]) => {
    let text = Buffer.from(bytes).toString(alphabet);
    if (alphabet === 'base64' && !padded) text = text.replace(/=+$/, '');
    // Line breaks and spaces where MIME encoders and careless clients put them.
    const breaks = seed % 5 === 0 ? text.replace(/(.{76})/g, '$1\r\n') : seed % 5 === 1 ? ` ${text} ` : text;
    return { bytes: Buffer.from(bytes), text: prefixed ? `data:image/png;base64,${breaks}` : breaks };
  });

/** Base64 text with one character of neither alphabet put somewhere in it. */
const foreign = fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.constantFrom(...FOREIGN), fc.nat())
  .map(([bytes, bad, at]) => {
    const text = Buffer.from(bytes).toString('base64');
    const i = at % (text.length + 1);
    return text.slice(0, i) + bad + text.slice(i);
  });

/** A length no base64 text can have: one character past a whole group. */
const badLength = fc.stringMatching(/^[A-Za-z0-9+/]{4,40}$/).map((text) => text.slice(0, text.length - (text.length % 4)) + 'A');

t.test('the base64 decoder, as a pure function', async (t) => {
  t.test('it never throws, whatever the string', async (t) => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
      const out = decodeBase64(text);
      return out === null || Buffer.isBuffer(out);
    }), { numRuns: 3000 });
    t.pass('3000 strings');
  });

  t.test('every byte string round-trips in both alphabets, padded or not, broken into lines, with a data: prefix', async (t) => {
    fc.assert(fc.property(spelled, ({ bytes, text }) => decodeBase64(text)?.equals(bytes) === true), { numRuns: 2000 });
    t.pass('2000 byte strings');
  });

  t.test('a character of neither alphabet, or an impossible length, is refused', async (t) => {
    fc.assert(fc.property(foreign, (text) => decodeBase64(text) === null), { numRuns: 2000 });
    fc.assert(fc.property(badLength, (text) => decodeBase64(text) === null), { numRuns: 500 });
    t.pass('2500 strings refused');
  });
});

t.test('hostile base64 through the front door is refused naming its field, and nothing is stored', async (t) => {
  const server = await startHostileServer(t);
  const pid = server.pid();
  const image = (await jpegImage(64, 48)).toString('base64');
  const valid = { documentType: 1, frontImageBase64: image, backOrSecondImageBase64: image };

  t.test('an image field holding anything but an image', async (t) => {
    const text = fc.oneof(foreign, badLength, spelled.map((s) => s.text), fc.string({ minLength: 1, maxLength: 200 }));
    const field = fc.constantFrom('frontImageBase64', 'backOrSecondImageBase64', 'faceImageBase64');
    await fc.assert(fc.asyncProperty(text, field, async (value, name) => {
      const answer = await server.call('POST', '/api/Request', { key: server.keys.publicA, json: { ...valid, verifyFace: true, faceImageBase64: image, [name]: value } });
      expectRefusal(answer, ['ValidationError']);
      if (typeof answer.body.propertyErrors?.[name] !== 'string') throw new Error(`${name} not named: ${JSON.stringify(answer.body)}`);
    }), { numRuns: 50 });
    t.pass('50 values refused');
  });

  t.test('a trackString that is not base64', async (t) => {
    await fc.assert(fc.asyncProperty(fc.oneof(foreign, badLength), async (trackString) => {
      const answer = await server.call('POST', '/api/Verify', { key: server.keys.secretA, json: { documentType: 1, frontImageBase64: image, trackString } });
      expectRefusal(answer, ['ValidationError']);
      if (Object.keys(answer.body.propertyErrors ?? {}).join() !== 'trackString') throw new Error(`trackString not named alone: ${JSON.stringify(answer.body)}`);
    }), { numRuns: 30 });
    t.pass('30 trackStrings refused');
  });

  t.test('the server survived and stored nothing', async (t) => {
    await expectAlive(t, server, pid);
    t.same(await storedCounts(server), { requests: 0, invitations: 0 });
  });
});
