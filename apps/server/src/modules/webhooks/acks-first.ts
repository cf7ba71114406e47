/**
 * What a receiver tells the gate: a promise that settles once every delivery waiting for its answer
 * *now* has been answered, or null when none is waiting.
 */
export type OutstandingAcks = () => Promise<void> | null;

/**
 * Acknowledgements before processing, within one process. The receiver and the delivery job share
 * the process's event loop (and, on PGlite, its one database connection), so a job processing a
 * backlog delays every 202 behind it. The job asks for its `turn()` before each delivery: at once
 * when no delivery waits for its answer, else once the deliveries waiting at that moment have been
 * answered. Deliveries arriving later do not extend the wait, so under a steady load processing
 * slows down (it catches up when the load stops) but is never starved. A process without a
 * receiver (a worker) is never held.
 */
export class AcksFirst {
  private readonly receivers = new Set<OutstandingAcks>();

  /** Registers a receiver's outstanding acknowledgements; returns the way to unregister it. */
  watch(outstanding: OutstandingAcks): () => void {
    this.receivers.add(outstanding);
    return () => this.receivers.delete(outstanding);
  }

  /** Undefined when processing may go on now; else a promise to wait for first. */
  turn(): Promise<unknown> | undefined {
    let waits: Array<Promise<void>> | undefined;
    for (const outstanding of this.receivers) {
      const pending = outstanding();
      if (pending) (waits ??= []).push(pending);
    }
    if (!waits) return undefined;
    return waits.length === 1 ? waits[0] : Promise.all(waits);
  }
}
