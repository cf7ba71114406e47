/**
 * A small in-process event bus. A module that must tell others something publishes it here
 * instead of calling into them: forge events arrive once (a webhook delivery job) and several
 * modules act on them; a write tells what it changed, and the modules whose figures are built on
 * it (analytics) forget what they stored. Events are typed by name; a handler that throws is
 * reported to `onError` and never stops the others or the emitter, since one subscriber's bug must
 * not make a delivery or a write fail for everyone. Every process builds one bus with the same
 * subscribers (the composition root), so an event is handled in the process that caused it.
 */
import type { ChangeEvents } from './change-events.js';
import type { ForgeEvents } from './forge-events.js';

export type Events = ForgeEvents & ChangeEvents;
export type EventName = keyof Events;
type Handler<N extends EventName> = (event: Events[N]) => void | Promise<void>;

export class EventBus {
  private readonly handlers = new Map<EventName, Set<Handler<EventName>>>();

  /** `onError`: where a subscriber's failure is reported (the composition root logs it). */
  constructor(private readonly onError: (error: unknown, name: EventName) => void) {}

  /** Subscribes; the returned function unsubscribes. */
  on<N extends EventName>(name: N, handler: Handler<N>): () => void {
    const set = this.handlers.get(name) ?? new Set();
    set.add(handler as Handler<EventName>);
    this.handlers.set(name, set);
    return () => set.delete(handler as Handler<EventName>);
  }

  /** Runs every handler of `name` and waits for them all; failures go to `onError`. */
  async emit<N extends EventName>(name: N, event: Events[N]): Promise<void> {
    const set = this.handlers.get(name);
    if (!set) return;
    await Promise.all(
      [...set].map(async (handler) => {
        try {
          await handler(event);
        } catch (error) {
          this.onError(error, name);
        }
      }),
    );
  }
}
