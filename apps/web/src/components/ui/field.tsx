import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface FieldBase {
  label: string;
  /** Already translated; shown under the control and announced with it. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Visually hidden label, for controls whose purpose the layout already shows. */
  hideLabel?: boolean;
}

export interface FieldProps extends FieldBase, ComponentProps<'input'> {}
export interface TextareaFieldProps extends FieldBase, ComponentProps<'textarea'> {}
export interface SelectFieldProps extends FieldBase, ComponentProps<'select'> {
  children: ReactNode;
}

export const controlClasses = (invalid: boolean) =>
  cn(
    'min-h-[2.375rem] w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 dark:bg-slate-950 dark:text-slate-100',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400',
    invalid ? 'border-red-700 dark:border-red-400' : 'border-slate-400 dark:border-slate-600',
  );

/** Label, hint and error wired to one control for screen readers; the control is rendered by `render`. */
function FieldFrame({
  label,
  error,
  hint,
  hideLabel,
  id,
  className,
  render,
}: FieldBase & {
  id: string | undefined;
  className: string | undefined;
  render: (a11y: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label
        htmlFor={inputId}
        className={cn(
          'text-sm font-medium text-slate-800 dark:text-slate-200',
          hideLabel && 'sr-only',
        )}
      >
        {label}
      </label>
      {render({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
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

/** A labelled input with its hint and error tied to it for screen readers. */
export function Field({ label, error, hint, hideLabel, id, className, ...inputProps }: FieldProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, hideLabel, id, className }}
      render={(a11y) => <input {...a11y} className={controlClasses(!!error)} {...inputProps} />}
    />
  );
}

export function TextareaField({
  label,
  error,
  hint,
  hideLabel,
  id,
  className,
  ...textareaProps
}: TextareaFieldProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, hideLabel, id, className }}
      render={(a11y) => (
        <textarea {...a11y} className={controlClasses(!!error)} {...textareaProps} />
      )}
    />
  );
}

/** A native select: keyboard, screen readers and mobile pickers work without extra code. */
export function SelectField({
  label,
  error,
  hint,
  hideLabel,
  id,
  className,
  children,
  ...selectProps
}: SelectFieldProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, hideLabel, id, className }}
      render={(a11y) => (
        <select {...a11y} className={controlClasses(!!error)} {...selectProps}>
          {children}
        </select>
      )}
    />
  );
}
