/** Shared look of the header's menu buttons. */
export const menuTriggerClasses =
  'inline-flex items-center gap-2 rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 ' +
  'focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=open]:bg-slate-100 ' +
  'dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400 dark:data-[state=open]:bg-slate-800';
