import { useId, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface FieldProps extends ComponentProps<'input'> {
  label: string;
  /** Already translated; shown under the input and announced with it. */
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function Field({ label, error, hint, id, className, ...inputProps }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'rounded-md border bg-white px-3 py-2 text-sm text-slate-900 dark:bg-slate-950 dark:text-slate-100',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400',
          error ? 'border-red-700 dark:border-red-400' : 'border-slate-400 dark:border-slate-600',
        )}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
