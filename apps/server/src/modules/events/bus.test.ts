import { describe, expect, it } from 'vitest';
import { EventBus } from './bus.js';
import type { PullRequestEvent } from './forge-events.js';

const event: PullRequestEvent = {
  repository: { forge: 'github', host: 'github.com', owner: 'acme', repo: 'api' },
  deliveryId: 'd-1',
  action: 'opened',
  number: 7,
  pullRequest: { number: 7 },
};

describe('EventBus', () => {
  it('delivers an event to every subscriber of its name, and only those', async () => {
    const bus = new EventBus(() => undefined);
    const seen: string[] = [];
    bus.on('pull_request.opened', (e) => void seen.push(`a${e.number}`));
    bus.on('pull_request.opened', async (e) => void seen.push(`b${e.number}`));
    bus.on('pull_request.closed', () => void seen.push('closed'));
    await bus.emit('pull_request.opened', event);
    expect(seen.sort()).toEqual(['a7', 'b7']);
  });

  it('reports a failing subscriber without stopping the others; unsubscribing works', async () => {
    const errors: string[] = [];
    const bus = new EventBus((error, name) => errors.push(`${name}: ${(error as Error).message}`));
    const seen: number[] = [];
    bus.on('pull_request.opened', () => {
      throw new Error('store down');
    });
    const off = bus.on('pull_request.opened', (e) => void seen.push(e.number));
    await bus.emit('pull_request.opened', event);
    expect(errors).toEqual(['pull_request.opened: store down']);
    expect(seen).toEqual([7]);
    off();
    await bus.emit('pull_request.opened', event);
    expect(seen).toEqual([7]);
  });
});
