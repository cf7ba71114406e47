import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.js';
import {
  githubOAuthDouble,
  OAuthDoubleControl,
  type DoubleGitHubUser,
} from './github-double/oauth-routes.js';

export const DOUBLE_CLIENT = { clientId: 'Iv1.rota-test-client', clientSecret: 'rota-test-secret' };

export function octocat(overrides: Partial<DoubleGitHubUser> = {}): DoubleGitHubUser {
  return {
    id: 583231,
    login: 'octocat',
    name: 'The Octocat',
    avatarUrl: 'https://avatars.githubusercontent.com/u/583231?v=4',
    emails: [
      { email: 'Octocat@Example.com', primary: true, verified: true },
      { email: 'octo-old@example.com', primary: false, verified: true },
    ],
    ...overrides,
  };
}

export interface OAuthDoubleHandle {
  control: OAuthDoubleControl;
  url: string;
  /** Pass as `config` to useTestApp: read when the app is built, after the double listens. */
  config: Partial<Config>;
}

/**
 * Starts the OAuth part of the GitHub double on loopback for this test file. Call before
 * useTestApp, so its beforeAll runs first and the app sees the double's address.
 */
export function useOAuthDouble(options: { apiPrefix?: string } = {}): OAuthDoubleHandle {
  let server: FastifyInstance | undefined;
  const apiPrefix = options.apiPrefix ?? '';
  const handle = {
    control: new OAuthDoubleControl(octocat()),
    url: '',
    config: {
      get github() {
        return { apiUrl: `${handle.url}${apiPrefix}`, webUrl: handle.url, oauth: DOUBLE_CLIENT };
      },
    } as Partial<Config>,
  };
  beforeAll(async () => {
    server = Fastify({ logger: false });
    await server.register(githubOAuthDouble, {
      ...DOUBLE_CLIENT,
      control: handle.control,
      apiPrefix,
    });
    handle.url = (await server.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
  });
  afterAll(async () => server?.close());
  return handle;
}

export interface CallbackHandOver {
  /** Where the server sent the browser at the end. */
  location: URL;
  /** The fragment's parameters (tokens or error). */
  fragment: URLSearchParams;
}

/**
 * Walks a browser through sign-in: Rota's start route, GitHub's authorize page (the double), and
 * Rota's callback with the cookie the start route set. `tamper` may change the callback URL or
 * cookie the way an attacker (or a confused browser) would.
 */
export async function walkSignIn(
  app: FastifyInstance,
  options: {
    next?: string;
    tamper?: (callback: URL, cookie: string) => { callback: URL; cookie: string | undefined };
  } = {},
): Promise<CallbackHandOver & { callbackUrl: URL; cookie: string }> {
  const query = options.next ? `?next=${encodeURIComponent(options.next)}` : '';
  const start = await app.inject({ method: 'GET', url: `/api/oauth/github${query}` });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode} ${start.body}`);
  const setCookie = String(start.headers['set-cookie']);
  const cookie = setCookie.split(';')[0]!;
  const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
  const callbackUrl = new URL(authorize.headers.get('location')!);
  const tampered = options.tamper?.(new URL(callbackUrl), cookie) ?? {
    callback: callbackUrl,
    cookie,
  };
  const handOver = await finishCallback(app, tampered.callback, tampered.cookie);
  return { ...handOver, callbackUrl, cookie };
}

/** Rota's callback route, with the browser's cookie (if any). */
export async function finishCallback(
  app: FastifyInstance,
  callback: URL,
  cookie: string | undefined,
): Promise<CallbackHandOver> {
  const response = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: cookie ? { cookie } : {},
  });
  if (response.statusCode !== 302)
    throw new Error(`callback answered ${response.statusCode} ${response.body}`);
  const location = new URL(String(response.headers.location));
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
}
