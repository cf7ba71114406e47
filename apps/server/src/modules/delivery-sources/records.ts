import type { DeploymentSource } from '@rota/contracts';

/** The sources read from GitHub (the mirror's tags are read elsewhere). */
export type DeploymentSourceName = Exclude<DeploymentSource, 'tags'>;
export type DeliverySourceName = DeploymentSourceName | 'issues';

/** A deployment as the store keeps it (without repository, scope and source). */
export interface DeploymentRecord {
  externalId: string;
  name: string;
  /** The deployed commit; empty for a release whose tag only the mirror can resolve. */
  sha: string;
  ref: string | null;
  status: string;
  deployedAt: Date;
  url: string | null;
}

/** A labelled issue as an incident (an empty `labels` drops a stored one). */
export interface IssueRecord {
  externalId: string;
  title: string;
  url: string | null;
  labels: string[];
  startedAt: Date;
  resolvedAt: Date | null;
}
