import { AGREEMENT_THRESHOLDS, type AgreementKind } from '@rota/contracts';
import type { TFunction } from 'i18next';

/** An agreement as a sentence with its threshold: "İlk inceleme 8 çalışma saati içinde". */
export function agreementName(t: TFunction, kind: AgreementKind, threshold: number | null) {
  return t(`agreements.name.${kind}`, { count: threshold ?? 0 });
}

/** The unit a kind's threshold is given in, or null for the kinds without one. */
export function thresholdUnit(kind: AgreementKind) {
  return AGREEMENT_THRESHOLDS[kind]?.unit ?? null;
}
