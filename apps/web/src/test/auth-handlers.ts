import { http, HttpResponse } from 'msw';

/** The login/register pages ask which providers exist; GitHub is off until the server has an app. */
export const providersAnswer = (githubEnabled = false) =>
  http.get('/api/auth/providers', () =>
    HttpResponse.json({
      success: true,
      data: {
        password: { enabled: true },
        github: { enabled: githubEnabled, reason: githubEnabled ? null : 'not_configured' },
      },
    }),
  );
