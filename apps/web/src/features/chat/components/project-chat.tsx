import '../i18n';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import type { TabItem } from '../../../components/ui/tabs';
import { i18n } from '../../../lib/i18n';

/** The tab's id in the project page's address: `/projects/{id}?tab=chat`. */
export const CHAT_TAB_ID = 'chat';

// The section is its own chunk, fetched when the tab opens.
const ChatSection = lazy(async () => ({ default: (await import('./chat-section')).ChatSection }));

/** What chat notifications add to a project's page: one tab, its outgoing chat webhooks. */
export function projectChat(project: { id: string }): { tabs: TabItem[] } {
  return {
    tabs: [
      {
        id: CHAT_TAB_ID,
        label: i18n.t('chat.tab'),
        content: (
          <Suspense
            fallback={
              <div role="status" aria-busy="true" aria-label={i18n.t('chat.loading')}>
                <Skeleton className="h-40 w-full rounded-xl" />
              </div>
            }
          >
            <ChatSection projectId={project.id} />
          </Suspense>
        ),
      },
    ],
  };
}
