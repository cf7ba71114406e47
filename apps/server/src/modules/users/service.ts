import {
  AccountMessages,
  ErrorCodes,
  type AccountSummary,
  type UserList,
  type UserListQuery,
  type UserRole,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import * as queries from './queries.js';

function toSummary(row: queries.AccountRow): AccountSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatarUrl,
    role: row.role as UserRole,
    hasPassword: row.hasPassword,
    githubLogin: row.githubLogin,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The installation's accounts for its administrators (spec §6: the one server-side role beside
 * ownership): the list and who administers. Anyone else is answered 403: the routes are no
 * secret, unlike someone else's project (404).
 */
export class UsersService {
  constructor(private readonly deps: { db: Database }) {}

  async list(callerId: string, query: UserListQuery): Promise<UserList> {
    await this.requireAdministrator(callerId);
    const { rows, total } = await queries.listAccounts(this.deps.db, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return { users: rows.map(toSummary), page: query.page, limit: query.limit, total };
  }

  async setRole(callerId: string, userId: string, role: UserRole): Promise<AccountSummary> {
    await this.requireAdministrator(callerId);
    const missing = () => notFound(AccountMessages.userNotFound);
    if (!isUuid(userId)) throw missing();
    const outcome = await queries.setRole(this.deps.db, userId, role);
    if (outcome === 'missing') throw missing();
    if (outcome === 'last-administrator')
      throw new AppError(ErrorCodes.lastAdministrator, AccountMessages.lastAdministrator);
    const account = await queries.findAccount(this.deps.db, userId);
    if (!account) throw missing();
    return toSummary(account);
  }

  /** Whether the user administers the installation (other modules' administrator-only calls). */
  async isAdministrator(userId: string): Promise<boolean> {
    return (await queries.roleOf(this.deps.db, userId)) === 'admin';
  }

  private async requireAdministrator(userId: string): Promise<void> {
    if (!(await this.isAdministrator(userId)))
      throw new AppError(ErrorCodes.forbidden, AccountMessages.administratorsOnly);
  }
}
