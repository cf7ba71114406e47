import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { ErrorCodes } from '@rota/contracts';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = 'rota';
const AUDIENCE = 'rota-api';

export interface AccessTokenClaims {
  userId: string;
}

/** Verified tokens remembered at most (one per signed-in client; each is ~300 bytes). */
const VERIFIED_CACHE_SIZE = 10_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were checked, with their expiry (seconds): a client sends
   * the same token on every request for up to 15 minutes, and checking the HMAC again each time
   * was ~9% of the server's CPU under load (bench/load.ts --profile). Only a token that passed
   * jwtVerify gets in, so the map cannot be filled with forgeries; the expiry is still checked on
   * every use, exactly as jose does (expired when `exp <= now`), and oldest entries go first.
   */
  private readonly verified = new Map<string, { userId: string; exp: number }>();

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: string): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_S)
      .sign(this.key);
  }

  /**
   * Verifies signature, algorithm, issuer, audience and expiry; tells expired apart from invalid.
   * A token without `exp` would never expire and one whose `sub` is not a user id could only fail
   * later in SQL, so both are invalid here. Whether the user still exists is the caller's check.
   */
  async verify(token: string): Promise<AccessTokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > Math.floor(this.now() / 1000)) return { userId: known.userId };
      this.verified.delete(token);
      throw new AppError(ErrorCodes.tokenExpired, 'Token expired');
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.now()),
        requiredClaims: ['exp', 'sub'],
      });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || !isUuid(payload.sub))
        throw new Error('wrong token type or subject');
      this.remember(token, payload.sub, payload.exp!);
      return { userId: payload.sub };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError(ErrorCodes.tokenExpired, 'Token expired');
      }
      throw new AppError(ErrorCodes.tokenInvalid, 'Invalid token');
    }
  }

  private remember(token: string, userId: string, exp: number) {
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, { userId, exp });
  }
}
