/** Option parsing of the CLI's subcommands: a bad option is a ConfigError naming it (one line, exit 2). */
import { ConfigError } from './config.js';
import { isUuid } from './validation/values.js';

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

export function account(found: Record<string, string>): string {
  const value = found['--account'];
  if (value === undefined || !isUuid(value)) throw new ConfigError(`--account must be a uuid, got ${value === undefined ? 'nothing' : `"${value}"`}`);
  return value.toLowerCase();
}

