import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** A column header's sort control; the header cell carries aria-sort. */
export function SortButton({
  label,
  active,
  direction,
  onClick,
  className,
}: {
  label: string;
  active: boolean;
  direction: 'asc' | 'desc';
  onClick: () => void;
  className?: string;
}) {
  const Icon = !active ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-1 rounded font-semibold hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-indigo-300',
        className,
      )}
    >
      {label}
      <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
    </button>
  );
}

export const ariaSort = (active: boolean, direction: 'asc' | 'desc') =>
  active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined;
