import { beforeEach } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { useUiStore } from '../../../lib/ui-store';
import { initialProjectState, useProjectStore } from '../project-store';
import { ProjectDetailPage } from './project-detail-page';
import { ProjectsPage } from './projects-page';
import { clearProjectFormDrafts } from '../project-form-drafts';

/** The projects pages on a memory router, as the app mounts them. */
export function renderProjects(path: string) {
  return renderRoutes(
    [
      { path: '/projects', element: <ProjectsPage /> },
      { path: '/projects/:id', element: <ProjectDetailPage /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
    ],
    path,
  );
}

/** Global stores outlive a test; every projects test starts from closed modals and no toasts. */
export function resetProjectStores() {
  beforeEach(() => {
    useUiStore.setState({
      notifications: [],
      modals: {
        createProject: { open: false, payload: null },
        editProject: { open: false, payload: null },
        deleteConfirm: { open: false, payload: null },
      },
    });
    useProjectStore.setState(initialProjectState());
    clearProjectFormDrafts();
  });
}
