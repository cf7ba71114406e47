import { randomUUID } from 'node:crypto';
import {
  ErrorCodes,
  ValidationMessages,
  type AuthResponse,
  type LoginBody,
  type RefreshResponse,
  type RegisterBody,
  type User,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { AppError, conflict, tooManyRequests, validationError } from '../../lib/errors.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { clientKey } from '../../lib/rate-limit/client-key.js';
import type { RateLimitHit, RateLimiter } from '../../lib/rate-limit/rate-limiter.js';
import { administerIfUnadministered } from '../users/index.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import * as queries from './queries.js';
import { REFRESH_TOKEN_TTL_MS, type AccessTokens } from './tokens.js';

/** AUTH_RATE_LIMIT_*: every figure counts within one window of `windowMs`. */
export interface AuthRateLimits {
  windowMs: number;
  /** Sign-in attempts (and, counted apart, registrations) per client (IPv6: per /64). */
  perIp: number;
  /** Wrong passwords for one e-mail from one client. */
  perEmailIp: number;
  /** Wrong passwords for one e-mail from all clients together: the distributed-guessing bound. */
  perEmail: number;
}

export interface AuthServiceDeps {
  db: Database;
  tokens: AccessTokens;
  rateLimiter: RateLimiter;
  limits: AuthRateLimits;
  now?: () => number;
}

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export function toUser(row: queries.UserRow): User {
  return { id: row.id, name: row.name, email: row.email, avatar: row.avatarUrl };
}

export class AuthService {
  private readonly now: () => number;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async register(body: RegisterBody, ip: string): Promise<AuthResponse> {
    // Per client only: 409 for a taken e-mail tells whether an address has an account, and this
    // limit is what bounds how fast a stranger can ask (docs/accounts.md, rate limits).
    await this.admitClient('register', ip);
    const passwordHash = await hashPassword(body.password);
    return this.deps.db.transaction(async (tx) => {
      const user = await queries.insertUser(tx, {
        email: body.email,
        name: body.name,
        passwordHash,
      });
      if (!user) throw conflict(ErrorCodes.emailTaken, 'An account with this email already exists');
      await administerIfUnadministered(tx, user.id);
      const refreshToken = await this.issueRefreshToken(tx, user.id, randomUUID());
      return { token: await this.deps.tokens.sign(user.id), refreshToken, user: toUser(user) };
    });
  }

  async login(body: LoginBody, ip: string): Promise<AuthResponse> {
    await this.admitClient('login', ip);
    const keys = this.wrongPasswordKeys(body.email, ip);
    await this.refuseLockedOut(keys);
    const user = await queries.findUserByEmail(this.deps.db, body.email);
    const valid = user?.passwordHash
      ? await verifyPassword(user.passwordHash, body.password)
      : await verifyAgainstDummy(body.password);
    if (!user || !valid) {
      // Unknown e-mails count too, or the 429 would tell which addresses have accounts.
      await this.countWrongPassword(keys);
      throw new AppError(ErrorCodes.invalidCredentials, INVALID_CREDENTIALS_MESSAGE);
    }
    await this.forgiveTypos(keys);
    const refreshToken = await this.issueRefreshToken(this.deps.db, user.id, randomUUID());
    return { token: await this.deps.tokens.sign(user.id), refreshToken, user: toUser(user) };
  }

  /** A new session (token family) for a user whose identity another sign-in already proved (GitHub). */
  async startSession(userId: string): Promise<{ token: string; refreshToken: string }> {
    const refreshToken = await this.issueRefreshToken(this.deps.db, userId, randomUUID());
    return { token: await this.deps.tokens.sign(userId), refreshToken };
  }

  /**
   * Replaces the user's password (spec §5 Password change). An account with a password must give
   * it as `currentPassword`: checked like a sign-in, under the same limits and counters (a wrong
   * one here is a wrong password for the account's e-mail), and answered 400 on that field rather
   * than 401, which the web would take for an expired session. An account without one (made by
   * GitHub sign-in) sets its first. Then every session of the user ends, and the caller goes on
   * with a new one (access tokens already issued live until their 15 minutes are up).
   */
  async changePassword(
    userId: string,
    passwords: { currentPassword?: string | undefined; newPassword: string },
    ip: string,
  ): Promise<RefreshResponse> {
    const user = await queries.findUserById(this.deps.db, userId);
    if (!user) throw new AppError(ErrorCodes.tokenInvalid, 'Invalid token');
    if (user.passwordHash) {
      if (passwords.currentPassword === undefined)
        throw validationError([
          { path: 'currentPassword', message: ValidationMessages.loginPasswordMin },
        ]);
      await this.admitClient('login', ip);
      const keys = this.wrongPasswordKeys(user.email, ip);
      await this.refuseLockedOut(keys);
      if (!(await verifyPassword(user.passwordHash, passwords.currentPassword))) {
        await this.countWrongPassword(keys);
        throw validationError([
          { path: 'currentPassword', message: ValidationMessages.currentPasswordWrong },
        ]);
      }
      await this.forgiveTypos(keys);
    }
    const passwordHash = await hashPassword(passwords.newPassword);
    return this.deps.db.transaction(async (tx) => {
      if (!(await queries.setPasswordHash(tx, userId, passwordHash)))
        throw new AppError(ErrorCodes.tokenInvalid, 'Invalid token');
      await queries.revokeUserTokens(tx, userId);
      const refreshToken = await this.issueRefreshToken(tx, userId, randomUUID());
      return { token: await this.deps.tokens.sign(userId), refreshToken };
    });
  }

  /** Rotation: the presented token is spent and a new one of the same family is returned. */
  async refresh(presented: string): Promise<RefreshResponse> {
    const row = await queries.findRefreshTokenByHash(this.deps.db, sha256Hex(presented));
    if (!row || row.expiresAt.getTime() <= this.now()) {
      throw new AppError(ErrorCodes.refreshTokenInvalid, 'Invalid or expired refresh token');
    }
    const claimed =
      row.revokedAt === null && (await queries.claimRefreshToken(this.deps.db, row.id));
    if (!claimed) {
      // A spent token came back: either it was stolen or the family was logged out. Either way
      // nobody holding any token of this family may continue.
      await queries.revokeFamily(this.deps.db, row.familyId);
      throw new AppError(
        ErrorCodes.refreshTokenReused,
        'Refresh token has already been used; please sign in again',
      );
    }
    return this.deps.db.transaction(async (tx) => {
      const refreshToken = await this.issueRefreshToken(tx, row.userId, row.familyId, row.id);
      return { token: await this.deps.tokens.sign(row.userId), refreshToken };
    });
  }

  /** Ends the session the refresh token belongs to. Unknown tokens are ignored: logout always succeeds. */
  async logout(presented: string | undefined): Promise<void> {
    if (!presented) return;
    const row = await queries.findRefreshTokenByHash(this.deps.db, sha256Hex(presented));
    if (row) await queries.revokeFamily(this.deps.db, row.familyId);
  }

  /** Drops refresh tokens that expired over a day ago, so the table does not grow forever. */
  purgeExpiredTokens(): Promise<number> {
    return queries.deleteExpiredRefreshTokens(this.deps.db);
  }

  /** Whether the user a token names still exists (every authenticated request asks). */
  userExists(userId: string): Promise<boolean> {
    return queries.userExists(this.deps.db, userId);
  }

  async currentUser(userId: string): Promise<User> {
    const user = await queries.findUserById(this.deps.db, userId);
    if (!user) throw new AppError(ErrorCodes.tokenInvalid, 'Invalid token');
    return toUser(user);
  }

  private async issueRefreshToken(
    db: Database,
    userId: string,
    familyId: string,
    replaces?: string,
  ): Promise<string> {
    const token = randomToken(32);
    const row = await queries.insertRefreshToken(db, {
      userId,
      familyId,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(this.now() + REFRESH_TOKEN_TTL_MS),
    });
    if (replaces) await queries.setReplacedBy(db, replaces, row.id);
    return token;
  }

  /**
   * Counts the attempt against the client's allowance; past it, 429 before anything else is
   * counted, so a client spraying e-mails creates one counter, not one per e-mail.
   */
  private async admitClient(action: 'login' | 'register', ip: string): Promise<void> {
    const { windowMs, perIp } = this.deps.limits;
    const byClient = await this.deps.rateLimiter.hit(`${action}:ip:${clientKey(ip)}`, windowMs);
    if (byClient.count > perIp) throw tooManyRequests(byClient.resetInMs);
  }

  private async countWrongPassword(keys: { emailIp: string; email: string }): Promise<void> {
    const { windowMs } = this.deps.limits;
    await Promise.all([
      this.deps.rateLimiter.hit(keys.emailIp, windowMs),
      this.deps.rateLimiter.hit(keys.email, windowMs),
    ]);
  }

  /**
   * The owner's own typos from this client are forgiven. The all-clients count stays: resetting
   * it would hand a distributed guesser a fresh allowance every time the owner signs in.
   */
  private async forgiveTypos(keys: { emailIp: string }): Promise<void> {
    await this.deps.rateLimiter.reset(keys.emailIp);
  }

  private wrongPasswordKeys(email: string, ip: string) {
    return {
      emailIp: `login:fail:email-ip:${email}|${clientKey(ip)}`,
      email: `login:fail:email:${email}`,
    };
  }

  /**
   * 429 while this client has used up its wrong passwords for the e-mail, or everyone together
   * has used up the e-mail's larger allowance. Read without counting: only a wrong password counts.
   */
  private async refuseLockedOut(keys: { emailIp: string; email: string }): Promise<void> {
    const { perEmailIp, perEmail } = this.deps.limits;
    const [byEmailIp, byEmail] = await Promise.all([
      this.deps.rateLimiter.peek(keys.emailIp),
      this.deps.rateLimiter.peek(keys.email),
    ]);
    const blocked: RateLimitHit[] = [];
    if (byEmailIp.count >= perEmailIp) blocked.push(byEmailIp);
    if (byEmail.count >= perEmail) blocked.push(byEmail);
    if (blocked.length > 0) throw tooManyRequests(Math.max(...blocked.map((hit) => hit.resetInMs)));
  }
}
