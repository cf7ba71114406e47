import { AvatarUrlSchema, UpdateProfileBody } from '@rota/contracts';
import { z } from 'zod';

/** Empty text means "none" (null), not an invalid value. */
const blankAsNull = z.string().transform((value): string | null => value.trim() || null);

/** The profile form: the contract's name rule, and an avatar address or nothing. */
export const ProfileFormSchema = z.object({
  name: UpdateProfileBody.shape.name,
  avatar: blankAsNull.pipe(AvatarUrlSchema.nullable()),
});
export type ProfileFormOutput = z.infer<typeof ProfileFormSchema>;

export interface ProfileFormValues {
  name: string;
  avatar: string;
}

/** Places the server's field errors on the form's fields; answers whether any was placed. */
export function placeFieldErrors<Field extends string>(
  errors: ReadonlyArray<{ path: string; message: string }>,
  fields: readonly Field[],
  setError: (
    field: Field,
    error: { type: string; message: string },
    options: { shouldFocus: boolean },
  ) => void,
): boolean {
  let placed = false;
  for (const item of errors) {
    const field = fields.find((name) => name === item.path);
    if (!field) continue;
    setError(field, { type: 'server', message: item.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
