import type { MailTexts } from './types.js';

/** Rota's e-mails in English. */
export const en: MailTexts = {
  locale: 'en-GB',
  lang: 'en',
  kinds: {
    prAssigned: {
      subject: (f) => `Assigned to you: ${f.subject}`,
      lead: (f) =>
        f.actor
          ? `${f.actor} assigned you to ${f.subject} or asked for your review.`
          : `${f.subject} was assigned to you, or your review was requested.`,
    },
    prMentioned: {
      subject: (f) => `You were mentioned: ${f.subject}`,
      lead: (f) =>
        f.actor
          ? `${f.actor} mentioned you in ${f.subject}.`
          : `You were mentioned in ${f.subject}.`,
    },
    prReviewed: {
      subject: (f) => `Rota reviewed ${f.subject}`,
      lead: (f) => `Rota finished reviewing ${f.subject}${f.verdict ? `: ${f.verdict}` : ''}.`,
    },
    prMerged: {
      subject: (f) => `Merged: ${f.subject}`,
      lead: (f) => (f.actor ? `${f.actor} merged ${f.subject}.` : `${f.subject} was merged.`),
    },
    agreementBroken: {
      subject: (f) => `Working agreement broken: ${f.subject}`,
      lead: (f) =>
        `${f.subject} broke the project's “${f.agreement ?? 'working agreement'}” agreement` +
        (f.threshold !== null ? ` (threshold: ${f.threshold}).` : '.'),
    },
    workFailed: {
      subject: (f) => `${f.work ?? 'Work'} failed: ${f.subject}`,
      lead: (f) =>
        `${f.work ?? 'Work'} of ${f.subject} failed` +
        (f.failure ? ` (error code: ${f.failure}).` : '.'),
    },
  },
  verdicts: {
    approved: 'approved',
    changes_requested: 'changes requested',
    commented: 'commented',
    pending: 'pending',
  },
  works: { analysis: 'Analysis', fetch: 'Repository fetch', sync: 'Pull request sync' },
  topics: {
    prAssigned: 'assignment e-mails',
    prMentioned: 'mention e-mails',
    prReviewed: 'review e-mails',
    prMerged: 'merge e-mails',
    agreementBroken: 'broken working agreement e-mails',
    workFailed: 'failed work e-mails',
    digest: 'the digest e-mail',
  },
  project: (name) => `Project: ${name}`,
  when: (date) => `When: ${date}`,
  open: 'Open in Rota',
  unsubscribe: (topic) => `Stop sending me ${topic}`,
  footer: 'You received this e-mail because of your Rota notification settings.',
  page: {
    title: 'Rota e-mail subscription',
    confirm: (topic) => `Stop receiving ${topic}?`,
    button: 'Unsubscribe',
    done: (topic) => `Done: you will no longer receive ${topic}.`,
    invalid: 'This unsubscribe link is not valid. Copy the whole link from the e-mail.',
    settings: 'You can change your other notifications on the Settings page in Rota.',
  },
};
