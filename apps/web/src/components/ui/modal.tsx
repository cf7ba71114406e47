import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the dialog for assistive technology (aria-labelledby). */
  title: string;
  description?: string;
  children?: ReactNode;
  footer?: ReactNode;
  /** md for confirmations, lg for forms with several sections. */
  size?: 'md' | 'lg';
  className?: string;
}

/**
 * The one dialog of the app (create/edit project, delete confirmation). Radix traps focus,
 * closes on Escape and on the overlay, and gives focus back to the opener.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  className,
}: ModalProps) {
  const { t } = useTranslation();
  // Modals here open from the ui store, not a Radix Trigger, so Radix does not know where focus
  // came from; remember it ourselves and give it back on close.
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          // Without a description Radix would warn; undefined tells it there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          ref={content}
          onOpenAutoFocus={(event) => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            // A form opens on its first field, a confirmation on its safe choice: whatever the
            // content marks with data-autofocus, rather than the close button Radix would pick.
            const preferred = content.current?.querySelector<HTMLElement>('[data-autofocus]');
            if (preferred) {
              event.preventDefault();
              preferred.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2',
            // Taller than the screen: the dialog scrolls, its header and fields stay reachable.
            'max-h-[calc(100dvh-2rem)] overflow-y-auto',
            size === 'lg' ? 'max-w-2xl' : 'max-w-lg',
            'rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl',
            'dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100',
            'focus-visible:outline-2 focus-visible:outline-indigo-600',
            className,
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="text-sm text-slate-600 dark:text-slate-400">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label={t('modal.close')}
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {children}
          {footer && <div className="mt-6 flex justify-end gap-2">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
