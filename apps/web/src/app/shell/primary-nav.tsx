import { Menu, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { cn } from '../../lib/cn';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400',
    isActive
      ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
  );

/**
 * The header's page links. From 640 px they sit in the header; below it a menu button (a disclosure:
 * aria-expanded, aria-controls) shows them in a panel under the header. Opening moves focus to the
 * first link; Escape, a click outside, tabbing out of it or going to another page closes it, Escape
 * returning focus to the button so a keyboard user is where they were.
 */
export function PrimaryNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Open on the page where it was opened only: going to another page closes it, with no effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const listId = useId();
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpenOn(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  const Icon = open ? X : Menu;
  return (
    <nav
      ref={navRef}
      aria-label={t('nav.primary')}
      // Tabbing past the last link leaves the menu: it closes rather than float over the page.
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (open && next instanceof Node && !event.currentTarget.contains(next)) close(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        data-testid="nav-menu"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenOn(open ? null : pathname)}
        className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-expanded:bg-slate-100 sm:hidden dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400 dark:aria-expanded:bg-slate-800"
      >
        <Icon className="size-5" aria-hidden="true" />
        <span className="sr-only">{t('nav.menu')}</span>
      </button>
      <ul
        ref={listRef}
        id={listId}
        className={cn(
          'sm:static sm:flex sm:items-center sm:gap-1 sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none',
          open
            ? 'absolute inset-x-0 top-full z-40 flex flex-col gap-1 border-b border-slate-200 bg-white px-4 py-3 shadow-lg dark:border-slate-800 dark:bg-slate-900'
            : 'hidden',
        )}
      >
        <li>
          <NavLink to="/dashboard" className={linkClasses}>
            {t('nav.dashboard')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/projects" className={linkClasses}>
            {t('nav.projects')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
