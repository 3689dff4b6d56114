/** `idv audit --account UUID [--since ISO-8601]`: the account's audit trail, oldest first, one JSON object a line. */
import { account, options } from './cli-options.js';
import { ConfigError, loadConfig } from './config.js';
import { auditLine } from './audit-trail.js';
import { openStore } from './store/index.js';

function since(raw: string | undefined): Date | null {
  if (raw === undefined) return null;
  const parsed = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(raw) ? new Date(raw) : new Date(NaN);
  if (Number.isNaN(parsed.getTime())) throw new ConfigError(`--since must be an ISO 8601 date or time (2030-01-31 or 2030-01-31T12:00:00Z), got "${raw}"`);
  return parsed;
}

export async function auditCommand(args: readonly string[]): Promise<number> {
  const found = options(args, ['--account', '--since']);
  const accountId = account(found);
  const from = since(found['--since']);
  const store = await openStore(loadConfig(process.env));
  try {
    const lines = (await store.listAudit(accountId, from)).map(auditLine);
    process.stdout.write(lines.length === 0 ? '' : `${lines.join('\n')}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
