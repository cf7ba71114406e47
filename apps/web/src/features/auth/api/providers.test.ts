import { AuthProvidersResponseSchema } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { isAuthProvidersResponse } from './providers';

// The hand-written check must accept what the contract accepts and nothing else.
const answers: unknown[] = [
  { password: { enabled: true }, github: { enabled: true, reason: null } },
  { password: { enabled: true }, github: { enabled: false, reason: 'not_configured' } },
  { password: { enabled: true }, github: { enabled: false, reason: null }, extra: 1 },
  { password: { enabled: false }, github: { enabled: true, reason: null } },
  { password: { enabled: true }, github: { enabled: 'yes', reason: null } },
  { password: { enabled: true }, github: { enabled: true } },
  { password: { enabled: true }, github: { enabled: false, reason: 'down' } },
  { password: { enabled: true } },
  { github: { enabled: true, reason: null } },
  { password: [], github: { enabled: true, reason: null } },
  [],
  null,
  'ok',
];

describe('isAuthProvidersResponse', () => {
  it.each(answers.map((answer) => [JSON.stringify(answer), answer]))(
    'agrees with AuthProvidersResponseSchema on %s',
    (_label, answer) => {
      expect(isAuthProvidersResponse(answer)).toBe(
        AuthProvidersResponseSchema.safeParse(answer).success,
      );
    },
  );
});
