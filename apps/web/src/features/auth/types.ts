import { AuthResponseCheckSchema } from '@rota/contracts';
import { z } from 'zod';

/** What the web accepts as a signed-in answer (spec §5: a token and a user with a valid e-mail). */
export type AuthSession = z.output<typeof AuthResponseCheckSchema>;
export type AuthUser = AuthSession['user'];

export const AuthUserSchema = AuthResponseCheckSchema.shape.user;
export const VerifyAnswerSchema = z.object({ user: AuthUserSchema });
