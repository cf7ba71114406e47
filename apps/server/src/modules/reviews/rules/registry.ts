import { binaryFileRule } from './binaries.js';
import { conflictMarkerRule } from './conflict-markers.js';
import { debugLeftoverRule } from './debug-leftovers.js';
import { lockfileOnlyRule, manifestWithoutLockfileRule } from './dependencies.js';
import { generatedEditRule } from './generated-files.js';
import { genericCredentialRule } from './generic-credentials.js';
import { destructiveMigrationRule } from './migrations.js';
import { missingTestsRule } from './missing-tests.js';
import {
  largePullRequestRule,
  missingDescriptionRule,
  titleConventionRule,
} from './pull-request-shape.js';
import { privateKeyRule, providerTokenRule } from './secret-tokens.js';
import { sensitiveFileRule } from './sensitive-files.js';
import { suppressedCheckRule } from './suppressed-checks.js';
import { focusedTestRule, skippedTestRule } from './test-markers.js';
import { todoCommentRule } from './todo-comments.js';
import type { ReviewRule } from './types.js';
import { pullRequestTargetCheckoutRule, scriptInjectionRule } from './workflows.js';

/**
 * Every built-in rule, in the order findings are reported (by severity, critical first). A rule is
 * one object with its id, severity and category; adding one is a file and a line here.
 */
export const REVIEW_RULES: readonly ReviewRule[] = [
  providerTokenRule,
  privateKeyRule,
  pullRequestTargetCheckoutRule,
  genericCredentialRule,
  sensitiveFileRule,
  conflictMarkerRule,
  focusedTestRule,
  scriptInjectionRule,
  destructiveMigrationRule,
  skippedTestRule,
  largePullRequestRule,
  manifestWithoutLockfileRule,
  generatedEditRule,
  binaryFileRule,
  missingDescriptionRule,
  missingTestsRule,
  debugLeftoverRule,
  suppressedCheckRule,
  lockfileOnlyRule,
  todoCommentRule,
  titleConventionRule,
];
