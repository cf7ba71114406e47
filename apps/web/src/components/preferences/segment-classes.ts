/**
 * The look of the sign-in pages' switches: a row of buttons, the chosen one filled. Plain buttons
 * rather than the header's dropdown menus, so the login page loads no menu library.
 */
export const segmentGroupClasses =
  'inline-flex items-center gap-0.5 rounded-lg border border-slate-200 bg-white p-0.5 ' +
  'dark:border-slate-700 dark:bg-slate-900';

export const segmentButtonClasses =
  'inline-flex min-h-9 min-w-9 items-center justify-center gap-1.5 rounded-md px-2.5 text-sm font-medium ' +
  'text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 ' +
  'aria-pressed:bg-indigo-600 aria-pressed:text-white aria-pressed:hover:bg-indigo-600 ' +
  'dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400 ' +
  'dark:aria-pressed:bg-indigo-400 dark:aria-pressed:text-slate-950 dark:aria-pressed:hover:bg-indigo-400';
