import { z } from 'zod';
import {
  FlowStatSchema,
  PeriodQueryShape,
  refinePeriod,
  ResolvedPeriodSchema,
} from './analytics.js';

/**
 * Teams and people (docs/teams.md): a project's members map to a GitHub login and to commit
 * identities (e-mails and names), and can be grouped into teams that analytics filter by.
 * Figures per person are shown to that person and to the project's owner only; nothing ranks
 * people.
 */

export const TeamMessages = {
  teamNameRequired: 'A team needs a name of 1 to 80 characters',
  teamNameTaken: 'The project already has a team with this name',
  unknownMember: 'Every member must be one of the project’s members',
  identityInvalid: 'An identity is an e-mail address or a name of 1 to 200 characters',
  identityTaken: 'This identity already belongs to another member of the project',
  personHidden: 'Only this person and the project’s owner can see these figures',
} as const;

export const TeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  memberIds: z.array(z.string()),
  created_at: z.string(),
});
export type Team = z.infer<typeof TeamSchema>;

export const TeamInputSchema = z.strictObject({
  name: z
    .string({ error: TeamMessages.teamNameRequired })
    .trim()
    .min(1, { error: TeamMessages.teamNameRequired })
    .max(80, { error: TeamMessages.teamNameRequired }),
  memberIds: z.array(z.string().uuid({ error: TeamMessages.unknownMember })).max(500),
});
export type TeamInput = z.infer<typeof TeamInputSchema>;

export const IdentityKindSchema = z.enum(['email', 'name']);
export const IdentitySchema = z.object({
  kind: IdentityKindSchema,
  /** Stored as written; matched case-insensitively (e-mails and names both). */
  value: z.string().trim().min(1, { error: TeamMessages.identityInvalid }).max(200, {
    error: TeamMessages.identityInvalid,
  }),
});
export type Identity = z.infer<typeof IdentitySchema>;

/** `PUT /api/projects/{id}/members/{memberId}/identities`: the member's whole list. */
export const IdentitiesInputSchema = z.strictObject({
  identities: z.array(IdentitySchema).max(50),
});

/** `GET /api/projects/{id}/identities`: members with their identities, and suggestions from the history. */
export const ProjectIdentitiesSchema = z.object({
  members: z.array(
    z.object({
      memberId: z.string(),
      name: z.string(),
      github_login: z.string().nullable(),
      teamId: z.string().nullable(),
      identities: z.array(IdentitySchema),
      /** Commits of the stored history analyses this member's identities and login match. */
      commits: z.number().int().min(0),
    }),
  ),
  /** Git authors of the history no member claims, with the member they most likely are (or null). */
  suggestions: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      commits: z.number().int().min(0),
      memberId: z.string().nullable(),
      /** Why this member: the no-reply login, the same e-mail local part, or the same name. */
      reason: z.enum(['noreplyLogin', 'emailLocalPart', 'sameName']).nullable(),
    }),
  ),
});
export type ProjectIdentities = z.infer<typeof ProjectIdentitiesSchema>;

export const PersonFiguresQuerySchema = z.object({ ...PeriodQueryShape }).superRefine(refinePeriod);

/** `GET /api/projects/{id}/people/{memberId}/figures`: one person's own figures. */
export const PersonFiguresSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  period: ResolvedPeriodSchema,
  prs_opened: z.number().int().min(0),
  prs_merged: z.number().int().min(0),
  /** Counted reviews on other people's pull requests. */
  reviews: z.number().int().min(0),
  /** Commits matched by identity in the stored history; null when no history covers the period. */
  commits: z.number().int().min(0).nullable(),
  time_to_first_review: FlowStatSchema,
  time_to_merge: FlowStatSchema,
  cycle_time: FlowStatSchema,
});
export type PersonFigures = z.infer<typeof PersonFiguresSchema>;

/** `/api/projects/{id}/teams/{teamId}`. */
export const TeamParams = z.object({ id: z.string().max(100), teamId: z.string().max(100) });

/** `GET /api/me/figures`: the signed-in user's own figures in every project they are a member of. */
export const MyFiguresSchema = z.array(
  PersonFiguresSchema.extend({ projectId: z.string(), projectName: z.string() }),
);
export type MyFigures = z.infer<typeof MyFiguresSchema>;
