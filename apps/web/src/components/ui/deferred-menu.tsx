import {
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { afterPageSettles } from '../../lib/after-page-settles';

/** What a deferred menu's code module gives: the whole menu, its trigger showing `trigger`. */
export interface MenuBodyProps {
  trigger: ReactNode;
  /** For the menu's trigger button: the stand-in's look, name, test id and a ref to focus it. */
  triggerProps: {
    ref: Ref<HTMLButtonElement>;
    className: string;
    'aria-label'?: string | undefined;
    'data-testid'?: string | undefined;
  };
  /** Opened as it mounts: the user had already asked for it while its code was arriving. */
  defaultOpen: boolean;
}
export type MenuBody<P = object> = ComponentType<MenuBodyProps & P>;

/**
 * A menu whose code (Radix's menu, popper and focus handling: ~30 KB brotli for the header's
 * three menus) comes after the page instead of on its critical path: a phone's Lighthouse run
 * counts every request begun before the page's largest paint. Until then a plain
 * button with the same look and content stands in; it asks for the code at once when pressed
 * (the menu then opens as soon as it is there) and keeps the keyboard focus across the swap.
 */
export function DeferredMenu<P extends object = object>({
  load,
  bodyProps,
  trigger,
  label,
  className,
  testId,
}: {
  load: () => Promise<MenuBody<P>>;
  /** What the menu itself needs besides its trigger (e.g. the project a row's menu acts on). */
  bodyProps?: P;
  trigger: ReactNode;
  /** The trigger's accessible name, when its content (an icon) does not give one. */
  label?: string;
  className: string;
  testId?: string;
}) {
  const [Body, setBody] = useState<MenuBody<P> | null>(null);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const focusOnArrival = useRef(false);
  const fetchBody = useRef<() => void>(() => {});

  useEffect(() => {
    let live = true;
    fetchBody.current = () =>
      void load().then(
        (body) => {
          if (!live) return;
          focusOnArrival.current = document.activeElement === standIn.current;
          setBody(() => body);
        },
        // The code could not be fetched (offline, or a new deployment replaced it): the stand-in
        // stays, and the next press asks again.
        () => live && setOpenOnArrival(false),
      );
    const cancel = afterPageSettles(fetchBody.current);
    return () => {
      live = false;
      cancel();
    };
  }, [load]);

  // The stand-in had the keyboard focus: the real trigger takes it over. Not when the menu opens
  // as it mounts, which moves the focus into itself (and runs first: a child's effect).
  useEffect(() => {
    if (Body && focusOnArrival.current && !openOnArrival) triggerRef.current?.focus();
  }, [Body, openOnArrival]);

  if (Body) {
    const triggerProps = { ref: triggerRef, className, 'aria-label': label, 'data-testid': testId };
    return (
      <Body
        {...(bodyProps as P)}
        trigger={trigger}
        triggerProps={triggerProps}
        defaultOpen={openOnArrival}
      />
    );
  }

  const ask = () => {
    setOpenOnArrival(true);
    fetchBody.current();
  };
  return (
    <button
      ref={standIn}
      type="button"
      className={className}
      data-testid={testId}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={ask}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'ArrowDown') ask();
      }}
    >
      {trigger}
    </button>
  );
}
