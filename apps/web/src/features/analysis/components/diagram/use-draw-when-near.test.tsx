import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawAllDiagrams } from '../../model/diagram-drawing';
import { useDrawWhenNear } from './use-draw-when-near';

/** jsdom has no IntersectionObserver: this one lets a test bring the box near the screen. */
let observers: Array<{ callback: IntersectionObserverCallback; targets: Element[] }> = [];
class FakeObserver {
  private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  disconnect() {
    observers = observers.filter((entry) => entry !== this.entry);
  }
}
const scrollNear = () =>
  act(() => {
    for (const { callback, targets } of observers)
      callback(
        targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
        {} as IntersectionObserver,
      );
  });

/** A box that says whether it may draw, and draws (calls `drawn`) only when told to finish. */
const finish: Array<() => void> = [];
function Box({ name }: { name: string }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const { near, drawn } = useDrawWhenNear(ref);
  if (near) finish.push(drawn);
  return (
    <div ref={ref} data-testid={name}>
      {near ? 'drawing' : 'waiting'}
    </div>
  );
}

beforeEach(() => {
  observers = [];
  finish.length = 0;
  globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe('useDrawWhenNear (Mermaid off the first seconds of the report)', () => {
  it('waits until the box comes near the screen', () => {
    render(<Box name="a" />);
    expect(screen.getByTestId('a')).toHaveTextContent('waiting');
    scrollNear();
    expect(screen.getByTestId('a')).toHaveTextContent('drawing');
  });

  it('draws when the page is about to print', () => {
    render(<Box name="a" />);
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getByTestId('a')).toHaveTextContent('drawing');
  });

  it('lets the print button draw every waiting diagram and wait until each is done', async () => {
    render(
      <>
        <Box name="a" />
        <Box name="b" />
      </>,
    );
    let done = false;
    let all: Promise<void> = Promise.resolve();
    act(() => {
      all = drawAllDiagrams().then(() => void (done = true));
    });
    expect(screen.getByTestId('a')).toHaveTextContent('drawing');
    expect(screen.getByTestId('b')).toHaveTextContent('drawing');
    await Promise.resolve();
    expect(done).toBe(false);
    for (const drawn of finish) drawn();
    await all;
    expect(done).toBe(true);
  });

  it('does not keep the print button waiting for a diagram that went away', async () => {
    const { unmount } = render(<Box name="a" />);
    unmount();
    await expect(drawAllDiagrams()).resolves.toBeUndefined();
  });

  it('draws at once where the browser cannot observe (nothing to wait for)', async () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    render(<Box name="a" />);
    expect(screen.getByTestId('a')).toHaveTextContent('drawing');
    await expect(drawAllDiagrams()).resolves.toBeUndefined();
  });
});
