import { LoginBody, RegisterFormSchema } from '@rota/contracts';
import type { z } from 'zod';
import type { FieldMessages, Validation } from './use-sign-in-form';

/** The first message for each field, as zod gives them: spec §5's texts from the contracts. */
function validator<F extends string, T>(schema: z.ZodType<T>) {
  return (values: Record<F, string>): Validation<F, T> => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { ok: true, data: parsed.data };
    const errors: FieldMessages<F> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as F;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  };
}

/**
 * The sign-in forms' validation, the contracts' schemas. A module of its own because zod loads
 * with it, when the visitor enters the form (see use-sign-in-form.ts), not with the page.
 */
export const validateLogin = validator<'email' | 'password', z.output<typeof LoginBody>>(LoginBody);
export const validateRegister = validator<
  'name' | 'email' | 'password' | 'confirmPassword',
  z.output<typeof RegisterFormSchema>
>(RegisterFormSchema);
