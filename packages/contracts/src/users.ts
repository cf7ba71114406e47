import { z } from 'zod';
import { UserRoleSchema } from './account.js';
import { AccountMessages } from './messages.js';

/** The installation's accounts, for administrators (spec §6, §7 `GET /api/user/all`). */

const wholeNumber = (message: string, max: number) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message });

/** `GET /api/user/all` query: pages of `limit` accounts, oldest first. */
export const UserListQuery = z.object({
  page: wholeNumber(AccountMessages.invalidPage, 100_000).default(1),
  limit: wholeNumber(AccountMessages.invalidLimit, 100).default(20),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** An account as administrators see it: no password hash, no token, only whether they exist. */
export const AccountSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: UserRoleSchema,
  hasPassword: z.boolean(),
  /** The GitHub login of the account's GitHub sign-in, or null. */
  githubLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

export const UserListSchema = z.object({
  users: z.array(AccountSummarySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type UserList = z.infer<typeof UserListSchema>;

export const UserRoleParams = z.object({ userId: z.string().max(64) });

/** `PUT /api/user/{userId}/role`. */
export const UpdateUserRoleBody = z.object({ role: UserRoleSchema });
export type UpdateUserRoleBody = z.infer<typeof UpdateUserRoleBody>;
