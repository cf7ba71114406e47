import {
  ErrorCodes,
  type PasswordChangeBody,
  type PasswordChangeResponse,
  type Profile,
  type UpdateProfileBody,
  type UserRole,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AuthService } from '../auth/index.js';
import * as queries from './queries.js';

function toProfile(row: queries.ProfileRow): Profile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatarUrl,
    role: row.role as UserRole,
    hasPassword: row.hasPassword,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user gone since their token was checked: the same 401 authenticate gives a deleted user. */
const userGone = () => new AppError(ErrorCodes.tokenInvalid, 'Invalid token');

/**
 * The signed-in user's profile (name, avatar; the e-mail is read-only) and password. The password
 * itself is auth's: checked, hashed and stored there, which also ends the sessions.
 */
export class ProfileService {
  constructor(private readonly deps: { db: Database; auth: AuthService }) {}

  async get(userId: string): Promise<Profile> {
    const row = await queries.findProfile(this.deps.db, userId);
    if (!row) throw userGone();
    return toProfile(row);
  }

  async update(userId: string, body: UpdateProfileBody): Promise<Profile> {
    const updated = await queries.updateProfile(this.deps.db, userId, {
      name: body.name,
      ...(body.avatar !== undefined ? { avatarUrl: body.avatar } : {}),
    });
    if (!updated) throw userGone();
    return this.get(userId);
  }

  changePassword(
    userId: string,
    body: PasswordChangeBody,
    ip: string,
  ): Promise<PasswordChangeResponse> {
    return this.deps.auth.changePassword(userId, body, ip);
  }
}
