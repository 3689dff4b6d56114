/** One JSON line per event on stderr (stdout belongs to CLI output such as a new key). */
export type Log = (line: Record<string, unknown>) => void;

export const stderrLog: Log = (line) => {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), ...line })}\n`);
};
