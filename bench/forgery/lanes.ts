/** Maps items through an async function with at most `lanes` calls in flight; results in input order. */
export async function mapInLanes<T, R>(items: readonly T[], lanes: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const k = next++;
      results[k] = await fn(items[k]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
  return results;
}
