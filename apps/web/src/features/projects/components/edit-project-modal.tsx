import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { notify, useUiStore } from '../../../lib/ui-store';
import { useProject } from '../api/get-project';
import { useUpdateProject } from '../api/update-project';
import { projectFormValues } from '../project-form-schema';
import { asProjectRef, type ProjectRef } from '../project-modals-state';
import { ProjectForm } from './project-form';
import type { EditProjectSection } from './project-modals';
import { useLoadFailureToast } from './use-load-failure-toast';

export function EditProjectModal({ editSection }: { editSection?: EditProjectSection } = {}) {
  const { open, payload } = useUiStore((state) => state.modals.editProject);
  const closeModal = useUiStore((state) => state.closeModal);
  const ref = asProjectRef(payload);
  const [saving, setSaving] = useState(false);
  const { t } = useTranslation();

  return (
    <Modal
      open={open && ref !== null}
      onOpenChange={(next) => !next && !saving && closeModal('editProject')}
      title={t('projects.edit.title', { name: ref?.name ?? '' })}
      size="lg"
    >
      {ref && (
        <EditProjectBody
          project={ref}
          onPendingChange={setSaving}
          onClose={() => closeModal('editProject')}
        />
      )}
      {ref && editSection?.(ref.id, () => closeModal('editProject'))}
    </Modal>
  );
}

/** The list knows only summaries; the form needs the repositories, so it loads the project. */
function EditProjectBody({
  project: ref,
  onPendingChange,
  onClose,
}: {
  project: ProjectRef;
  onPendingChange: (pending: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useProject(ref.id);
  const { data: project, isPending, isError, error, refetch, isFetching } = query;
  useLoadFailureToast(query, 'errors.fetchProject');
  const { mutateAsync } = useUpdateProject();

  if (isPending) return <Spinner className="py-8" />;
  if (isError) {
    const failure = describeFailure(t, 'errors.fetchProject', toApiError(error));
    return (
      <ErrorState
        title={failure.title}
        message={failure.detail ?? t('errors.generic')}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  return (
    <ProjectForm
      mode="edit"
      draftKey={`edit:${project.id}`}
      defaultValues={projectFormValues(project)}
      onPendingChange={onPendingChange}
      onCancel={onClose}
      onSubmit={async (payload) => {
        const saved = await mutateAsync({ id: project.id, body: payload });
        notify.success(t('projects.edit.success', { name: saved.name }));
        onClose();
      }}
    />
  );
}
