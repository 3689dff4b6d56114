/**
 * The rows of docs/figures.md: each suite's headline figures per set, with where, when and how
 * they were measured. A suite's run rewrites its own rows and leaves every other suite's.
 */

/** What a suite's result gives the figures: its run's configuration and one row of figures per set. */
export interface SuiteFigures {
  /** Corpus, size and settings: two runs with the same `run` measure the same thing. */
  run: string;
  /** Why the run measured only part of the suite (quick, a smaller corpus, some sets), or null for a full run. */
  partial: string | null;
  /** Per set: its name with its role (tuning, validation, test, development; speed for timings), and the figures. */
  rows: Array<{ set: string; figures: string }>;
  /** What the suite measured of the machine itself (the stages suite's reference), beside the runner's description. */
  machine?: string;
}

/** Where and how a run was made: the runner's part of every row. */
export interface RunContext {
  /** CPU model, cores, load average when the run started. */
  machine: string;
  /** UTC date and time the run ended, and the git commit. */
  when: string;
  /** The command line, with the settings it was run under. */
  command: string;
  /** The pipeline settings the environment changed (IDV_OCR_*, IDV_PIPELINE_*): part of what was measured. */
  settings: string;
}

/** One table row of docs/figures.md. */
export interface FigureRow {
  suite: string;
  run: string;
  set: string;
  figures: string;
  machine: string;
  when: string;
  command: string;
}

/** The columns in table order, with their headings. */
export const COLUMNS: ReadonlyArray<readonly [keyof FigureRow, string]> = Object.freeze([
  ['suite', 'suite'], ['run', 'run'], ['set', 'set (role)'], ['figures', 'figures'],
  ['machine', 'machine'], ['when', 'date, commit'], ['command', 'command'],
] as const);

/** A partial run's `run` cell starts so: a full run of the suite replaces it. */
export const PARTIAL = 'partial';
