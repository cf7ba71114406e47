import { MoreHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '../../../components/ui/deferred-menu';
import type { ProjectRef } from '../project-modals-state';

const loadActionsMenu = () =>
  import('./project-actions-menu-body').then((module) => module.ProjectActionsMenuBody);

/**
 * Edit and delete for one list row, named after the project for screen readers. Radix's menu code
 * comes after the list has painted (DeferredMenu), as the header's menus' does.
 */
export function ProjectActionsMenu({ project }: { project: ProjectRef }) {
  const { t } = useTranslation();
  return (
    <DeferredMenu
      load={loadActionsMenu}
      bodyProps={{ project }}
      label={t('projects.actions.menu', { name: project.name })}
      className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
      trigger={<MoreHorizontal className="size-5" aria-hidden="true" />}
    />
  );
}
