import * as grpc from '@grpc/grpc-js';
import sharp from 'sharp';
import t from 'tap';
import { benchBackImage, benchPayload, BENCH_PERSON } from '../../bench/fixtures.js';
import { healthProto } from '../../pipeline/proto.js';
import type { HealthCheckResponse__Output } from '../../proto/generated/grpc/health/v1/HealthCheckResponse.js';
import type { VerifyRequest } from '../../proto/generated/idv/pipeline/v1/VerifyRequest.js';
import { call, decodeBarcode, errorCode, startPipeline, verify } from './helper.js';

t.test('a trackString verification returns the AAMVA fields and a verdict', async (t) => {
  const { client } = await startPipeline(t);
  const { error, response } = await verify(client, { documentType: 1, trackString: benchPayload() });
  t.equal(error, null);
  t.equal(response?.machineReadable?.document.familyName, BENCH_PERSON.familyName);
  t.equal(response?.machineReadable?.document.dob, BENCH_PERSON.dob);
  t.equal(response?.machineReadable?.confidence.id, 100);
  t.equal(response?.document.id, BENCH_PERSON.dln);
  t.equal(response?.documentVerificationResult?.status, 0, 'a genuine, unexpired licence is OK');
  t.equal(response?.visual, null, 'no front OCR stage yet: visual is absent, not invented');
  t.equal(response?.faceVerificationResult, null);
  t.same(response?.timings.map((timing) => timing.stage), ['barcode', 'aamva', 'verdict'], 'no image was decoded');
});

t.test('a back image is decoded through intake, barcode and AAMVA', async (t) => {
  const { client } = await startPipeline(t);
  const backImage = await benchBackImage();
  const { error, response } = await verify(client, { documentType: 1, backImage });
  t.equal(error, null);
  t.equal(response?.machineReadable?.document.id, BENCH_PERSON.dln);
  t.same(response?.timings.map((timing) => timing.stage), ['intake', 'barcode', 'aamva', 'verdict']);
  t.equal(response?.quality.length, 1);
  t.equal(response?.quality[0]?.image, 'back');
  t.equal(response?.quality[0]?.width, (await sharp(backImage).metadata()).width, 'the width as uploaded');
  t.ok((response?.quality[0]?.sharpness ?? -1) >= 0 && (response?.quality[0]?.sharpness ?? 101) <= 100, 'sharpness 0–100');
  // The bench's back: a card turned 4°, framed tightly (its corners meet the frame, no edge leaves it), JPEG 85.
  t.same(response?.quality[0]?.reasons, [], 'a clean capture needs no retake');
  t.equal(response?.quality[0]?.cutOff, false, 'a tilted card framed tightly is not cut off');
});

t.test('the DecodeBarcode stage RPC works on its own', async (t) => {
  const { client } = await startPipeline(t);
  const { error, response } = await decodeBarcode(client, { image: await benchBackImage() });
  t.equal(error, null);
  t.equal(response?.text, benchPayload());
  t.equal(response?.machineReadable?.document.firstName, BENCH_PERSON.firstName);
});

t.test('coded failures come back as INVALID_ARGUMENT with the contract code', async (t) => {
  const { client } = await startPipeline(t);
  const blank = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ffffff' } }).png().toBuffer();
  const cases: Array<[string, VerifyRequest, string]> = [
    ['unknown document type', { documentType: 5, trackString: 'x' }, 'ValidationError'],
    ['no back image and no trackString', { documentType: 1 }, 'BackImageOrTrackStringNotPresentError'],
    ['a trackString that is not AAMVA', { documentType: 1, trackString: 'hello world' }, 'TrackStringParserError'],
    ['a back image without a barcode', { documentType: 1, backImage: blank }, 'PDF417Error'],
    ['bytes that are not an image', { documentType: 1, backImage: Buffer.from('not an image at all') }, 'ValidationError'],
    ['a truncated JPEG', { documentType: 1, backImage: (await benchBackImage()).subarray(0, 3000) }, 'ValidationError'],
  ];
  for (const [name, request, code] of cases) {
    const { error } = await verify(client, request);
    t.equal(error?.code, grpc.status.INVALID_ARGUMENT, `${name}: status`);
    t.equal(errorCode(error), code, `${name}: code`);
  }
});

t.test('a full queue answers RESOURCE_EXHAUSTED and the pool keeps serving', async (t) => {
  const { client } = await startPipeline(t, { threads: 1, maxQueue: 1 });
  const back = await benchBackImage();
  const outcomes = await Promise.all(Array.from({ length: 6 }, () => verify(client, { documentType: 1, backImage: back })));
  const exhausted = outcomes.filter((o) => o.error?.code === grpc.status.RESOURCE_EXHAUSTED);
  t.ok(exhausted.length >= 3, `${exhausted.length} of 6 refused with one running and one queued`);
  t.ok(outcomes.filter((o) => o.error === null).length >= 2, 'the running and the queued task are answered');
  const after = await verify(client, { documentType: 1, trackString: benchPayload() });
  t.equal(after.error, null, 'served again once the queue drained');
});

t.test('a deadline that expires in the queue stops the queued work', async (t) => {
  const { client, running } = await startPipeline(t, { threads: 1 });
  const back = await benchBackImage();
  const busy = verify(client, { documentType: 1, backImage: back });
  const late = await verify(client, { documentType: 1, trackString: benchPayload() }, { deadline: Date.now() + 5 });
  t.equal(late.error?.code, grpc.status.DEADLINE_EXCEEDED);
  await busy;
  await new Promise((resolve) => setTimeout(resolve, 50));
  const verified = running.timings.summary()['aamva']?.count ?? 0;
  t.equal(verified, 1, 'only the busy task reached the AAMVA stage');
  t.same(running.pool.stats.queued, 0);
});

t.test('a worker killed mid-task is replaced and the task is answered', async (t) => {
  const { client, running } = await startPipeline(t, { threads: 1 });
  // A warm worker takes the task at once; one still starting would leave it in Piscina's queue,
  // where the replacement worker answers it, and a slow CI machine showed exactly that race.
  t.equal((await verify(client, { documentType: 1, trackString: benchPayload() })).error, null, 'the worker is up');
  const back = await benchBackImage();
  const pending = verify(client, { documentType: 1, backImage: back });
  while (running.pool.stats.running === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  await running.pool.terminateWorkers();
  const { error } = await pending;
  t.equal(error?.code, grpc.status.INTERNAL);
  t.equal(errorCode(error), 'ApiError');
  const after = await verify(client, { documentType: 1, trackString: benchPayload() });
  t.equal(after.error, null, 'a new worker serves the next call');
});

t.test('the health service reports SERVING', async (t) => {
  const { running } = await startPipeline(t);
  const Health = healthProto().grpc.health.v1.Health;
  const health = new Health(running.address, grpc.credentials.createInsecure());
  t.teardown(() => health.close());
  const { error, response } = await call<HealthCheckResponse__Output>((done) => health.check({ service: 'idv.pipeline.v1.Pipeline' }, done));
  t.equal(error, null);
  t.equal(response?.status, 'SERVING');
});
