import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { waitToDraw } from '../../model/diagram-drawing';

/**
 * Whether a diagram should be drawn yet: once its box comes within a screen's height of the
 * viewport, when the page is about to print, or when `drawAllDiagrams` asks (the report's print
 * button). The box keeps its final size meanwhile, so drawing late moves nothing. Without
 * IntersectionObserver (old browsers, jsdom) it draws at once. `drawn` tells the print button
 * that this diagram is done.
 */
export function useDrawWhenNear(target: RefObject<Element | null>) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const waiting = useRef<{ leave: () => void } | null>(null);

  useEffect(() => {
    const element = target.current;
    if (near || !element) return;
    let asked = false;
    const draw = () => {
      asked = true;
      setNear(true);
    };
    const registration = waitToDraw(draw);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) draw();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    window.addEventListener('beforeprint', draw);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', draw);
      // Asked to draw: it stays registered until drawn, so the print button waits for it.
      if (asked) waiting.current = registration;
      else registration.leave();
    };
  }, [near, target]);

  // Gone before it was drawn: nothing to wait for.
  useEffect(() => () => waiting.current?.leave(), []);

  const drawn = useCallback(() => {
    waiting.current?.leave();
    waiting.current = null;
  }, []);
  return { near, drawn };
}
