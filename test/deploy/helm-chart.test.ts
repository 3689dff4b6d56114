/**
 * The Helm chart (deploy/helm/idv/): `helm lint --strict` and `helm template` for the default and
 * the production values, the output checked by kubeconform -strict against the vendored
 * Kubernetes v1.34.0 schemas, then read back and held to the service it deploys: the env and
 * flags each container gets pass the real config loaders (server/config.ts, pipeline/config.ts),
 * the front doors' pipeline address is a dns: target naming the headless Service, the pipelines
 * listen on mutual TLS with the token the front doors send, and the probes, the HPA, the PDBs,
 * the NetworkPolicy, the Secrets and the ingress point at what they should. Skips, saying how to build them, without helm and kubeconform (.ci/deploy-tools.sh).
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { PIPELINE_SERVICE_NAME } from '../../pipeline/health.js';
import { loadPipelineConfig } from '../../pipeline/config.js';
import { loadConfig } from '../../server/config.js';
import { checkPipelineAddress } from '../../server/pipeline-address.js';
import { CHART, KUBERNETES_VERSION, ROOT, kubeconform, needs, objects, run, template, type K8sObject } from './tools.js';

const PRODUCTION = path.join(CHART, 'values-production.yaml');
const SKIP = needs('helm', 'kubeconform');
/** A stand-in for the Secret's connection string, for the config loader. */
const SAMPLE_MONGODB_URI = 'mongodb://db1,db2,db3/idv?replicaSet=rs0';

function only(all: K8sObject[], kind: string, name: string): K8sObject {
  const found = all.filter((o) => o.kind === kind && o.metadata.name === name);
  if (found.length !== 1) throw new Error(`expected one ${kind} ${name}, found ${found.length}`);
  return found[0]!;
}

/** Whether `selector` (matchLabels) picks pods labelled `labels`. */
function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);
}

/** A container's env as the process would see it, Secrets replaced by stand-ins. */
function envOf(container: any): Record<string, string> {
  return Object.fromEntries(container.env.map((e: any) => [e.name, e.value ?? (e.name === 'IDV_MONGODB_URI' ? SAMPLE_MONGODB_URI : `<${e.valueFrom.secretKeyRef.name}>`)]));
}

/** Arguments after the command (`serve`, `pipeline`), as cli.ts hands them on. */
function argsAfter(container: any, command: string): string[] {
  if (container.args[0] !== command) throw new Error(`the container runs ${container.args[0]}, not idv ${command}`);
  return container.args.slice(1);
}

/** Each values file, with the Secrets its pods must name (the chart's default names, or existingSecret). */
const RENDERS = [
  {
    label: 'default values',
    valueArgs: [],
    secrets: { mongodb: 'idv-mongodb', dataKey: 'idv-data-key', pipelineTls: 'idv-pipeline-tls', clientTls: 'idv-pipeline-client-tls', token: 'idv-pipeline-token' },
  },
  {
    label: 'production values',
    valueArgs: ['-f', PRODUCTION],
    secrets: {
      mongodb: 'idv-production-mongodb', dataKey: 'idv-production-data-key', pipelineTls: 'idv-production-pipeline-tls',
      clientTls: 'idv-production-pipeline-client-tls', token: 'idv-production-pipeline-token',
    },
  },
] as const;

/** The folder a volume of `pod` is mounted at in its container, and the Secret it holds. */
function secretMount(pod: any, volumeName: string): { dir: string; secret: string } {
  const mount = pod.spec.containers[0].volumeMounts.find((m: any) => m.name === volumeName);
  const volume = pod.spec.volumes.find((v: any) => v.name === volumeName);
  return { dir: mount.mountPath, secret: volume.secret.secretName };
}

