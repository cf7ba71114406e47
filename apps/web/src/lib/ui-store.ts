import { create } from 'zustand';
import { StorageKeys, writeStorage } from './storage';
import { applyTheme, storedTheme, watchSystemTheme, type Theme } from './theme';

/** Spec §3 UI state: theme, notifications, the project modals and loading flags. */
export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface Notification {
  id: string;
  type: NotificationType;
  title: string;
  description?: string;
  /** Milliseconds before it goes away; 0 keeps it until the user closes it. */
  duration: number;
}

export type NotificationInput = Omit<Notification, 'id' | 'duration'> & { duration?: number };

export const DEFAULT_NOTIFICATION_DURATION_MS = 5000;

export type ModalName = 'createProject' | 'editProject' | 'deleteConfirm';
export interface ModalState {
  open: boolean;
  /** What the modal works on, e.g. the project being edited or deleted. */
  payload: unknown;
}

interface UiState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  notifications: Notification[];
  notify: (input: NotificationInput) => string;
  dismissNotification: (id: string) => void;
  modals: Record<ModalName, ModalState>;
  openModal: (name: ModalName, payload?: unknown) => void;
  closeModal: (name: ModalName) => void;
  loading: Record<string, boolean>;
  setLoading: (key: string, value: boolean) => void;
}

const closedModals = (): Record<ModalName, ModalState> => ({
  createProject: { open: false, payload: null },
  editProject: { open: false, payload: null },
  deleteConfirm: { open: false, payload: null },
});

// Timers live outside the state: they are not data, and dismissing early must cancel them.
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let sequence = 0;

export const useUiStore = create<UiState>()((set, get) => ({
  theme: storedTheme(),
  setTheme: (theme) => {
    writeStorage(StorageKeys.theme, theme);
    applyTheme(theme);
    set({ theme });
  },

  notifications: [],
  notify: (input) => {
    sequence += 1;
    const id = `notification-${sequence}`;
    const duration = input.duration ?? DEFAULT_NOTIFICATION_DURATION_MS;
    set((state) => ({ notifications: [...state.notifications, { ...input, id, duration }] }));
    if (duration > 0) {
      timers.set(
        id,
        setTimeout(() => get().dismissNotification(id), duration),
      );
    }
    return id;
  },
  dismissNotification: (id) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set((state) => ({ notifications: state.notifications.filter((n) => n.id !== id) }));
  },

  modals: closedModals(),
  openModal: (name, payload = null) =>
    set((state) => ({ modals: { ...state.modals, [name]: { open: true, payload } } })),
  closeModal: (name) =>
    set((state) => ({ modals: { ...state.modals, [name]: { open: false, payload: null } } })),

  loading: {},
  setLoading: (key, value) => set((state) => ({ loading: { ...state.loading, [key]: value } })),
}));

/** Shorthands for the four toast types. */
export const notify = {
  success: (title: string, options?: Partial<NotificationInput>) =>
    useUiStore.getState().notify({ ...options, type: 'success', title }),
  error: (title: string, options?: Partial<NotificationInput>) =>
    useUiStore.getState().notify({ ...options, type: 'error', title }),
  warning: (title: string, options?: Partial<NotificationInput>) =>
    useUiStore.getState().notify({ ...options, type: 'warning', title }),
  info: (title: string, options?: Partial<NotificationInput>) =>
    useUiStore.getState().notify({ ...options, type: 'info', title }),
};

/**
 * Applies the stored theme and keeps "system" in step with the OS while the app runs.
 * Returns the cleanup for the OS listener.
 */
export function startThemeSync(): () => void {
  applyTheme(useUiStore.getState().theme);
  return watchSystemTheme(() => {
    const { theme } = useUiStore.getState();
    if (theme === 'system') applyTheme(theme);
  });
}
