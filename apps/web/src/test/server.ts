import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * One MSW server for the web suite; each test adds the handlers it needs. The handlers every test
 * has: the project list and every project page ask what failed on their repositories, and a test
 * that does not look at failures has none; the header's bell asks for the latest notifications and
 * opens their live stream, and a test that does not look at notifications has none and no stream;
 * the analytics tab asks for the project's teams, and the dashboard for the user's own figures, and
 * a test that does not look at them has none (a test that does replaces these answers).
 */
export const server = setupServer(
  http.get('/api/repository-failures', () => HttpResponse.json({ success: true, data: [] })),
  http.get('/api/notifications', () =>
    HttpResponse.json({ success: true, data: { items: [], nextCursor: null, unread: 0 } }),
  ),
  http.get('/api/notifications/stream', () => new HttpResponse(null, { status: 204 })),
  http.get('/api/projects/:id/teams', () => HttpResponse.json({ success: true, data: [] })),
  // The dashboard's "my figures": a user who is a member of no project has none.
  http.get('/api/me/figures', () => HttpResponse.json({ success: true, data: [] })),
);
