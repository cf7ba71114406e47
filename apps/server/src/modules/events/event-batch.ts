/**
 * What the events of one batch of deliveries (one webhook delivery job) share, so that a burst of
 * deliveries about one repository costs its subscribers one look-up, not one per delivery and
 * subscriber. Made by whoever emits a batch; an event emitted alone gets its own (`batchOf`).
 *
 * Why a batch may share: every delivery of the batch was recorded before its job started, so
 * anything read or asked for while the job runs is already after all of them.
 */
export class EventBatch {
  private readonly loads = new Map<string, Promise<unknown>>();
  private readonly done = new Set<string>();

  /**
   * `load()` once per key for the whole batch (subscribers running side by side share the same
   * promise). A failed load is forgotten, so a later event tries again.
   */
  shared<T>(key: string, load: () => Promise<T>): Promise<T> {
    let loading = this.loads.get(key) as Promise<T> | undefined;
    if (!loading) {
      loading = load();
      this.loads.set(key, loading);
      loading.catch(() => this.loads.delete(key));
    }
    return loading;
  }

  /**
   * Runs `act` for `key` until one run answers true ("this covers every later event of the
   * batch"); after that, later calls with the key do nothing. A run answering false or failing
   * leaves the next call to act again.
   */
  async once(key: string, act: () => Promise<boolean>): Promise<void> {
    if (this.done.has(key)) return;
    if (await act()) this.done.add(key);
  }
}

/** The batch an event belongs to, or a batch of its own for an event emitted alone. */
export const batchOf = (event: { batch?: EventBatch }): EventBatch =>
  event.batch ?? new EventBatch();
