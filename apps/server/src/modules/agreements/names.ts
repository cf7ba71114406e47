import { AGREEMENT_KINDS, type AgreementKind } from '@rota/contracts';

/**
 * A working agreement's name with its threshold, as e-mails, chat messages and digests word it
 * (the web's tab words the same names from its catalogue, `agreements.name`). An unknown kind is
 * given back as it is rather than failing a message.
 */
const NAMES: Record<'tr' | 'en', Record<AgreementKind, (n: number) => string>> = {
  tr: {
    firstReviewWithin: (n) => `İlk inceleme ${n} çalışma saati içinde`,
    maxChangedLines: (n) => `En çok ${n} değişen satır`,
    approvalBeforeMerge: () => 'Birleştirmeden önce onay',
    rotaReviewBeforeMerge: () => 'Birleştirmeden önce Rota incelemesi',
    maxOpenDays: (n) => `En çok ${n} gün açık`,
    minReviewers: (n) => `En az ${n} kişiden inceleme istenmiş`,
  },
  en: {
    firstReviewWithin: (n) => `First review within ${n} working ${n === 1 ? 'hour' : 'hours'}`,
    maxChangedLines: (n) => `At most ${n} changed ${n === 1 ? 'line' : 'lines'}`,
    approvalBeforeMerge: () => 'Approval before merging',
    rotaReviewBeforeMerge: () => "Rota's review before merging",
    maxOpenDays: (n) => `Open at most ${n} ${n === 1 ? 'day' : 'days'}`,
    minReviewers: (n) => `Review requested from at least ${n} ${n === 1 ? 'person' : 'people'}`,
  },
};

export function agreementName(
  kind: string,
  threshold: number | null,
  language: 'tr' | 'en',
): string {
  if (!(AGREEMENT_KINDS as readonly string[]).includes(kind)) return kind;
  return NAMES[language][kind as AgreementKind](threshold ?? 0);
}
