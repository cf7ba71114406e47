/** The digest's English texts (the Turkish ones in tr.ts have the same keys). */
export const en = {
  subjectDaily: (count: number) =>
    `Rota daily digest: ${count} ${count === 1 ? 'project' : 'projects'}`,
  subjectWeekly: (count: number) =>
    `Rota weekly digest: ${count} ${count === 1 ? 'project' : 'projects'}`,
  headingDaily: 'Your daily digest',
  headingWeekly: 'Your weekly digest',
  period: (from: string, to: string) => `Period: ${from} – ${to}`,
  peopleOnly:
    'Pull-request figures count people only (bots and AI agents are left out), as the Analytics tab does by default.',
  openProject: 'Open in Rota',
  merged: 'Merged pull requests',
  mergedLine: (count: string, previous: string, delta: string) =>
    `${count} merged (period before: ${previous}, ${delta})`,
  medianLine: (median: string, previous: string) =>
    `Median time to merge: ${median} (period before: ${previous})`,
  noValue: 'none',
  waiting: 'Waiting longest for a first review',
  waitingLine: (age: string, author: string) => `waiting ${age}, by ${author}`,
  unknownAuthor: 'unknown',
  breaches: 'Working agreements broken',
  breachLine: (agreement: string, at: string) => `${agreement}, ${at}`,
  changesRequested: 'Rota asked for changes',
  changesRequestedLine: (at: string) => `changes requested ${at}`,
  failures: 'Failing now',
  failureLine: (work: string, code: string, at: string) => `${work} failed (${code}) since ${at}`,
  work: { fetch: 'Fetch', analysis: 'Analysis', sync: 'Pull-request sync' } as Record<
    string,
    string
  >,
  analyses: 'What changed in the analyses',
  firstAnalysis: 'first analysis: nothing to compare with yet',
  newCycles: (count: number, list: string) =>
    `${count} new run-time ${count === 1 ? 'cycle' : 'cycles'}: ${list}`,
  readmeScore: (before: string, now: string) => `README score ${before} → ${now}`,
  staleBranches: (before: string, now: string) => `stale branches ${before} → ${now}`,
  unsubscribe: 'Stop these digests',
  footer: 'You get this e-mail because the digest is on in your Rota settings.',
};
export type DigestTexts = typeof en;
