import type { ReviewFinding, ReviewSeverity } from '@rota/contracts';

/** Most severe first: the order a reader should work through them. */
export const SEVERITY_ORDER: readonly ReviewSeverity[] = [
  'critical',
  'high',
  'medium',
  'low',
  'info',
];

export interface SeverityGroup {
  severity: ReviewSeverity;
  findings: ReviewFinding[];
}

export interface FileGroup {
  /** Null for findings about the pull request as a whole. */
  file: string | null;
  severities: SeverityGroup[];
}

const rank = (severity: ReviewSeverity) => SEVERITY_ORDER.indexOf(severity);
const worst = (group: FileGroup) => rank(group.severities[0]!.severity);

/**
 * Findings by file, then by severity (critical → info), by line inside each. The pull request as
 * a whole comes first; files follow by their most severe finding, then by path, so the file with
 * the leaked secret is read before the one with a TODO.
 */
export function groupFindings(findings: readonly ReviewFinding[]): FileGroup[] {
  const byFile = new Map<string | null, ReviewFinding[]>();
  for (const finding of findings) {
    const list = byFile.get(finding.file) ?? [];
    list.push(finding);
    byFile.set(finding.file, list);
  }
  const groups = [...byFile].map(([file, list]): FileGroup => {
    const severities = SEVERITY_ORDER.map((severity) => ({
      severity,
      findings: list
        .filter((finding) => finding.severity === severity)
        .sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
    })).filter((group) => group.findings.length > 0);
    return { file, severities };
  });
  return groups.sort((a, b) => {
    if (a.file === null || b.file === null) return a.file === null ? -1 : 1;
    return worst(a) - worst(b) || a.file.localeCompare(b.file);
  });
}
