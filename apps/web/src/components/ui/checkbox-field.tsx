import { useId, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  /** Already translated; read out with the checkbox. */
  description?: string | undefined;
}

/** A native checkbox with its label (and description) tied to it: the whole label toggles it. */
export function CheckboxField({
  label,
  description,
  id,
  className,
  ...inputProps
}: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        type="checkbox"
        id={inputId}
        aria-describedby={descriptionId}
        className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:accent-indigo-400"
        {...inputProps}
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-xs text-slate-600 dark:text-slate-400">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
