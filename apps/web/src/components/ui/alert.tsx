import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A form-level message the user must notice: announced at once by screen readers. */
export function Alert({ className, children, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200',
        className,
      )}
      {...props}
    >
      {children}
    </div>
  );
}
