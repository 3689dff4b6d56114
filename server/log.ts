// JSON lines on stderr (stdout is CLI output). What may appear is decided at the call sites
// (docs/operations.md, "Logs"); REDACTED is a second line of defence only.
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.js';

export type Log = (line: Record<string, unknown>) => void;

/** Field names whose values are never written, wherever a caller puts them (one level deep). */
const REDACTED = [
  'authorization', 'key', 'apiKey', 'body',
  'frontImageBase64', 'backOrSecondImageBase64', 'faceImageBase64', 'trackString',
].flatMap((name) => [name, `*.${name}`]);

const LEVEL_METHODS: Readonly<Record<string, 'debug' | 'info' | 'warn' | 'error'>> = Object.freeze({
  debug: 'debug', info: 'info', warn: 'warn', error: 'error',
});

/** Synchronous, so the last lines survive a process.exit(). */
function stderrLogger(level: LogLevel): Logger {
  return pino({
    name: 'idv-server',
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Level names, not pino's numbers: the log is read by people and grep as often as by machines.
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED, censor: '[redacted]' },
  }, pino.destination({ fd: 2, sync: true }));
}

export function createLog(level: LogLevel = 'info'): Log {
  const logger = stderrLogger(level);
  return ({ level: lineLevel, ...fields }) => {
    const method = typeof lineLevel === 'string' && Object.hasOwn(LEVEL_METHODS, lineLevel) ? LEVEL_METHODS[lineLevel]! : 'info';
    logger[method](fields);
  };
}
