import { AddMemberBody } from '@rota/contracts';
import { z } from 'zod';

/** Empty text means "none" (null), not an invalid value. */
const blankAsNull = z
  .string()
  .transform((value): string | null | undefined => value.trim() || null);

/** AddMemberBody's own rules for the fields the form offers. */
export const MemberFormSchema = z.object({
  name: AddMemberBody.shape.name,
  role: blankAsNull.pipe(AddMemberBody.shape.role),
  github_login: blankAsNull.pipe(AddMemberBody.shape.github_login),
});

export interface MemberFormValues {
  name: string;
  role: string;
  github_login: string;
}
