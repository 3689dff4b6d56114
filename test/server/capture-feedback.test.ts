/**
 * Capture feedback through the real front door and pipeline (decisions.md, "Capture feedback"):
 * a clean capture has its measures and no reason; a darkened, recompressed one is still verified
 * (feedback is advice) and says why to retake; a reader error's 400 body carries the same fields
 * beside code and message.
 */
import sharp from 'sharp';
import t from 'tap';
import { jpegImage, licenceBody } from './fixtures.js';
import { NEEDS_SHARED_DATA, startServer } from './helper.js';

t.test('capture feedback in the 200 answer and in a reader error', { skip: NEEDS_SHARED_DATA }, async (t) => {
  const server = await startServer(t);
  const { keys } = server;

  t.test('a clean capture: its measures, and no reason to retake', async (t) => {
    const answer = await server.call('POST', '/api/Verify', { key: keys.secretA, json: await licenceBody() });
    t.equal(answer.status, 200, JSON.stringify(answer.body).slice(0, 300));
    t.same(answer.body.captureFeedback, []);
    t.equal(answer.body.imageQuality.length, 1, 'the front is the one image read (the trackString stands for the back)');
    const front = answer.body.imageQuality[0];
    t.equal(front.image, 'front');
    t.ok(front.dpi >= 96, `at least the contract's 96 dpi (${front.dpi})`);
    t.ok(front.sharpness >= 20 && front.brightness >= 35 && front.glare < 25, JSON.stringify(front));
    t.equal(front.cutOff, false);
    t.ok(front.jpegQuality >= 85, 'the scan is JPEG 88–95');
  });

  t.test('a dark, heavily compressed capture is still verified, and says why to retake it', async (t) => {
    const body = await licenceBody();
    const dark = await sharp(Buffer.from(body.frontImageBase64 as string, 'base64')).linear(0.25, 0).jpeg({ quality: 40 }).toBuffer();
    const answer = await server.call('POST', '/api/Verify', { key: keys.secretA, json: { ...body, frontImageBase64: dark.toString('base64') } });
    t.equal(answer.status, 200, 'feedback is advice: the barcode still verifies');
    t.same(answer.body.captureFeedback, [{ image: 'front', reason: 'TooDark' }, { image: 'front', reason: 'HeavyCompression' }]);
    t.equal(answer.body.imageQuality[0].jpegQuality, 40, 'the quality as encoded');
  });

  t.test('a reader error carries the feedback beside code and message', async (t) => {
    // A passport whose front is a blank grey JPEG (sharp's default quality 80): no MRZ to read.
    const blank = (await jpegImage(640, 400)).toString('base64');
    const answer = await server.call('POST', '/api/Verify', { key: keys.secretA, json: { documentType: 2, frontImageBase64: blank } });
    t.equal(answer.status, 400);
    t.match(answer.body.code, /^(MrzIsNotPresentError|MRZOCRError)$/);
    t.same(answer.body.captureFeedback, [
      { image: 'front', reason: 'Blurry' }, { image: 'front', reason: 'TooSmall' }, { image: 'front', reason: 'HeavyCompression' },
    ], 'nothing sharp, no document in the frame, JPEG 80');
    t.equal(answer.body.imageQuality[0].jpegQuality, 80);
    t.equal(answer.body.imageQuality[0].documentCoverage, 0);
  });
});
