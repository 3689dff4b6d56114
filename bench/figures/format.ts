/** How the figures rows write numbers: one way for every suite, so that rows read alike. */

/** A share 0–1 as a percentage with one decimal; `–` where nothing was measured. */
export function pct(share: number | null | undefined): string {
  return share === null || share === undefined || Number.isNaN(share) ? '–' : `${(Math.round(share * 1000) / 10).toString()} %`;
}

/** A percentage the suite already gives as 0–100. */
export function pct100(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? '–' : `${value} %`;
}

/** Milliseconds, or `–`. */
export function ms(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? '–' : `${value} ms`;
}

/** `p50/p95 a/b ms`. */
export function p50p95(q: { p50: number | null; p95: number | null }): string {
  return `p50/p95 ${q.p50 ?? '–'}/${q.p95 ?? '–'} ms`;
}
