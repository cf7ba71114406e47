import { cn } from '../../../../lib/cn';

/**
 * A branch name on one line, cut with an ellipsis when it is longer than its room (a phone, a
 * narrow column). The whole name stays the element's text, so screen readers and copy read it all,
 * and its title shows it to a pointer. On paper it wraps instead: there is nothing to hover there.
 */
export function BranchName({ name, className }: { name: string; className?: string }) {
  return (
    <code
      data-testid="branch-name"
      title={name}
      className={cn(
        'block min-w-0 truncate font-mono print:overflow-visible print:break-all print:whitespace-normal',
        className,
      )}
    >
      {name}
    </code>
  );
}
