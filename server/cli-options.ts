/**
 * Option parsing shared by the CLI's subcommands (cli.ts, cli-data-key.ts, cli-audit.ts): a bad
 * option is a ConfigError naming it, which the CLI prints as one line and exits 2.
 */
import { ConfigError } from './config.js';
import { isUuid } from './validation/values.js';

/** `--name value` pairs of a command; only `allowed` names. */
export function options(args: readonly string[], allowed: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!;
    const value = args[++i];
    if (!allowed.includes(name)) throw new ConfigError(`unknown option ${name}`);
    if (value === undefined || value === '') throw new ConfigError(`${name} needs a value`);
    found[name] = value;
  }
  return found;
}

/** The --account option: a uuid, lower-cased. */
export function account(found: Record<string, string>): string {
  const value = found['--account'];
  if (value === undefined || !isUuid(value)) throw new ConfigError(`--account must be a uuid, got ${value === undefined ? 'nothing' : `"${value}"`}`);
  return value.toLowerCase();
}

