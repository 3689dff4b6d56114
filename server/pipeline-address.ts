/**
 * Where the front door finds its pipelines (`--pipeline` / IDV_PIPELINE_ADDRESS), and the syntax
 * check (pipeline-target.ts makes the gRPC target):
 *
 *   10.0.0.5:50051                     one pipeline (a name resolved by gRPC's DNS resolver)
 *   10.0.0.5:50051,10.0.0.6:50051      several, each name resolved once at start
 *   dns:pipelines.idv.svc:50051        a DNS name re-resolved when a connection fails or closes
 *                                      (a Kubernetes headless service): for pipelines that come and go
 *
 * Calls are balanced with grpc-js `round_robin` (pipeline-client.ts).
 */
const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;
/** `dns:host:port`, `dns:///host:port` or `dns://resolver-host/host:port`, as gRPC names them. */
const DNS_TARGET = /^dns:(\/\/[A-Za-z0-9.:[\]-]*\/)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

export const PIPELINE_ADDRESS_FORMS = 'host:port, several host:port separated by commas, or dns:host:port';

function validHostPort(entry: string): boolean {
  const match = HOST_PORT.exec(entry);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 65535;
}

/** Checks the syntax of a pipeline address: the address without spaces around commas, or an `error` saying what is wrong. */
export function checkPipelineAddress(raw: string): { address: string } | { error: string } {
  const value = raw.trim();
  if (value.startsWith('dns:')) {
    const match = DNS_TARGET.exec(value);
    const port = match?.[3] === undefined ? 443 : Number(match[3].slice(1));
    return match === null || port < 1 || port > 65535 ? { error: `must be ${PIPELINE_ADDRESS_FORMS}, got "${raw}"` } : { address: value };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !validHostPort(entry))) return { error: `must be ${PIPELINE_ADDRESS_FORMS}, got "${raw}"` };
  if (new Set(entries).size !== entries.length) return { error: `names a pipeline twice: "${raw}"` };
  return { address: entries.join(',') };
}

export function pipelineEntries(address: string): string[] {
  return address.startsWith('dns:') ? [address] : address.split(',');
}
