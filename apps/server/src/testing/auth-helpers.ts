import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '@rota/contracts';

let sequence = 0;

export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}.${process.pid}.${sequence}@example.com`;
}

export const VALID_PASSWORD = 'Sup3rSecret';

/** Registers a user through the API, as a browser would, and returns the auth answer. */
export async function registerUser(
  app: FastifyInstance,
  overrides: { name?: string; email?: string; password?: string } = {},
): Promise<AuthResponse & { password: string }> {
  const password = overrides.password ?? VALID_PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      name: overrides.name ?? 'Ayşe Yılmaz',
      email: overrides.email ?? uniqueEmail(),
      password,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { ...(response.json().data as AuthResponse), password };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
