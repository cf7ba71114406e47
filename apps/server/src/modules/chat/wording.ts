import { agreementName } from '../agreements/index.js';
import type { AgreementBreach } from '../events/index.js';
import type { ChatMessage } from './message.js';

/** Chat messages are worded in Turkish or English: the project owner's language, Turkish unless English. */
export type ChatLanguage = 'tr' | 'en';

export const chatLanguage = (stored: string | null | undefined): ChatLanguage =>
  stored === 'en' || stored === 'de' || stored === 'fr' || stored === 'es' ? 'en' : 'tr';

const WORDS = {
  tr: {
    open: "Rota'da aç",
    testTitle: 'Rota test mesajı',
    testLine: (project: string) => `"${project}" projesinin sohbet bildirimleri bu kanala gelecek.`,
    agreementTitle: (pr: string) => `Çalışma anlaşması bozuldu: ${pr}`,
    agreement: (kind: string, threshold: number | null) =>
      `Anlaşma: ${agreementName(kind, threshold, 'tr')}`,
    author: (login: string) => `Yazar: ${login}`,
    reviewers: (logins: string) => `İnceleme bekleyenler: ${logins}`,
    project: (name: string) => `Proje: ${name}`,
    changesTitle: (pr: string) => `Rota'nın incelemesi değişiklik istedi: ${pr}`,
    findings: (n: number) => `${n} bulgu`,
    failedTitle: (work: 'analysis' | 'fetch' | 'sync', repository: string) =>
      `${{ analysis: 'Analiz', fetch: 'Depo getirme', sync: 'Çekme isteği eşitlemesi' }[work]} başarısız: ${repository}`,
    failure: (code: string) => `Hata kodu: ${code}`,
  },
  en: {
    open: 'Open in Rota',
    testTitle: 'Rota test message',
    testLine: (project: string) =>
      `Chat notifications of the project "${project}" will come to this channel.`,
    agreementTitle: (pr: string) => `Working agreement broken: ${pr}`,
    agreement: (kind: string, threshold: number | null) =>
      `Agreement: ${agreementName(kind, threshold, 'en')}`,
    author: (login: string) => `Author: ${login}`,
    reviewers: (logins: string) => `Waiting for review from: ${logins}`,
    project: (name: string) => `Project: ${name}`,
    changesTitle: (pr: string) => `Rota's review requested changes: ${pr}`,
    findings: (n: number) => `${n} ${n === 1 ? 'finding' : 'findings'}`,
    failedTitle: (work: 'analysis' | 'fetch' | 'sync', repository: string) =>
      `${{ analysis: 'Analysis', fetch: 'Repository fetch', sync: 'Pull request sync' }[work]} failed: ${repository}`,
    failure: (code: string) => `Error code: ${code}`,
  },
} as const;

export const linkLabel = (language: ChatLanguage) => WORDS[language].open;

export function testMessage(
  language: ChatLanguage,
  projectName: string,
  link: string,
): ChatMessage {
  const w = WORDS[language];
  return { title: w.testTitle, lines: [w.testLine(projectName)], link, linkLabel: w.open };
}

export function agreementMessage(
  language: ChatLanguage,
  projectName: string,
  breach: AgreementBreach,
  link: string,
): ChatMessage {
  const w = WORDS[language];
  const pr = breach.pullRequest;
  const lines = [
    `${pr.title}`,
    w.agreement(breach.agreement.kind, breach.agreement.threshold),
    w.project(projectName),
  ];
  if (pr.authorLogin) lines.push(w.author(pr.authorLogin));
  if (pr.reviewers.length > 0) lines.push(w.reviewers(pr.reviewers.join(', ')));
  lines.push(pr.url);
  return {
    title: w.agreementTitle(`${pr.repository}#${pr.number}`),
    lines,
    link,
    linkLabel: w.open,
  };
}

export function changesRequestedMessage(
  language: ChatLanguage,
  projectName: string,
  review: { repoKey: string; number: number; findings: number },
  link: string,
): ChatMessage {
  const w = WORDS[language];
  return {
    title: w.changesTitle(`${review.repoKey}#${review.number}`),
    lines: [w.findings(review.findings), w.project(projectName)],
    link,
    linkLabel: w.open,
  };
}

export function workFailedMessage(
  language: ChatLanguage,
  projectName: string,
  failure: {
    work: 'analysis' | 'fetch' | 'sync';
    repository: { url: string; owner: string | null; repo: string | null };
    code: string;
  },
  link: string,
): ChatMessage {
  const w = WORDS[language];
  const { owner, repo, url } = failure.repository;
  const name = owner !== null && repo !== null ? `${owner}/${repo}` : url;
  return {
    title: w.failedTitle(failure.work, name),
    lines: [w.failure(failure.code), w.project(projectName)],
    link,
    linkLabel: w.open,
  };
}
