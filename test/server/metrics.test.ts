/**
 * GET /metrics on the real server: request counts by route template and status, latency
 * histograms, the per-stage histograms fed by a real verification, the pipeline call counters,
 * and who may read it (IDV_METRICS local / open / off).
 */
import t from 'tap';
import { jpegImage, licenceBody } from './fixtures.js';
import { EXTERNAL_IPV4, NEEDS_EXTERNAL_IPV4, NEEDS_SHARED_DATA, NO_PIPELINE, UNKNOWN_REQUEST, startServer } from './helper.js';
import { checkedFetch } from './openapi-conformance.js';

const UNKNOWN_ID = UNKNOWN_REQUEST.split('/').pop()!;

/** Samples of the Prometheus text format: `name{labels}` → value. */
function parseSamples(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}

async function scrape(url: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; text: string }> {
  const answer = await checkedFetch(`${url}/metrics`, { headers });
  return { status: answer.status, type: answer.headers.get('content-type'), text: await answer.text() };
}

t.test('metrics count what the server answered', { skip: NEEDS_SHARED_DATA }, async (t) => {
  const server = await startServer(t);
  const { keys } = server;
  for (let i = 0; i < 2; i++) t.equal((await server.call('GET', UNKNOWN_REQUEST, { key: keys.secretA })).status, 404);
  t.equal((await server.call('GET', UNKNOWN_REQUEST)).status, 401);
  t.equal((await server.call('GET', '/no/such/path', { outsideDocument: true })).status, 404);
  const verified = await server.call('POST', '/api/Verify', { key: keys.secretA, json: await licenceBody() });
  t.equal(verified.status, 200, JSON.stringify(verified.body).slice(0, 300));
  const failed = await server.call('POST', '/api/Verify', {
    key: keys.secretA,
    json: { documentType: 1, frontImageBase64: (await jpegImage()).toString('base64'), trackString: Buffer.from('not a licence').toString('base64') },
  });
  t.equal(failed.status, 400, 'the pipeline refused the payload with a coded error');

  const { status, type, text } = await scrape(server.url);
  t.equal(status, 200);
  t.match(type, /^text\/plain; version=0\.0\.4/);
  const samples = parseSamples(text);
  const get = (name: string): number | undefined => samples.get(name);

  t.equal(get('idv_http_requests_total{method="GET",route="/api/Request/:id",code="404"}'), 2, 'by route template, not path');
  t.equal(get('idv_http_requests_total{method="GET",route="/api/Request/:id",code="401"}'), 1);
  t.equal(get('idv_http_requests_total{method="GET",route="(unmatched)",code="404"}'), 1, 'unknown paths share one label');
  t.equal(get('idv_http_requests_total{method="POST",route="/api/Verify",code="200"}'), 1);
  t.equal(get('idv_http_requests_total{method="POST",route="/api/Verify",code="400"}'), 1);
  t.equal(get('idv_http_request_duration_seconds_count{method="POST",route="/api/Verify",code="200"}'), 1);
  t.ok(get('idv_http_request_duration_seconds_sum{method="POST",route="/api/Verify",code="200"}')! > 0);
  t.notMatch(text, UNKNOWN_ID, 'no request id in any label');
  t.notMatch(text, '/no/such/path', 'no raw path in any label');

  const stages = [...samples.keys()]
    .map((name) => /^idv_pipeline_stage_duration_seconds_count\{stage="([^"]+)"\}$/.exec(name)?.[1])
    .filter((stage): stage is string => stage !== undefined);
  for (const stage of ['intake', 'aamva', 'ocr', 'verdict']) t.ok(stages.includes(stage), `stage ${stage} is measured`);
  for (const stage of stages) {
    t.equal(get(`idv_pipeline_stage_duration_seconds_count{stage="${stage}"}`), 1, `${stage}: the one successful verification`);
  }
  t.notOk(stages.includes('face'), 'verifyFace false: no face stage ran');
  t.equal(get('idv_pipeline_calls_total{outcome="ok"}'), 1);
  t.equal(get(`idv_pipeline_calls_total{outcome="${failed.body.code}"}`), 1, `the failed call counted under ${failed.body.code}`);
  t.equal(get('idv_pipeline_call_duration_seconds_count{outcome="ok"}'), 1);
  t.equal(get('idv_pipeline_calls_in_flight'), 0);
  t.ok(get('idv_process_resident_memory_bytes')! > 0, 'process metrics of the front door');

  const forwarded = await server.call('GET', '/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } });
  t.equal(forwarded.status, 403, 'a request a proxy forwarded is not local');
  t.equal(forwarded.body.code, 'Forbidden');
});

t.test('IDV_METRICS=local serves this machine only', { skip: NEEDS_EXTERNAL_IPV4 }, async (t) => {
  const server = await startServer(t, { args: [...NO_PIPELINE, '--host', '0.0.0.0'] });
  const port = new URL(server.url).port;
  t.equal((await scrape(`http://127.0.0.1:${port}`)).status, 200);
  const outside = await scrape(`http://${EXTERNAL_IPV4}:${port}`);
  t.equal(outside.status, 403);
  t.equal(JSON.parse(outside.text).code, 'Forbidden');
});

t.test('IDV_METRICS=open serves anyone who reaches the port', { skip: NEEDS_EXTERNAL_IPV4 }, async (t) => {
  const server = await startServer(t, { args: [...NO_PIPELINE, '--host', '0.0.0.0'], env: { IDV_METRICS: 'open' } });
  const outside = await scrape(`http://${EXTERNAL_IPV4}:${new URL(server.url).port}`);
  t.equal(outside.status, 200);
  t.match(outside.text, /^# HELP /m);
});

t.test('IDV_METRICS=off: no such path', async (t) => {
  const server = await startServer(t, { args: NO_PIPELINE, env: { IDV_METRICS: 'off' } });
  const answer = await server.call('GET', '/metrics');
  t.equal(answer.status, 404);
  t.equal(answer.body.code, 'NotFound');
});
