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

export class AccessTokens {
  private readonly key: Uint8Array;

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
      return { userId: payload.sub };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError(401, ErrorCodes.tokenExpired, 'Token expired');
      }
      throw new AppError(401, ErrorCodes.tokenInvalid, 'Invalid token');
    }
  }
}
