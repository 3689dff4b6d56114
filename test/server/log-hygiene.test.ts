/**
 * The log of a full run holds no API key, no image, no trackString and no personal value.
 *
 * The real server (at debug level, the most it ever writes) and its pipeline child run the
 * two-step and the direct flow with a readable licence (back image, trackString, selfie), the
 * dashboard with a person's names and e-mail in the body and in a metadata filter, refusals that
 * echo input (a bad key, a bad field), and a 5xx (the pipeline killed). Then everything both
 * processes wrote, stderr and stdout, is searched for every secret the run sent.
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { DocumentType } from '../../common/document.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';
import { NEEDS_SHARED_DATA, STANDARD_KEYS, childPids, startServer } from './helper.js';

/** Secrets by label; each value is looked for in the log. */
type Secrets = Record<string, string[]>;

/** A long secret leaks if any piece of this many characters of it is in the log. */
const WINDOW = 16;
const LONG = 24;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The labels of the secrets found in `log`, case-insensitively (a log that upper-cased a name
 * still leaks it). A short value (a name, a date, a document number) counts as found when it
 * stands as a whole word; a long one (a key, an image's base64) when any 16 characters of it in a
 * row appear anywhere, so a truncated or sliced copy is found too.
 */
export function findLeaks(log: string, secrets: Secrets): string[] {
  const lower = log.toLowerCase();
  const logWindows = new Set<string>();
  for (let i = 0; i + WINDOW <= lower.length; i++) logWindows.add(lower.slice(i, i + WINDOW));
  const found: string[] = [];
  for (const [label, values] of Object.entries(secrets)) {
    for (const value of values) {
      if (value.length < 3) continue;
      const needle = value.toLowerCase();
      let hit = false;
      if (needle.length >= LONG) {
        for (let i = 0; !hit && i + WINDOW <= needle.length; i++) hit = logWindows.has(needle.slice(i, i + WINDOW));
      } else {
        hit = new RegExp(`(^|[^a-z0-9])${escapeRegExp(needle)}($|[^a-z0-9])`).test(lower);
      }
      if (hit) found.push(`${label}: ${value.length > 40 ? `${value.slice(0, 40)}…` : value}`);
    }
  }
  return found;
}

/** A date as the sources write it: 1985-03-14 (ISO), 03141985 (AAMVA US), 19850314 (AAMVA Canada). */
function dateForms(iso: string | null | undefined): string[] {
  if (!iso) return [];
  const [y, m, d] = iso.split('-');
  return [iso, `${m}${d}${y}`, `${y}${m}${d}`];
}

t.test('the scanner finds what it looks for', async (t) => {
  const key = 'sk_Ab3dEfGh1jKlMn0pQrStUvWxYz0123456789_-AbCdE';
  const image = 'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAA7EAAAOxAGVKw4bAAAA';
  const secrets = { name: ['Hopper'], key: [key], image: [image] };
  t.same(findLeaks('{"msg":"ok","route":"/api/Verify"}', secrets), []);
  t.same(findLeaks('{"who":"HOPPER"}', secrets), ['name: Hopper'], 'a name in other case');
  t.same(findLeaks('{"who":"Grasshopper"}', secrets), [], 'a short value only as a whole word');
  t.same(findLeaks(`{"auth":"Bearer ${key.slice(0, 22)}"}`, secrets), [`key: ${key.slice(0, 40)}…`], 'the start of a key');
  t.same(findLeaks(`{"x":"${key.slice(-17)}"}`, secrets).length, 1, 'the end of a key');
  t.same(findLeaks(`{"img":"${image.slice(30, 47)}"}`, secrets).length, 1, 'a piece from the middle of an image');
  t.same(findLeaks(`{"img":"${image.slice(30, 45)}"}`, secrets), [], 'fewer than 16 characters are not a leak');
});

t.test('a full run logs no key, image or personal value', { skip: NEEDS_SHARED_DATA }, async (t) => {
  const specimen = await generateSpecimen({ seed: 11, index: 0, documentType: DocumentType.ID, negative: null, capture: 'scan' });
  const fields = specimen.truth.machineReadable;
  const front = specimen.front.toString('base64');
  const back = specimen.back?.toString('base64');
  const selfie = specimen.selfie.toString('base64');
  const trackString = Buffer.from(specimen.truth.raw.aamva as string, 'latin1').toString('base64');
  const person = { firstName: 'Philippa', lastName: 'Quennell', email: 'philippa.quennell@example.org', phone: '+44 20 7946 0958' };
  const unknownKey = `sk_${'Zq9'.repeat(14)}x`;

  const server = await startServer(t, { env: { IDV_LOG_LEVEL: 'debug' } });
  const { keys } = server;
  const traceIds: string[] = [];
  const call: typeof server.call = async (method, pathname, options) => {
    const answer = await server.call(method, pathname, options);
    traceIds.push(answer.headers.get('x-trace-id')!);
    return answer;
  };

  // Two-step: create with the back image, read it, verify it, read its content and result.
  const created = await call('POST', '/api/Request', {
    key: keys.publicA,
    json: { documentType: 1, verifyFace: false, frontImageBase64: front, ...(back ? { backOrSecondImageBase64: back } : { trackString }) },
  });
  t.equal(created.status, 201);
  const id: string = created.body.requestId;
  t.equal((await call('GET', `/api/Request/${id}`, { key: keys.publicA })).status, 200);
  const verified = await call('POST', `/api/Verify/${id}?returnContent=true`, { key: keys.secretA });
  t.equal(verified.status, 200, JSON.stringify(verified.body).slice(0, 200));
  t.equal(verified.body.machineReadable.document.familyName, fields.familyName, 'the document was read: its fields passed through');
  t.equal((await call('GET', `/api/Request/${id}/content`, { key: keys.secretA })).status, 200);
  t.equal((await call('GET', `/api/Request/${id}/result`, { key: keys.secretA })).status, 200);

  // Direct, with a selfie.
  const direct = await call('POST', '/api/Verify', {
    key: keys.secretA, json: { documentType: 1, verifyFace: true, frontImageBase64: front, trackString, faceImageBase64: selfie },
  });
  t.ok([200, 400].includes(direct.status), `direct verification with a face answered ${direct.status}`);

  // Dashboard: a person's names and e-mail in a body and in a filter.
  const invitation = await call('POST', '/api/PublicOnboarding/Requests', {
    key: keys.privateA, json: { ...person, location: 'north', metadata: { email: person.email } },
  });
  t.equal(invitation.status, 201);
  const listed = await call('GET', `/api/PublicOnboarding/Requests?metadata[email]=${encodeURIComponent(person.email)}`, { key: keys.privateA });
  t.equal(listed.body.length, 1);

  // Refusals that see the input: an unknown key, a field echoed in propertyErrors.
  t.equal((await call('GET', `/api/Request/${id}`, { key: unknownKey })).status, 401);
  const invalid = await call('POST', '/api/Verify', { key: keys.secretA, json: { documentType: fields.familyName, frontImageBase64: front, trackString } });
  t.equal(invalid.status, 400);

  // A 5xx: the pipeline is gone while a verification is asked for.
  const [pipelinePid] = childPids(server.pid());
  process.kill(pipelinePid!, 'SIGKILL');
  await sleep(200);
  const unavailable = await call('POST', '/api/Verify', { key: keys.secretA, json: { documentType: 1, frontImageBase64: front, trackString } });
  t.equal(unavailable.status, 503);

  await server.stop();
  await sleep(200);
  const log = `${server.stderr()}\n${server.stdout()}`;

  // The capture holds what it should, or finding nothing would prove nothing.
  for (const traceId of traceIds) t.match(log, `"traceId":"${traceId}"`, `the access line of ${traceId}`);
  t.match(log, /"event":"error".*"code":"ServiceUnavailable"/, 'the 5xx was logged');
  t.match(server.stdout(), /"name":"pipeline"/, 'the pipeline child\'s log is in the capture');
  t.ok(log.split('\n').filter(Boolean).every((line) => { try { JSON.parse(line); return true; } catch { return !line.startsWith('{'); } }),
    'log lines are JSON objects');

  const secrets: Secrets = {
    key: [...Object.values(keys), unknownKey],
    image: [front, selfie, ...(back ? [back] : [])],
    trackString: [trackString, specimen.truth.raw.aamva as string],
    person: [fields.familyName, fields.firstName, fields.middleName, fields.fullName, fields.id, fields.address]
      .filter((v): v is string => typeof v === 'string'),
    dates: [...dateForms(fields.dob)],
    dashboard: Object.values(person),
  };
  t.equal(Object.keys(STANDARD_KEYS).length, Object.keys(keys).length, 'every standard key is looked for');
  t.same(findLeaks(log, secrets), [], `no secret in ${log.length} characters of log`);
});
