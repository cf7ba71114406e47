import { describe, expect, it } from 'vitest';
import { EventBatch, batchOf } from './event-batch.js';

describe('EventBatch', () => {
  it('loads a key once for the whole batch, also for callers waiting side by side', async () => {
    const batch = new EventBatch();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return ['owner-1'];
    };
    const answers = await Promise.all([batch.shared('a', load), batch.shared('a', load)]);
    expect(await batch.shared('a', load)).toEqual(['owner-1']);
    expect(answers).toEqual([['owner-1'], ['owner-1']]);
    expect(loads).toBe(1);
    await batch.shared('b', load);
    expect(loads).toBe(2);
  });

  it('forgets a failed load, so the next event of the batch loads again', async () => {
    const batch = new EventBatch();
    await expect(batch.shared('a', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await batch.shared('a', async () => 'up')).toBe('up');
  });

  it('acts for a key until an act answers that it covers the rest of the batch', async () => {
    const batch = new EventBatch();
    const acts: string[] = [];
    const act = (answer: boolean) => async () => {
      acts.push(String(answer));
      return answer;
    };
    await batch.once('sync', act(false)); // found running: may not cover later deliveries
    await batch.once('sync', act(true)); // found queued: covers them
    await batch.once('sync', act(true));
    await expect(batch.once('other', () => Promise.reject(new Error('down')))).rejects.toThrow();
    await batch.once('other', act(true));
    expect(acts).toEqual(['false', 'true', 'true']);
  });

  it('gives an event emitted alone a batch of its own', () => {
    const batch = new EventBatch();
    expect(batchOf({ batch })).toBe(batch);
    expect(batchOf({})).not.toBe(batchOf({}));
  });
});
