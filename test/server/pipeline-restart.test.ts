/** serve restarts its pipeline child when it dies; meanwhile calls answer 503. */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { jpegImage } from './fixtures.js';
import { childPids, startServer } from './helper.js';

t.test('a killed pipeline child is replaced and verifications reach the new one', async (t) => {
  const server = await startServer(t);
  const { keys } = server;
  const [pipelinePid] = childPids(server.pid());
  t.ok(pipelinePid, 'serve runs a pipeline child');
  const body = {
    documentType: 1,
    frontImageBase64: (await jpegImage()).toString('base64'),
    trackString: Buffer.from('not a licence').toString('base64'),
  };
  process.kill(pipelinePid!, 'SIGKILL');
  for (let i = 0; i < 100 && !server.stderr().includes('pipeline restarted'); i++) await sleep(100);
  t.match(server.stderr(), /"event":"pipeline exited"/);
  t.match(server.stderr(), /"event":"pipeline restarted"/);
  const created = await server.call('POST', '/api/Request', { key: keys.publicA, json: body });
  const answer = await server.call('POST', `/api/Verify/${created.body.requestId}`, { key: keys.secretA });
  t.not(answer.status, 503, `the new child answered (${answer.body.code})`);
  t.not(childPids(server.pid())[0], pipelinePid, 'a new process');
});
