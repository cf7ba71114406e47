import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { notify, useUiStore } from '../../../lib/ui-store';
import { useDeleteProject } from '../api/delete-project';
import { useProject } from '../api/get-project';
import { asProjectRef, type ProjectRef } from '../project-modals-state';

export function DeleteProjectModal({ onDeleted }: { onDeleted?: (id: string) => void }) {
  const { t } = useTranslation();
  const { open, payload } = useUiStore((state) => state.modals.deleteConfirm);
  const closeModal = useUiStore((state) => state.closeModal);
  const ref = asProjectRef(payload);
  const { mutate, isPending, reset } = useDeleteProject();
  const close = () => {
    reset();
    closeModal('deleteConfirm');
  };

  return (
    <Modal
      open={open && ref !== null}
      onOpenChange={(next) => !next && !isPending && close()}
      title={t('projects.delete.title')}
      description={ref ? t('projects.delete.description', { name: ref.name }) : undefined}
    >
      {ref && (
        <>
          <WhatGoes project={ref} />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" data-autofocus onClick={close} disabled={isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              disabled={isPending}
              aria-busy={isPending}
              onClick={() =>
                mutate(ref.id, {
                  onSuccess: () => {
                    notify.success(t('projects.delete.success', { name: ref.name }));
                    close();
                    onDeleted?.(ref.id);
                  },
                  onError: (error) => {
                    const { title, detail } = describeFailure(
                      t,
                      'errors.deleteProject',
                      toApiError(error),
                    );
                    notify.error(title, detail ? { description: detail } : {});
                  },
                })
              }
            >
              {isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
              {t('projects.delete.confirm')}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}

/** Names what disappears with the project; the counts come from the project once it has loaded. */
function WhatGoes({ project: ref }: { project: ProjectRef }) {
  const { t } = useTranslation();
  const { data: project, isPending } = useProject(ref.id);
  const repoCount = project?.repos.length ?? ref.repoCount;
  const memberCount = project?.team_members.length;

  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="font-medium">{t('projects.delete.removes')}</p>
      <ul className="list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
        <li data-testid="delete-repos">
          {repoCount === undefined ? (
            isPending ? (
              <Skeleton className="inline-block h-4 w-32 align-middle" />
            ) : (
              t('projects.delete.reposUnknown')
            )
          ) : (
            t('projects.delete.repos', { count: repoCount })
          )}
        </li>
        <li data-testid="delete-members">
          {memberCount === undefined ? (
            isPending ? (
              <Skeleton className="inline-block h-4 w-32 align-middle" />
            ) : (
              t('projects.delete.membersUnknown')
            )
          ) : (
            t('projects.delete.members', { count: memberCount })
          )}
        </li>
        <li>{t('projects.delete.analyses')}</li>
      </ul>
      <p className="text-slate-600 dark:text-slate-400">{t('projects.delete.reposStay')}</p>
    </div>
  );
}
