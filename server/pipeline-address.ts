// Syntax check of IDV_PIPELINE_ADDRESS (forms: docs/operations.md); pipeline-target.ts makes the gRPC target.
const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;
/** `dns:host:port`, `dns:///host:port` or `dns://resolver-host/host:port`, as gRPC names them. */
const DNS_TARGET = /^dns:(\/\/[A-Za-z0-9.:[\]-]*\/)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

export const PIPELINE_ADDRESS_FORMS = 'host:port, several host:port separated by commas, or dns:host:port';

function validHostPort(entry: string): boolean {
  const match = HOST_PORT.exec(entry);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 65535;
}

/** The address without spaces around commas, or what is wrong. */
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
