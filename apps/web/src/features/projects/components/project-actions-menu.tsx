import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { openDeleteProject, openEditProject, type ProjectRef } from '../project-modals-state';

/** Edit and delete for one list row, named after the project for screen readers. */
export function ProjectActionsMenu({ project }: { project: ProjectRef }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('projects.actions.menu', { name: project.name })}
        className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
      >
        <MoreHorizontal className="size-5" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => openEditProject(project)}>
          <Pencil className="size-4" aria-hidden="true" />
          {t('projects.actions.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => openDeleteProject(project)}
          className="text-red-700 dark:text-red-300"
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {t('projects.actions.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