for (const { label, valueArgs, secrets } of RENDERS) {
  t.test(`${label}: helm lint, helm template, kubeconform, and the wiring`, { skip: SKIP }, async (t) => {
    const lint = run('helm', ['lint', '--strict', '--kube-version', KUBERNETES_VERSION, CHART, ...valueArgs]);
    t.equal(lint.code, 0, `helm lint --strict passes\n${lint.stdout}${lint.stderr}`);
    const rendered = template([...valueArgs]);
    t.equal(rendered.code, 0, `helm template renders${rendered.stderr ? `: ${rendered.stderr}` : ''}`);
    const checked = kubeconform(rendered.stdout);
    t.equal(checked.code, 0, `kubeconform -strict against Kubernetes ${KUBERNETES_VERSION}: ${checked.stdout.trim()} ${checked.stderr}`);
    t.match(checked.stdout, /Invalid: 0, Errors: 0, Skipped: 0/, 'every object was checked against a schema');

    const all = objects(rendered.stdout);
    const door = only(all, 'Deployment', 'idv-front-door');
    const pipeline = only(all, 'Deployment', 'idv-pipeline');
    const headless = only(all, 'Service', 'idv-pipeline');
    const doorPod = door.spec.template;
    const pipelinePod = pipeline.spec.template;
    const doorContainer = doorPod.spec.containers[0];
    const pipelineContainer = pipelinePod.spec.containers[0];

    // Front doors: their env and flags pass the server's own config loader.
    const doorEnv = envOf(doorContainer);
    const config = loadConfig(doorEnv, argsAfter(doorContainer, 'serve'));
    t.equal(config.host, '0.0.0.0', 'front doors listen on the pod address');
    t.equal(config.port, doorContainer.ports[0].containerPort, 'on the declared container port');
    t.equal(config.trustedProxy, true, 'trusting the ingress that ends TLS (IDV_TRUSTED_PROXY=1)');
    t.equal(config.metricsAccess, 'open', 'letting Prometheus read /metrics (IDV_METRICS=open)');
    t.equal(config.mongodbUri, SAMPLE_MONGODB_URI, 'on MongoDB');
    const configSource = readFileSync(path.join(ROOT, 'dist/server/config.js'), 'utf8');
    t.same(Object.keys(doorEnv).filter((name) => !configSource.includes(`'${name}'`) && !configSource.includes(`.${name}`)), [],
      'every setting given to the front doors is one the server reads');

    // The pipelines: the front doors' dns: target is the headless Service, on the pipelines' port.
    const pipelineConfig = loadPipelineConfig(argsAfter(pipelineContainer, 'pipeline'), envOf(pipelineContainer));
    t.equal(pipelineConfig.host, '0.0.0.0', 'pipelines listen on the pod address');
    t.equal(pipelineConfig.port, pipelineContainer.ports[0].containerPort, 'on the declared container port');
    t.same(checkPipelineAddress(config.pipelineAddress!), { address: `dns:///idv-pipeline.idv.svc.cluster.local:${pipelineConfig.port}` },
      'the front doors resolve the pipelines\' headless Service by a dns: target');
    t.equal(headless.spec.clusterIP, 'None', 'the pipeline Service is headless: its name answers every ready pipeline');
    t.ok(selects(headless.spec.selector, pipelinePod.metadata.labels), 'and selects the pipeline pods');
    t.equal(headless.spec.ports[0].port, pipelineConfig.port, 'on their port');

    // The pipelines' gRPC: mutual TLS from the mounted Secrets, the same token at both ends.
    const serverTls = secretMount(pipelinePod, 'pipeline-tls');
    t.equal(serverTls.secret, secrets.pipelineTls, `the pipelines' certificate from Secret ${secrets.pipelineTls}`);
    t.same(pipelineConfig.tls, { certFile: `${serverTls.dir}/tls.crt`, keyFile: `${serverTls.dir}/tls.key`, clientCaFile: `${serverTls.dir}/ca.crt` },
      'the pipelines listen on mutual TLS (--tls-cert, --tls-key, --tls-client-ca)');
    const clientTls = secretMount(doorPod, 'pipeline-tls');
    t.equal(clientTls.secret, secrets.clientTls, `the front doors' client certificate from Secret ${secrets.clientTls}`);
    t.same(config.pipelineTls, { caFile: `${clientTls.dir}/ca.crt`, certFile: `${clientTls.dir}/tls.crt`, keyFile: `${clientTls.dir}/tls.key`, serverName: null },
      "the front doors check the pipelines' CA and present their certificate");
    t.equal(config.pipelineToken, `<${secrets.token}>`, `the front doors send the token of Secret ${secrets.token}`);
    t.equal(pipelineConfig.token, config.pipelineToken, 'which the pipelines ask for');
    t.equal(pipelineConfig.healthPort, pipelineContainer.ports.find((p: any) => p.name === 'health').containerPort, 'a plain-text health port, declared');

    // Pipeline size: the CPU it is given is its thread budget; memory as the bench measured.
    const resources = pipelineContainer.resources;
    t.equal(String(resources.requests.cpu), String(resources.limits.cpu), 'pipeline CPU request = limit (Guaranteed)');
    t.equal(pipelineConfig.threads, Number(resources.requests.cpu), `IDV_PIPELINE_THREADS = the pod's cores (${pipelineConfig.threads})`);
    t.equal(resources.requests.memory, `${512 + 512 * pipelineConfig.threads}Mi`, 'memory: 0.5 GiB + 0.5 GiB a worker thread');

    // Probes: /health for liveness, /ready for readiness, the pipeline's gRPC health service.
    t.match(doorContainer.livenessProbe.httpGet, { path: '/health', port: 'http' }, 'front door liveness is /health');
    t.match(doorContainer.readinessProbe.httpGet, { path: '/ready', port: 'http' }, 'front door readiness is /ready');
    t.same(pipelineContainer.readinessProbe.grpc, { port: pipelineConfig.healthPort, service: PIPELINE_SERVICE_NAME },
      'pipeline readiness asks grpc.health.v1 for the Pipeline service, on the health port (the kubelet speaks neither TLS nor the token)');
    t.equal(pipelineContainer.startupProbe.grpc.port, pipelineConfig.healthPort, 'so does the startup probe');
    t.equal(pipelineContainer.livenessProbe.grpc.port, pipelineConfig.healthPort, 'and liveness');

    // Metrics: scraped from the front door's own port.
    t.match(doorPod.metadata.annotations, { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(config.port), 'prometheus.io/path': '/metrics' },
      'Prometheus scrape annotations name the front door\'s port and /metrics');

    // Secrets: the connection string from a Secret; the data master key as a mounted file.
    const uriRef = doorContainer.env.find((e: any) => e.name === 'IDV_MONGODB_URI').valueFrom.secretKeyRef;
    t.match(uriRef, { name: secrets.mongodb, key: 'uri' }, `IDV_MONGODB_URI comes from Secret ${secrets.mongodb}`);
    const keyMount = doorContainer.volumeMounts.find((m: any) => m.name === 'data-key');
    const keyVolume = doorPod.spec.volumes.find((v: any) => v.name === 'data-key');
    t.equal(config.dataKeyFile, `${keyMount.mountPath}/${keyVolume.secret.items[0].path}`, 'the master key is read from the mounted file (IDV_DATA_KEY_FILE)');
    t.equal(config.dataKey, null, 'not from the environment');
    t.equal(keyMount.subPath, undefined, 'the Secret\'s folder is mounted, not one file by subPath, so a rotated key reaches running pods');
    t.equal(keyVolume.secret.secretName, secrets.dataKey, `from Secret ${secrets.dataKey}`);
    t.equal(keyMount.readOnly, true, 'mounted read-only');

    // Autoscaling and disruption budgets.
    const hpa = only(all, 'HorizontalPodAutoscaler', 'idv-pipeline');
    t.match(hpa.spec.scaleTargetRef, { kind: 'Deployment', name: 'idv-pipeline' }, 'the HPA scales the pipelines');
    t.match(hpa.spec.metrics[0].resource, { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } }, 'on CPU, at the 60 % target');
    t.equal(pipeline.spec.replicas, undefined, 'the pipeline Deployment leaves its replicas to the HPA');
    const budgets = all.filter((o) => o.kind === 'PodDisruptionBudget');
    t.ok(budgets.some((b) => selects(b.spec.selector.matchLabels, doorPod.metadata.labels) && b.spec.minAvailable >= 1), 'a PDB keeps a front door up');
    t.ok(budgets.some((b) => selects(b.spec.selector.matchLabels, pipelinePod.metadata.labels) && b.spec.maxUnavailable >= 1), 'a PDB lets pipelines go one at a time');

    // Only front doors reach the pipelines.
    const policy = only(all, 'NetworkPolicy', 'idv-pipeline');
    t.ok(selects(policy.spec.podSelector.matchLabels, pipelinePod.metadata.labels), 'the NetworkPolicy guards the pipelines');
    t.same(policy.spec.policyTypes, ['Ingress']);
    t.equal(policy.spec.ingress.length, 1, 'with one rule');
    t.ok(selects(policy.spec.ingress[0].from[0].podSelector.matchLabels, doorPod.metadata.labels), 'admitting the front doors');
    t.notOk(selects(policy.spec.ingress[0].from[0].podSelector.matchLabels, pipelinePod.metadata.labels), 'not the pipelines themselves');

    // TLS at the ingress, to the front doors' Service; the probes and /metrics are not routed.
    const ingress = only(all, 'Ingress', 'idv');
    t.ok(ingress.spec.tls?.[0]?.secretName, 'the ingress ends TLS');
    const paths = ingress.spec.rules[0].http.paths;
    t.ok(paths.every((p: any) => p.backend.service.name === 'idv-front-door'), 'and sends to the front doors\' Service');
    t.notOk(paths.some((p: any) => ['/metrics', '/health', '/ready', '/'].includes(p.path)), 'routing neither /metrics nor the probes');

    // Hardened pods, run as the image's user.
    const imageUser = /^USER (\d+):(\d+)$/m.exec(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
    for (const pod of [doorPod, pipelinePod]) {
      t.match(pod.spec.securityContext, { runAsNonRoot: true, runAsUser: Number(imageUser?.[1]) }, 'non-root, as the Dockerfile\'s USER');
      t.match(pod.spec.containers[0].securityContext, { readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } }, 'read-only root, no privileges');
      t.equal(pod.spec.automountServiceAccountToken, false, 'no Kubernetes API token');
    }
  });
}

