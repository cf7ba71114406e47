import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterPageSettles } from '../../../lib/after-page-settles';
import { useUiStore } from '../../../lib/ui-store';

export interface ProjectModalsProps {
  onCreated?: (id: string) => void;
  onDeleted?: (id: string) => void;
  /** What another part of the app adds below the edit form (`close` closes the modal). */
  editSection?: EditProjectSection;
}

export type EditProjectSection = (projectId: string, close: () => void) => ReactNode;

const loadModalSet = () => import('./project-modal-set');
const ProjectModalSet = lazy(async () => ({ default: (await loadModalSet()).ProjectModalSet }));

/**
 * Fetches the modals' code (the form library, the dialog) ahead of need, once the page has loaded
 * and settled, so the page shows without waiting for it and a modal still opens at once.
 */
export function usePreloadProjectModals() {
  useEffect(() => afterPageSettles(() => void loadModalSet()), []);
}

/**
 * The create, edit and delete modals of the page that mounts this. Their code is its own chunk,
 * mounted from the first time one of them opens; leaving the page closes whichever is open.
 */
export function ProjectModals(props: ProjectModalsProps) {
  const anyOpen = useUiStore(
    ({ modals }) =>
      modals.createProject.open || modals.editProject.open || modals.deleteConfirm.open,
  );
  const [mounted, setMounted] = useState(anyOpen);
  if (anyOpen && !mounted) setMounted(true);

  useEffect(
    () => () => {
      const { closeModal } = useUiStore.getState();
      closeModal('createProject');
      closeModal('editProject');
      closeModal('deleteConfirm');
    },
    [],
  );

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ProjectModalSet {...props} />
    </Suspense>
  );
}
