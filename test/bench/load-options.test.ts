/** The load bench's options, and how a step is judged against the throughput target. */
import t from 'tap';
import { loadOptions } from '../../bench/load/options.js';
import { latency, type StepSummary } from '../../bench/load/summary.js';
import { judgeTarget } from '../../bench/load/target.js';

t.test('defaults, quick mode, soak mode and a running front door', async (t) => {
  const full = loadOptions([], false, {});
  t.same([full.durationSeconds, full.concurrency, full.soakSeconds, full.mix, full.target], [20, [1, 2, 4, 8, 16], null, 'mixed', null]);
  const quick = loadOptions([], true, {});
  t.same([quick.durationSeconds, quick.concurrency], [5, [1, 2, 4]]);
  const chosen = loadOptions(['--duration', '7', '--concurrency=3,6', '--mix', 'licence'], false, {});
  t.same([chosen.durationSeconds, chosen.concurrency, chosen.mix], [7, [3, 6], 'licence']);
  const soak = loadOptions(['--soak', '600'], false, {});
  t.same([soak.soakSeconds, soak.concurrency], [600, [2]], 'a soak runs one concurrency, 2 unless told');
  const remote = loadOptions([], false, { IDV_BENCH_URL: 'http://10.0.0.11:8080/', IDV_BENCH_KEY: 'sk_x' });
  t.same(remote.target, { url: 'http://10.0.0.11:8080', key: 'sk_x' });
});

t.test('a bad option is an error that names it', async (t) => {
  const cases: [string[], NodeJS.ProcessEnv, string][] = [
    [['--duration', '0'], {}, '--duration must be an integer from 1 to 3600, got "0"'],
    [['--duration'], {}, '--duration needs a value'],
    [['--concurrency', '1,x'], {}, '--concurrency must be an integer from 1 to 1024, got "x"'],
    [['--soak', '60', '--concurrency', '1,2'], {}, '--soak runs one concurrency, got --concurrency 1,2'],
    [['--mix', 'passports'], {}, '--mix must be one of mixed, licence, got "passports"'],
    [[], { IDV_BENCH_URL: 'http://x:1' }, 'IDV_BENCH_URL and IDV_BENCH_KEY (a secret key of that front door) must be given together'],
    [[], { IDV_BENCH_URL: 'x:1/api', IDV_BENCH_KEY: 'sk_x' }, 'IDV_BENCH_URL must be a base URL such as http://10.0.0.11:8080, got "x:1/api"'],
  ];
  for (const [args, env, message] of cases) t.throws(() => loadOptions(args, false, env), { message }, args.join(' ') || JSON.stringify(env));
});

t.test('the target is met by a step with 2 licences a second whose successful licence p95 is within 2 s', async (t) => {
  const step = (connections: number, perSecond: number, okMs: number[]): StepSummary => ({
    connections, licenceVerificationsPerSecond: perSecond,
    byKind: { 'licence-full': { answers: okMs.length, ok: okMs.length, latencyMs: latency(okMs), okLatencyMs: latency(okMs), codes: {} } },
  }) as unknown as StepSummary;
  t.same(judgeTarget([step(1, 0.9, [1000, 1100]), step(4, 2.2, [1500, 1900])]).bestStep, { connections: 4, licencesPerSecond: 2.2, licenceP95Ms: 1900 });
  t.equal(judgeTarget([step(1, 0.9, [1000, 1100]), step(4, 2.2, [1500, 1900])]).met, true);
  const slow = judgeTarget([step(1, 0.9, [1000, 1100]), step(4, 2.2, [1500, 2600])]);
  t.equal(slow.met, false, 'a faster step with p95 over 2 s does not count');
  t.equal(slow.bestStep?.connections, 1);
  t.equal(judgeTarget([]).bestStep, null);
  t.same(latency([]), { n: 0, p50: null, p95: null, p99: null, max: null });
});
