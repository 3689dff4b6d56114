/** A count read from the environment, for the accuracy bench's corpus and tamper set sizes. */

/** `env[name]` as an integer between `min` and 100000, `fallback` when unset; anything else is refused by name. */
export function envSize(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < min || size > 100_000) {
    throw new Error(`${name} must be an integer between ${min} and 100000, got ${JSON.stringify(raw)}`);
  }
  return size;
}
