import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody, RegisterFormSchema } from '@rota/contracts';

/**
 * The sign-in forms' validation: the contracts' schemas, so the messages are SPEC §5's. Loaded on
 * the first submit (see lazy-resolver.ts), which is why it is a module of its own.
 */
export const loginResolver = zodResolver(LoginBody);
export const registerResolver = zodResolver(RegisterFormSchema);