t.test('production values: the capacity arithmetic of docs/operations.md', { skip: SKIP }, async (t) => {
  const all = objects(template(['-f', PRODUCTION]).stdout);
  const cores = Number(only(all, 'Deployment', 'idv-pipeline').spec.template.spec.containers[0].resources.requests.cpu);
  const hpa = only(all, 'HorizontalPodAutoscaler', 'idv-pipeline').spec;
  // 10 licences a second × 0.95 core-seconds ÷ 0.6 busy ≈ 16 cores, held at the HPA's floor.
  t.ok(hpa.minReplicas * cores >= Math.ceil((10 * 0.95) / 0.6), `${hpa.minReplicas} pipelines × ${cores} cores cover 10 licences/s at 60 % CPU`);
  t.equal(only(all, 'Deployment', 'idv-front-door').spec.replicas, 3, 'three front doors');
});

t.test('secrets given as values: the chart makes them, and kubeconform passes them', { skip: SKIP }, async (t) => {
  // --set splits on commas: the connection string's are escaped.
  const rendered = template(['--set', `mongodb.uri=${SAMPLE_MONGODB_URI.replaceAll(',', '\\,')}`, '--set', 'dataKey.value=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=']);
  t.equal(rendered.code, 0, rendered.stderr);
  t.equal(kubeconform(rendered.stdout).code, 0, 'valid');
  const all = objects(rendered.stdout);
  t.match(only(all, 'Secret', 'idv-mongodb').stringData, { uri: SAMPLE_MONGODB_URI }, 'the connection string\'s Secret');
  t.ok(only(all, 'Secret', 'idv-data-key').stringData['data-key'], 'the data key\'s Secret');
  t.equal(all.filter((o) => o.kind === 'Secret').length, 5, 'and the pipelines\' three');
  const byDefault = objects(template().stdout).filter((o) => o.kind === 'Secret').map((o) => o.metadata.name).sort();
  t.same(byDefault, ['idv-pipeline-client-tls', 'idv-pipeline-tls', 'idv-pipeline-token'],
    'by default the chart makes only the pipelines\' certificates and token: it names the Secrets you made');
  const production = objects(template(['-f', PRODUCTION]).stdout).filter((o) => o.kind === 'Secret');
  t.same(production, [], 'with every Secret named, it makes none');
});

