/** --pipeline / IDV_PIPELINE_ADDRESS: one pipeline, a list, or a dns: name; and the gRPC target each becomes. */
import t from 'tap';
import { loadConfig } from '../../server/config.js';
import { checkPipelineAddress } from '../../server/pipeline-address.js';
import { pipelineTarget } from '../../server/pipeline-target.js';

t.test('the flag and the environment setting accept one address, a list or a dns: name', async (t) => {
  t.equal(loadConfig({}, ['--pipeline', '10.0.0.5:50051']).pipelineAddress, '10.0.0.5:50051');
  t.equal(loadConfig({}, ['--pipeline', '10.0.0.5:50051, 10.0.0.6:50051']).pipelineAddress, '10.0.0.5:50051,10.0.0.6:50051', 'spaces after commas are dropped');
  t.equal(loadConfig({ IDV_PIPELINE_ADDRESS: 'dns:pipelines.idv.svc:50051' }).pipelineAddress, 'dns:pipelines.idv.svc:50051');
  t.equal(loadConfig({ IDV_PIPELINE_ADDRESS: 'dns:///pipelines.idv.svc:50051' }).pipelineAddress, 'dns:///pipelines.idv.svc:50051');
  t.equal(loadConfig({ IDV_PIPELINE_ADDRESS: '10.0.0.7:1' }, ['--pipeline', '10.0.0.5:50051']).pipelineAddress, '10.0.0.5:50051', 'the flag wins');
  t.equal(loadConfig({ IDV_PIPELINE_ADDRESS: '' }).pipelineAddress, null, 'empty means serve starts its own pipeline');
  t.equal(loadConfig({}, ['--pipeline', '[::1]:50051,[::1]:50052']).pipelineAddress, '[::1]:50051,[::1]:50052');
});

t.test('a bad pipeline address fails at start with a message naming the option', async (t) => {
  const forms = 'must be host:port, several host:port separated by commas, or dns:host:port';
  const cases: [NodeJS.ProcessEnv, string[], string][] = [
    [{}, ['--pipeline', '10.0.0.5'], `--pipeline ${forms}, got "10.0.0.5"`],
    [{}, ['--pipeline', '10.0.0.5:50051,'], `--pipeline ${forms}, got "10.0.0.5:50051,"`],
    [{}, ['--pipeline', '10.0.0.5:0'], `--pipeline ${forms}, got "10.0.0.5:0"`],
    [{ IDV_PIPELINE_ADDRESS: 'a:1,b:70000' }, [], `IDV_PIPELINE_ADDRESS ${forms}, got "a:1,b:70000"`],
    [{ IDV_PIPELINE_ADDRESS: 'dns:' }, [], `IDV_PIPELINE_ADDRESS ${forms}, got "dns:"`],
    [{ IDV_PIPELINE_ADDRESS: 'http://x:1' }, [], `IDV_PIPELINE_ADDRESS ${forms}, got "http://x:1"`],
    [{}, ['--pipeline', '10.0.0.5:1,10.0.0.5:1'], '--pipeline names a pipeline twice: "10.0.0.5:1,10.0.0.5:1"'],
  ];
  for (const [env, argv, message] of cases) {
    t.throws(() => loadConfig(env, argv), { name: 'ConfigError', message }, `${JSON.stringify(env)} ${argv.join(' ')}`);
  }
  t.same(checkPipelineAddress(' 10.0.0.5:1 '), { address: '10.0.0.5:1' });
});

t.test('one address or a dns: name is handed to gRPC as it is; a list becomes one ipv4:/ipv6: target', async (t) => {
  t.equal(await pipelineTarget('pipeline.internal:50051'), 'pipeline.internal:50051', 'not resolved here: gRPC resolves it');
  t.equal(await pipelineTarget('dns:pipelines.idv.svc:50051'), 'dns:pipelines.idv.svc:50051');
  t.equal(await pipelineTarget('10.0.0.5:50051,10.0.0.6:50052'), 'ipv4:10.0.0.5:50051,10.0.0.6:50052');
  t.equal(await pipelineTarget('[::1]:50051,[fd00::2]:50051'), 'ipv6:[::1]:50051,[fd00::2]:50051');
  t.equal(await pipelineTarget('localhost:50051,127.0.0.1:50052'), 'ipv4:127.0.0.1:50051,127.0.0.1:50052', 'a name is resolved, IPv4 first');
  await t.rejects(pipelineTarget('10.0.0.5:50051,[::1]:50051'), { name: 'ConfigError', message: /mix IPv4-only and IPv6-only hosts/ });
  await t.rejects(pipelineTarget('10.0.0.5:50051,no-such-host.invalid:50051'), { name: 'ConfigError', message: /^pipeline host "no-such-host.invalid" cannot be resolved: / });
});
