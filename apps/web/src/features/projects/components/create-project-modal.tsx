import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { notify, useUiStore } from '../../../lib/ui-store';
import { useCreateProject } from '../api/create-project';
import { emptyProjectForm } from '../project-form-schema';
import { ProjectForm } from './project-form';

export function CreateProjectModal({ onCreated }: { onCreated?: (id: string) => void }) {
  const { t } = useTranslation();
  const open = useUiStore((state) => state.modals.createProject.open);
  const closeModal = useUiStore((state) => state.closeModal);
  const { mutateAsync } = useCreateProject();
  const [saving, setSaving] = useState(false);
  const close = () => closeModal('createProject');

  return (
    <Modal
      open={open}
      // Closing mid-save would hide the outcome; the buttons are disabled meanwhile too.
      onOpenChange={(next) => !next && !saving && close()}
      title={t('projects.create.title')}
      description={t('projects.create.description')}
      size="lg"
    >
      <ProjectForm
        mode="create"
        draftKey="create"
        defaultValues={emptyProjectForm()}
        onPendingChange={setSaving}
        onCancel={close}
        onSubmit={async (payload) => {
          const project = await mutateAsync(payload);
          notify.success(t('projects.create.success', { name: project.name }));
          close();
          onCreated?.(project.id);
        }}
      />
    </Modal>
  );
}
