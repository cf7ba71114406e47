import { DATA_RULES } from './data-rules.js';
import type { SystemRule } from './rule-types.js';
import { SERVICE_RULES } from './service-rules.js';

export { FRAMEWORK_RULES } from './framework-rules.js';
export type { Ecosystem, FrameworkRule, RuleMatch, SystemRule } from './rule-types.js';

/**
 * External systems drawn as nodes. Order matters: the first rule that matches a name wins, so the
 * specific ones (S3, SES e-mail, Firebase, Azure OpenAI) come before their cloud's catch-all.
 * An entry matches the name exactly, as a prefix up to the ecosystem's separator (`pg` matches
 * `pg/lib/x` but not `pg-promise`), or as a prefix when it ends with `*`.
 */
export const SYSTEM_RULES: readonly SystemRule[] = [...DATA_RULES, ...SERVICE_RULES];