t.test("the chart's own pipeline certificates: one CA, the Service's name, a token", { skip: SKIP }, async (t) => {
  const all = objects(template().stdout);
  const server = only(all, 'Secret', 'idv-pipeline-tls');
  const client = only(all, 'Secret', 'idv-pipeline-client-tls');
  t.equal(server.type, 'kubernetes.io/tls');
  t.equal(server.data['ca.crt'], client.data['ca.crt'], 'one CA for both');
  const pem = (secret: K8sObject, key: string): string => Buffer.from(secret.data[key], 'base64').toString('utf8');
  const certificate = new X509Certificate(pem(server, 'tls.crt'));
  t.match(certificate.subjectAltName, /DNS:idv-pipeline\.idv\.svc\.cluster\.local/, "the pipelines' certificate names the headless Service");
  t.ok(certificate.verify(new X509Certificate(pem(server, 'ca.crt')).publicKey), 'signed by the CA');
  t.ok(new X509Certificate(pem(client, 'tls.crt')).verify(new X509Certificate(pem(client, 'ca.crt')).publicKey), 'and so is the client certificate');
  const token = Buffer.from(only(all, 'Secret', 'idv-pipeline-token').data.token, 'base64').toString('utf8');
  t.match(token, /^[A-Za-z0-9]{48}$/, 'a random token of 48 letters and digits');
  const given = objects(template(['--set', 'pipeline.token.value=a-token-given-as-a-value']).stdout);
  t.equal(Buffer.from(only(given, 'Secret', 'idv-pipeline-token').data.token, 'base64').toString('utf8'), 'a-token-given-as-a-value', 'or the one given');
  const half = template(['--set', 'pipeline.tls.serverSecret=mine']);
  t.not(half.code, 0, 'one TLS Secret named without the other is refused');
  t.match(half.stderr, /give both, or neither/);
  const mesh = objects(template(['--set', 'pipeline.tls.enabled=false']).stdout);
  const meshPipeline = only(mesh, 'Deployment', 'idv-pipeline').spec.template.spec.containers[0];
  const meshConfig = loadPipelineConfig(argsAfter(meshPipeline, 'pipeline'), envOf(meshPipeline));
  t.equal(meshConfig.tls, null, 'TLS off (a service mesh): plain text');
  t.equal(envOf(meshPipeline).IDV_PIPELINE_ALLOW_PLAINTEXT, '1', 'said outright');
});

t.test('kubeconform refuses what Kubernetes would refuse', { skip: SKIP }, async (t) => {
  const wrongType = template(['--set-string', 'pipeline.autoscaling.targetCPUUtilizationPercentage=sixty']);
  t.equal(wrongType.code, 0, 'helm renders it');
  const checked = kubeconform(wrongType.stdout);
  t.not(checked.code, 0, 'kubeconform fails it');
  t.match(checked.stdout, /HorizontalPodAutoscaler idv-pipeline is invalid/, 'naming the object');
  const unknownKind = kubeconform('apiVersion: v1\nkind: ConfigMap\nmetadata: { name: x }\n');
  t.not(unknownKind.code, 0, 'a kind without a vendored schema fails rather than passing unchecked');
});
