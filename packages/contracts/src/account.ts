import { z } from 'zod';
import { NewPasswordSchema, RefreshResponseSchema, RegisterBody } from './auth.js';
import { GITHUB_TOKEN_SCOPES } from './github-token-scopes.js';
import { ValidationMessages as M } from './messages.js';

/**
 * The signed-in user's own account (spec §7 User): profile, password and the personal GitHub
 * token. Roles are the installation's (users.ts).
 */

export const USER_ROLES = ['admin', 'member'] as const;
export const UserRoleSchema = z.enum(USER_ROLES, { error: M.invalidRole });
export type UserRole = z.infer<typeof UserRoleSchema>;

/** An https address on a named host, without credentials in it. */
function isHttpsAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    z.regexes.domain.test(url.hostname)
  );
}

/** An avatar is an https address: anything else would be mixed content, or a script (javascript:). */
export const AvatarUrlSchema = z
  .string({ error: M.avatarHttps })
  .trim()
  .max(2048, { error: M.tooLong, abort: true })
  .refine(isHttpsAddress, { error: M.avatarHttps });

/** `GET /api/user/profile`. The e-mail is shown read-only: changing it is not offered yet. */
export const ProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: UserRoleSchema,
  /** False for an account made through GitHub sign-in that never set one. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** `PUT /api/user/profile`: the name (spec §5's rule), and the avatar (omitted: kept; null: removed). */
export const UpdateProfileBody = z.object({
  name: RegisterBody.shape.name,
  avatar: AvatarUrlSchema.nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

/** Spec §5: the current password is at least 6 characters, like a sign-in's. */
export const CurrentPasswordSchema = z
  .string({ error: M.loginPasswordMin })
  .min(6, { error: M.loginPasswordMin })
  .max(256, { error: M.tooLong });

const confirmation = z.string({ error: M.passwordsDontMatch }).max(256, { error: M.tooLong });

const matches = (value: { newPassword: string; confirmPassword: string }) =>
  value.newPassword === value.confirmPassword;
const mismatch = { error: M.passwordsDontMatch, path: ['confirmPassword'] };

/**
 * `PUT /api/user/password`. The current password is required when the account has one (the
 * server says so on `currentPassword`); an account made through GitHub sign-in sets its first
 * password without it.
 */
export const PasswordChangeBody = z
  .object({
    currentPassword: CurrentPasswordSchema.optional(),
    newPassword: NewPasswordSchema,
    confirmPassword: confirmation,
  })
  .refine(matches, mismatch);
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

/** Spec §5's password change form: the current password, a new one and its confirmation. */
export const PasswordChangeFormSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    newPassword: NewPasswordSchema,
    confirmPassword: confirmation,
  })
  .refine(matches, mismatch);
export type PasswordChangeForm = z.infer<typeof PasswordChangeFormSchema>;

/** The form of an account without a password: a new one and its confirmation only. */
export const PasswordSetFormSchema = z
  .object({ newPassword: NewPasswordSchema, confirmPassword: confirmation })
  .refine(matches, mismatch);
export type PasswordSetForm = z.infer<typeof PasswordSetFormSchema>;

/**
 * After a password change every other session is over: the caller continues with these tokens
 * (a new refresh-token family).
 */
export const PasswordChangeResponseSchema = RefreshResponseSchema;
export type PasswordChangeResponse = z.infer<typeof PasswordChangeResponseSchema>;

/** `PUT /api/user/github-token`: a personal access token, checked with GitHub before it is kept. */
export const ConnectGitHubTokenBody = z.object({
  token: z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required, abort: true })
    .max(255, { error: M.tooLong, abort: true })
    // Tokens are printable ASCII; anything else cannot be sent in a header anyway.
    .regex(/^[\x21-\x7e]+$/, { error: M.githubTokenRejected }),
});
export type ConnectGitHubTokenBody = z.infer<typeof ConnectGitHubTokenBody>;

export const GitHubScopeSchema = z.enum(GITHUB_TOKEN_SCOPES);

/** Which GitHub token Rota uses for the user: personal wins, then sign-in's, then the server's. */
export const GitHubTokenInUseSchema = z.enum(['personal', 'sign-in', 'server', 'none']);
export type GitHubTokenInUse = z.infer<typeof GitHubTokenInUseSchema>;

/** `GET/PUT /api/user/github-token`. A token itself is never sent back. */
export const GitHubTokenStatusSchema = z.object({
  personal: z
    .object({
      /** The GitHub account the token belongs to, as GitHub answered when it was checked. */
      login: z.string(),
      /**
       * GitHub's `x-oauth-scopes`; null when GitHub lists none for the token (a fine-grained
       * token, whose permissions are set on GitHub per repository).
       */
      scopes: z.array(z.string()).nullable(),
      /** The scopes Rota needs that the token lacks (empty when its scopes are not listed). */
      missingScopes: z.array(GitHubScopeSchema),
      checkedAt: z.string(),
    })
    .nullable(),
  /** The GitHub account whose sign-in token is stored, or null without GitHub sign-in. */
  signIn: z.object({ login: z.string() }).nullable(),
  inUse: GitHubTokenInUseSchema,
});
export type GitHubTokenStatus = z.infer<typeof GitHubTokenStatusSchema>;
