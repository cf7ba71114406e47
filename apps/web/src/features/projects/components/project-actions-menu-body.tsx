import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MenuBodyProps } from '../../../components/ui/deferred-menu';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { openDeleteProject, openEditProject, type ProjectRef } from '../project-modals-state';

/** A list row's menu itself (project-actions-menu.tsx shows its trigger until this code is in). */
export function ProjectActionsMenuBody({
  project,
  trigger,
  triggerProps,
  defaultOpen,
}: MenuBodyProps & { project: ProjectRef }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger {...triggerProps}>{trigger}</DropdownMenuTrigger>
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
