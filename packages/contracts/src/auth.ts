import { z } from 'zod';
import { ValidationMessages as M } from './messages.js';

/**
 * E-mail as the user typed it is trimmed and lower-cased before anything else looks at it. The
 * format is named for the API document, which shows the typed (input) side of the pipe.
 */
const email = z
  .string({ error: M.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { error: M.invalidEmail })
  .pipe(z.email({ error: M.invalidEmail }))
  .meta({ format: 'email' });

/** Registration password rules (spec §5), also used for a new password on change. */
export const NewPasswordSchema = z
  .string({ error: M.passwordMin })
  .min(8, { error: M.passwordMin })
  .max(256, { error: M.tooLong })
  .regex(/[A-Z]/, { error: M.passwordUppercase })
  .regex(/[a-z]/, { error: M.passwordLowercase })
  .regex(/[0-9]/, { error: M.passwordNumber });

export const LoginBody = z.object({
  email,
  password: z
    .string({ error: M.loginPasswordMin })
    .min(6, { error: M.loginPasswordMin })
    .max(256, { error: M.tooLong }),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z.object({
  name: z
    .string({ error: M.nameMin })
    .trim()
    .min(2, { error: M.nameMin })
    .max(100, { error: M.tooLong }),
  email,
  password: NewPasswordSchema,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** The register form adds a confirmation that never leaves the browser. */
export const RegisterFormSchema = RegisterBody.extend({
  confirmPassword: z.string(),
}).refine((value) => value.password === value.confirmPassword, {
  error: M.passwordsDontMatch,
  path: ['confirmPassword'],
});
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

export const RefreshBody = z.object({
  refreshToken: z.string().min(1).max(512),
});
export type RefreshBody = z.infer<typeof RefreshBody>;

/** Logout may name the refresh token to revoke; without one only the client forgets its tokens. */
export const LogoutBody = z
  .object({
    refreshToken: z.string().min(1).max(512).optional(),
  })
  .nullish();
export type LogoutBody = z.infer<typeof LogoutBody>;

export const UserSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  avatar: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: UserSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const RefreshResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
});
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

export const VerifyResponseSchema = z.object({ user: UserSchema });
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;

/** Spec §5: an auth answer must hold a token and a user with a valid e-mail (checked by the web). */
export const AuthResponseCheckSchema = z.object({
  token: z.string().min(1),
  refreshToken: z.string().optional(),
  user: z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    name: z.string().nullable().optional(),
    email: z.email(),
    avatar: z.string().nullable().optional(),
  }),
});

/** Which sign-in methods this server offers, so the login page can explain a missing one. */
export const AuthProvidersResponseSchema = z.object({
  password: z.object({ enabled: z.literal(true) }),
  github: z.object({
    enabled: z.boolean(),
    /** Why GitHub sign-in is off; the web translates it. */
    reason: z.enum(['not_configured']).nullable(),
  }),
});
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponseSchema>;

/**
 * Why GitHub sign-in did not complete: the server redirects to the web's /auth/callback with
 * `#error=<code>` and the page translates it. One list, so neither side can invent a code.
 */
export const OAuthCallbackErrors = [
  'access_denied',
  'invalid_state',
  'exchange_failed',
  'no_verified_email',
  'github_unavailable',
  'not_configured',
] as const;
export const OAuthCallbackErrorSchema = z.enum(OAuthCallbackErrors);
export type OAuthCallbackError = z.infer<typeof OAuthCallbackErrorSchema>;

/** POST /api/oauth/refresh-token: when the new GitHub token pair expires (ISO 8601). */
export const GitHubTokenRefreshResponseSchema = z.object({
  expiresAt: z.string().nullable(),
  refreshTokenExpiresAt: z.string().nullable(),
});
export type GitHubTokenRefreshResponse = z.infer<typeof GitHubTokenRefreshResponseSchema>;
