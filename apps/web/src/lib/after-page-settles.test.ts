import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageSettles } from './after-page-settles';

describe('afterPageSettles', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits for the load event, then the pause, then idle time', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const task = vi.fn();
    afterPageSettles(task, { pauseMs: 1_000 });
    vi.advanceTimersByTime(5_000);
    expect(task).not.toHaveBeenCalled(); // no load event yet
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers(); // the idle moment (jsdom has no requestIdleCallback: a timeout)
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('starts the pause at once on a page that has loaded', () => {
    const task = vi.fn();
    afterPageSettles(task, { pauseMs: 500 });
    vi.advanceTimersByTime(500);
    vi.runOnlyPendingTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['before the load event', 'loading', 0],
    ['during the pause', 'complete', 100],
    ['while waiting for idle time', 'complete', 1_000],
  ] as const)('cancelled %s, never runs', (_when, readyState, elapsed) => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue(readyState);
    const task = vi.fn();
    const cancel = afterPageSettles(task, { pauseMs: 1_000 });
    vi.advanceTimersByTime(elapsed);
    cancel();
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
  });
});
