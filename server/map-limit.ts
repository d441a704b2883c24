/**
 * Maps `items` through an async `fn` with at most `limit` calls in flight, keeping order.
 * Used for file I/O and compression, where unbounded parallelism would exhaust file
 * descriptors or oversubscribe the libuv thread pool.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  }
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
  return results;
}
