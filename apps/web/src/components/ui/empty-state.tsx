import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps {
  title: string;
  description?: string;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, action, icon, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700',
        className,
      )}
    >
      <span className="text-slate-500 dark:text-slate-400" aria-hidden="true">
        {icon ?? <Inbox className="size-8" />}
      </span>
      <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
      {description && (
        <p className="max-w-md text-sm wrap-anywhere text-slate-600 dark:text-slate-400">
          {description}
        </p>
      )}
      {action}
    </div>
  );
}
