/**
 * Bad input through real HTTP, each answered with its code before anything is stored or sent to
 * the pipeline: malformed JSON, wrong types, unknown documentType, garbage base64, a truncated
 * JPEG, a PNG header claiming 30000×30000, an image of a format not taken (HEIC, AVIF, GIF:
 * named in the message), a cut BMP, a 50 MB body, a wrong media type, missing images. TIFF and
 * BMP, which scanners write, pass.
 */
import t from 'tap';
import http from 'node:http';
import { encodeBmp } from '../fixtures/bmp-encode.js';
import { heicImage, jpegImage, otherFormatImage, pngBomb, truncatedJpeg } from './fixtures.js';
import { startServer } from './helper.js';
import { assertDocumented, webHeaders } from './openapi-conformance.js';

t.test('the front door refuses bad input with the contract\'s codes', async (t) => {
  const server = await startServer(t);
  const { keys } = server;
  const front = (await jpegImage()).toString('base64');
  const back = (await jpegImage(200, 120)).toString('base64');
  const valid = { documentType: 1, verifyFace: false, frontImageBase64: front, backOrSecondImageBase64: back };

  /** Posts to both creating endpoints; the answers must agree. */
  async function refuse(body: { json?: unknown; body?: string; headers?: Record<string, string> }) {
    const request = await server.call('POST', '/api/Request', { key: keys.publicA, ...body });
    const verify = await server.call('POST', '/api/Verify', { key: keys.secretA, ...body });
    t.equal(verify.status, request.status, 'POST /api/Verify answers as POST /api/Request does');
    t.equal(verify.body?.code, request.body?.code);
    t.notOk(request.headers.get('location'), 'nothing was created');
    return request;
  }

  t.test('a JSON body under application/*+json is validated as one under application/json', async (t) => {
    const answer = await refuse({ body: JSON.stringify({ ...valid, documentType: 9 }), headers: { 'content-type': 'application/json-patch+json; charset=utf-8' } });
    t.equal(answer.status, 400);
    t.same(Object.keys(answer.body.propertyErrors), ['documentType']);
    const broken = await refuse({ body: '{"documentType": ', headers: { 'content-type': 'application/vnd.api+json' } });
    t.same(Object.keys(broken.body.propertyErrors), ['body']);
  });

  t.test('malformed JSON is a ValidationError naming the body', async (t) => {
    const answer = await refuse({ body: '{"documentType": 1, "frontImageBase64": ', headers: { 'content-type': 'application/json' } });
    t.equal(answer.status, 400);
    t.equal(answer.body.code, 'ValidationError');
    t.same(Object.keys(answer.body.propertyErrors), ['body']);
    t.match(answer.body.propertyErrors.body, /^body must be a JSON object, got /);
    t.equal(answer.body.multipleErrors, null);
    t.match(answer.body.traceId, /^[0-9a-f-]{36}$/);
  });

  t.test('a JSON body that is not an object is a ValidationError', async (t) => {
    for (const json of [[valid], 'text', null]) {
      const answer = await refuse({ body: JSON.stringify(json), headers: { 'content-type': 'application/json' } });
      t.equal(answer.status, 400, JSON.stringify(json));
      t.equal(answer.body.code, 'ValidationError');
      t.ok(answer.body.propertyErrors.body);
    }
  });

  t.test('wrong JSON types name each field', async (t) => {
    const answer = await refuse({ json: { documentType: true, verifyFace: 'yes', frontImageBase64: 123, backOrSecondImageBase64: ['x'], trackString: {} } });
    t.equal(answer.status, 400);
    t.equal(answer.body.code, 'ValidationError');
    t.same(Object.keys(answer.body.propertyErrors).sort(), ['backOrSecondImageBase64', 'documentType', 'frontImageBase64', 'trackString', 'verifyFace']);
    t.equal(answer.body.propertyErrors.verifyFace, 'verifyFace must be true, false, 1 or 0, got "yes"');
    t.match(answer.body.propertyErrors.frontImageBase64, /^frontImageBase64 must be base64 .* got 123$/);
  });

  t.test('an unknown documentType is a ValidationError', async (t) => {
    for (const documentType of [9, '9', 'DriverLicense', 1.5]) {
      const answer = await refuse({ json: { ...valid, documentType } });
      t.equal(answer.status, 400, String(documentType));
      t.equal(answer.body.code, 'ValidationError');
      t.match(answer.body.propertyErrors.documentType, /^documentType must be one of 1, 2, 3, 6, 7 or a name \(ID, Passport, PassportCard, GreenCard, InternationalId\), got/);
    }
  });

  t.test('garbage base64 is a ValidationError', async (t) => {
    const answer = await refuse({ json: { ...valid, frontImageBase64: '!!not*base64?', trackString: '%%%' } });
    t.equal(answer.status, 400);
    t.same(Object.keys(answer.body.propertyErrors).sort(), ['frontImageBase64', 'trackString']);
    t.match(answer.body.propertyErrors.frontImageBase64, /got a string that is not base64$/);
    t.equal(answer.body.propertyErrors.trackString,
      'trackString must be base64 of the barcode text, the barcode text itself, MRZ text (Passport, PassportCard, GreenCard, InternationalId) or an object { "data": one of these }, got "%%%"');
    const wrapped = await refuse({ json: { ...valid, trackString: { data: 42 } } });
    t.match(wrapped.body.propertyErrors.trackString, /, got an object$/);
  });

  t.test('base64 of bytes that are no image is a ValidationError', async (t) => {
    const answer = await refuse({ json: { ...valid, backOrSecondImageBase64: Buffer.from('just some text, not an image').toString('base64') } });
    t.equal(answer.body.code, 'ValidationError');
    t.equal(answer.body.propertyErrors.backOrSecondImageBase64,
      'backOrSecondImageBase64 must be a whole JPEG, PNG, WebP, TIFF or BMP image, got bytes that are not a JPEG, PNG, WebP, TIFF or BMP image');
  });

  t.test('an image of another format is a ValidationError naming the format found', async (t) => {
    for (const [format, bytes] of [['a HEIC image', heicImage()], ['an AVIF image', await otherFormatImage('avif')], ['a GIF image', await otherFormatImage('gif')]] as const) {
      const answer = await refuse({ json: { ...valid, frontImageBase64: `data:image/heic;base64,${bytes.toString('base64')}` } });
      t.equal(answer.status, 400, format);
      t.equal(answer.body.code, 'ValidationError');
      t.equal(answer.body.propertyErrors.frontImageBase64, `frontImageBase64 must be a whole JPEG, PNG, WebP, TIFF or BMP image, got ${format}`);
    }
  });

  t.test('a BMP cut short, or compressed, is a ValidationError', async (t) => {
    const whole = await otherFormatImage('bmp');
    const cut = await refuse({ json: { ...valid, frontImageBase64: whole.subarray(0, whole.length - 100).toString('base64') } });
    t.equal(cut.body.code, 'ValidationError');
    t.match(cut.body.propertyErrors.frontImageBase64, /got a BMP image that cannot be decoded \(truncated or corrupt\)$/);
    const rle = encodeBmp(Buffer.alloc(16 * 16 * 3, 200), 16, 16, { bits: 8, compression: 1 });
    const compressed = await refuse({ json: { ...valid, frontImageBase64: rle.toString('base64') } });
    t.match(compressed.body.propertyErrors.frontImageBase64, /got a BMP image with RLE8 compression \(only uncompressed bitmaps are read\)$/);
  });

  t.test('a truncated JPEG is a ValidationError', async (t) => {
    const answer = await refuse({ json: { ...valid, frontImageBase64: (await truncatedJpeg()).toString('base64') } });
    t.equal(answer.status, 400);
    t.equal(answer.body.code, 'ValidationError');
    t.match(answer.body.propertyErrors.frontImageBase64, /cannot be decoded \(truncated or corrupt\)/);
  });

  t.test('a PNG header claiming 30000x30000 is refused before decoding', async (t) => {
    const answer = await refuse({ json: { ...valid, frontImageBase64: pngBomb().toString('base64') } });
    t.equal(answer.status, 400);
    t.equal(answer.body.code, 'ValidationError');
    t.match(answer.body.propertyErrors.frontImageBase64, /got a 30000x30000 image \(at most 10000 px a side and 40 megapixels\)/);
  });

  t.test('a missing front is FrontImageRequiredError; a missing back and trackString is its own code', async (t) => {
    const noFront = await refuse({ json: { ...valid, frontImageBase64: '' } });
    t.equal(noFront.body.code, 'FrontImageRequiredError');
    const noBack = await refuse({ json: { documentType: 'ID', frontImageBase64: front } });
    t.equal(noBack.body.code, 'BackImageOrTrackStringNotPresentError');
    const neither = await refuse({ json: { documentType: 6 } });
    t.equal(neither.body.code, 'MultipleErrors');
    t.same(neither.body.multipleErrors.map((e: { code: string }) => e.code), ['FrontImageRequiredError', 'BackImageOrTrackStringNotPresentError']);
    t.ok(neither.body.multipleErrors.every((e: { traceId: string }) => e.traceId === neither.body.traceId));
  });

  t.test('field problems together with a missing back answer MultipleErrors', async (t) => {
    const answer = await refuse({ json: { documentType: 1, frontImageBase64: front, verifyFace: true } });
    t.equal(answer.body.code, 'MultipleErrors');
    const [validation, back] = answer.body.multipleErrors;
    t.equal(validation.code, 'ValidationError');
    t.equal(validation.propertyErrors.faceImageBase64, 'faceImageBase64 must be an image when verifyFace is true, got nothing');
    t.equal(back.code, 'BackImageOrTrackStringNotPresentError');
  });

  t.test('a body that is not JSON is 415 UnsupportedMediaType', async (t) => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/json+xml', 'application/jsonx']) {
      const answer = await refuse({ body: 'documentType=1', headers: { 'content-type': type } });
      t.equal(answer.status, 415, type);
      t.equal(answer.body.code, 'UnsupportedMediaType');
      t.equal(answer.body.message, 'The request body must be JSON (application/json or application/*+json).');
    }
  });

  t.test('a 50 MB body is 413 PayloadTooLarge', async (t) => {
    const size = 50 * 1024 * 1024;
    const answer = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const url = new URL('/api/Request', server.url);
      const request = http.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': size, authorization: `Bearer ${keys.publicA}` },
      }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => { text += chunk.toString(); });
        response.on('end', () => {
          try {
            const headers = webHeaders(response.headers);
            assertDocumented({ method: 'POST', url: '/api/Request', status: response.statusCode!, headers, text });
            resolve({ status: response.statusCode!, body: JSON.parse(text) });
          } catch (error) {
            reject(error);
          }
        });
      });
      // The server answers as soon as it sees the length; it may close before all is sent.
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < size) {
          sent += chunk.length;
          if (!request.write(chunk)) {
            request.once('drain', pump);
            return;
          }
        }
        request.end();
      };
      pump();
    });
    t.equal(answer.status, 413);
    t.equal(answer.body.code, 'PayloadTooLarge');
  });

  t.test('valid input passes the same checks', async (t) => {
    const answer = await server.call('POST', '/api/Request', { key: keys.publicA, json: valid });
    t.equal(answer.status, 201);
  });

  t.test('TIFF and BMP images, as scanners write them, pass', async (t) => {
    for (const format of ['tiff', 'bmp'] as const) {
      const image = (await otherFormatImage(format)).toString('base64');
      const answer = await server.call('POST', '/api/Request', { key: keys.publicA, json: { ...valid, frontImageBase64: image, backOrSecondImageBase64: image } });
      t.equal(answer.status, 201, format);
      const content = await server.call('GET', `/api/Request/${answer.body.requestId}/content`, { key: keys.secretA });
      t.equal(content.body.frontImageBase64, image, 'stored as sent');
    }
  });
});
