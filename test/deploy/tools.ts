/**
 * The deployment checks' tools (helm, kubeconform, hadolint, grpcurl), as `.ci/deploy-tools.sh build`
 * leaves them; tests skip, saying how to build them, when they are not there.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

/** The repository root (tests run from dist/test/deploy/). */
export const ROOT = path.resolve(fileURLToPath(new URL('../../../', import.meta.url)));
export const CHART = path.join(ROOT, 'deploy/helm/idv');
/** The Kubernetes version the chart is rendered for and checked against (deploy/kubernetes-schemas/). */
export const KUBERNETES_VERSION = '1.34.0';
const SCHEMAS = `${ROOT}/deploy/kubernetes-schemas/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json`;

const TOOLS_DIR = execFileSync('bash', [path.join(ROOT, '.ci/deploy-tools.sh'), 'bin'], { encoding: 'utf8' }).trim();

export type ToolName = 'helm' | 'kubeconform' | 'hadolint' | 'grpcurl';

/** The tool's path, or undefined when it has not been built. */
export function tool(name: ToolName): string | undefined {
  const file = path.join(TOOLS_DIR, name);
  return existsSync(file) ? file : undefined;
}

/** `skip` option of a test that needs `names`: false when all are built. */
export function needs(...names: ToolName[]): string | false {
  const missing = names.filter((name) => tool(name) === undefined);
  return missing.length === 0 ? false : `${missing.join(' and ')} not built in ${TOOLS_DIR}: run \`bash .ci/deploy-tools.sh build\` (Go module proxy, PyPI)`;
}

export interface Run { code: number; stdout: string; stderr: string }

export function run(name: ToolName, args: string[], input?: string): Run {
  const done = spawnSync(tool(name)!, args, { cwd: ROOT, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (done.error) throw done.error;
  return { code: done.status ?? 1, stdout: done.stdout, stderr: done.stderr };
}

/** helm template of the chart as release `idv` in namespace `idv`, with `args` (-f, --set). */
export function template(args: string[] = []): Run {
  return run('helm', ['template', 'idv', CHART, '--namespace', 'idv', '--kube-version', KUBERNETES_VERSION, ...args]);
}

/** kubeconform -strict of rendered manifests against the vendored schemas; a kind without one fails. */
export function kubeconform(manifests: string): Run {
  return run('kubeconform', ['-strict', '-summary', '-kubernetes-version', KUBERNETES_VERSION, '-schema-location', SCHEMAS, '-'], manifests);
}

/** A rendered Kubernetes object, loosely typed: the tests read paths of it. */
export type K8sObject = { kind: string; metadata: { name: string; labels?: Record<string, string> }; spec?: any; [key: string]: any };

export function objects(manifests: string): K8sObject[] {
  return parseAllDocuments(manifests).map((doc) => doc.toJS() as K8sObject).filter((o) => o !== null);
}
