import type { LicenseConflict } from '@rota/contracts';
import type { TFunction } from 'i18next';

/** A disagreement between license files and manifests, in the UI language. */
export function licenseConflictText(t: TFunction, conflict: LicenseConflict | string): string {
  // Results of engines before 1.3.0 stored an English sentence.
  if (typeof conflict === 'string') return conflict;
  return t(`analysis.structure.licenseConflict.${conflict.kind}`, {
    path: conflict.path,
    license: conflict.license,
    others: conflict.others,
  });
}
