import type { ReviewCategory, ReviewFinding, ReviewSeverity } from '@rota/contracts';
import type { DiffEntry } from '../../forges/index.js';
import type { AddedLine } from './hunks.js';

export type { DiffEntry };

export interface ReviewInput {
  pullRequest: {
    title: string;
    body: string | null;
    author: { login: string; isBot: boolean };
    draft: boolean;
    additions: number;
    deletions: number;
    changedFiles: number;
    baseRef: string;
    headRef: string;
  };
  files: DiffEntry[];
}

export interface ReviewRuleOptions {
  /** A project's own title convention, a regular expression source the title must match. */
  titlePattern?: string;
  /** Ask for Conventional Commits titles when no `titlePattern` is set. */
  conventionalTitles?: boolean;
}

/** A file the engine reads line by line: not a lockfile, generated, vendored or binary. */
export interface ScannedFile {
  path: string;
  entry: DiffEntry;
  added: AddedLine[];
}

export interface RuleContext {
  input: ReviewInput;
  options: ReviewRuleOptions;
  /** Files read line by line (see ScannedFile). */
  scanned: ScannedFile[];
  /** Every file of the pull request, skipped ones included, for rules about paths and shape. */
  all: DiffEntry[];
}

/** What a rule reports; the engine adds the rule's id, severity, category and confidence. */
export interface RuleHit {
  file: string | null;
  line: number | null;
  title: string;
  message: string;
  evidence?: string | null;
}

export interface ReviewRule {
  id: string;
  severity: ReviewSeverity;
  category: ReviewCategory;
  /** How sure a hit is: exact formats near 1, heuristics lower. */
  confidence: number;
  /** One sentence for the docs and the UI's rule list. */
  description: string;
  check(context: RuleContext): RuleHit[];
}

export type RuleFinding = ReviewFinding & { source: 'rules' };
