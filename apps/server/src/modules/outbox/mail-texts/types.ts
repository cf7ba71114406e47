import type { NotificationKind, UnsubscribeTopic } from '@rota/contracts';

/** The facts of a notification its e-mail is worded from (plain text; the layout escapes it). */
export interface MailFacts {
  /** `owner/repo#12 “Title”`, the repository, or the project: what the notification is about. */
  subject: string;
  project: string | null;
  actor: string | null;
  verdict: string | null;
  agreement: string | null;
  threshold: number | null;
  failure: string | null;
  work: string | null;
}

/** One language's e-mail texts (server-side: e-mails are worded before anyone reads them). */
export interface MailTexts {
  /** BCP 47 locale for dates. */
  locale: string;
  /** `<html lang>`. */
  lang: string;
  kinds: Record<
    NotificationKind,
    { subject: (f: MailFacts) => string; lead: (f: MailFacts) => string }
  >;
  verdicts: Record<string, string>;
  works: Record<string, string>;
  /** What the unsubscribe link of an e-mail about this topic switches off. */
  topics: Record<UnsubscribeTopic, string>;
  project: (name: string) => string;
  when: (date: string) => string;
  open: string;
  unsubscribe: (topic: string) => string;
  footer: string;
  /** The unsubscribe pages. */
  page: {
    title: string;
    confirm: (topic: string) => string;
    button: string;
    done: (topic: string) => string;
    invalid: string;
    settings: string;
  };
}
