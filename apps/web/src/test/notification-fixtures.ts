import type { Notification, NotificationList } from '@rota/contracts';
import { http, HttpResponse } from 'msw';
import { ok } from './project-fixtures';

export const PROJECT_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_PROJECT_ID = '22222222-2222-4222-8222-222222222222';

let next = 0;
/** A notification with a fresh uuid; Rota's review of owner/repo#12 "Başlık" by default. */
export function notificationFixture(overrides: Partial<Notification> = {}): Notification {
  next += 1;
  const tail = String(next).padStart(12, '0');
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${tail}`,
    kind: 'prReviewed',
    projectId: PROJECT_ID,
    projectName: 'Rota',
    subject: {
      type: 'pullRequest',
      repository: 'owner/repo',
      number: 12,
      title: 'Başlık',
      url: 'https://github.com/owner/repo/pull/12',
    },
    detail: { verdict: 'changes_requested' },
    link: `/projects/${PROJECT_ID}?tab=reviews`,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

export const listFixture = (
  items: Notification[],
  overrides: Partial<NotificationList> = {},
): NotificationList => ({
  items,
  nextCursor: null,
  unread: items.filter((item) => item.readAt === null).length,
  ...overrides,
});

/** GET /api/notifications answered by `answer`, every request's query recorded. */
export function listHandler(answer: (url: URL) => NotificationList) {
  const queries: URLSearchParams[] = [];
  const handler = http.get('/api/notifications', ({ request }) => {
    const url = new URL(request.url);
    queries.push(url.searchParams);
    return ok(answer(url));
  });
  return { handler, queries };
}

/** An SSE body that sends `frames` (already "event: …\ndata: …\n\n" text) and stays open. */
export function streamResponse(frames: string[], keepOpen = true) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(frame));
      if (!keepOpen) controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
}
