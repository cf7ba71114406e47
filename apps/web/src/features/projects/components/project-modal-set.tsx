import { CreateProjectModal } from './create-project-modal';
import { DeleteProjectModal } from './delete-project-modal';
import { EditProjectModal } from './edit-project-modal';
import type { ProjectModalsProps } from './project-modals';

/** Spec §2's three project modals, driven by the ui store. Loaded on demand by ProjectModals. */
export function ProjectModalSet({ onCreated, onDeleted, editSection }: ProjectModalsProps) {
  return (
    <>
      <CreateProjectModal {...(onCreated ? { onCreated } : {})} />
      <EditProjectModal {...(editSection ? { editSection } : {})} />
      <DeleteProjectModal {...(onDeleted ? { onDeleted } : {})} />
    </>
  );
}
