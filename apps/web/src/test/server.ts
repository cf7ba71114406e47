import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * One MSW server for the web suite; each test adds the handlers it needs. The one handler every
 * test has: the project list and every project page ask what failed on their repositories, and a
 * test that does not look at failures has none (a test that does replaces this answer).
 */
export const server = setupServer(
  http.get('/api/repository-failures', () => HttpResponse.json({ success: true, data: [] })),
);
