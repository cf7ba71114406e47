import { cn } from '../../lib/cn';

/** The user's initial in a circle; decorative, the name is always written next to it. */
export function Avatar({ initial, className }: { initial: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white',
        className,
      )}
    >
      {initial}
    </span>
  );
}
