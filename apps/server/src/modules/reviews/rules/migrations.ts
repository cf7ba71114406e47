import { evidenceLine } from './text.js';
import type { ReviewRule, RuleHit, ScannedFile } from './types.js';

/**
 * Schema changes that lose data (dropping a constraint, index or default loses none) or break the running version during a deploy: dropped tables and
 * columns, truncation, renamed columns. Read in SQL files and migration folders; a `down` migration
 * undoes its own `up` and is left alone.
 */

const MIGRATION_PATH = /(^|\/)(migrations?|migrate|db\/migrate|alembic\/versions)\/|\.sql$/i;
const DOWN_FILE = /(^|[._/-])down\.sql$/i;

const SQL =
  /\b(?:DROP\s+(?:TABLE|COLUMN|SCHEMA|DATABASE)\b|TRUNCATE\s+(?:TABLE\s+)?["'`\w]|ALTER\s+TABLE\b.*\bDROP\s+(?!CONSTRAINT|INDEX|DEFAULT|NOT\s+NULL|IDENTITY|EXPRESSION|TRIGGER)|RENAME\s+COLUMN\b)/i;
const RAILS =
  /\b(remove_column|remove_columns|drop_table|drop_join_table|rename_column|remove_reference)\b/;
const DJANGO = /\bmigrations\.(RemoveField|DeleteModel|RenameField|RenameModel)\(/;
const SQL_COMMENT = /^\s*(--|#|\/\/|\*)/;

function destructiveLines(file: ScannedFile): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  let inDown = false;
  for (const { line, text } of file.added) {
    // Rails: `def down` reverses `def up`; Alembic/Knex style `downgrade`/`down` likewise.
    if (/^\s*(def\s+(down|downgrade)\b|export\s+(async\s+)?function\s+down\b)/.test(text))
      inDown = true;
    else if (/^\s*(def\s+(up|upgrade|change)\b|export\s+(async\s+)?function\s+up\b)/.test(text))
      inDown = false;
    if (inDown || SQL_COMMENT.test(text)) continue;
    if (SQL.test(text) || RAILS.test(text) || DJANGO.test(text)) found.push({ line, text });
  }
  return found;
}

export const destructiveMigrationRule: ReviewRule = {
  id: 'db.destructive-migration',
  severity: 'high',
  category: 'database',
  confidence: 0.8,
  description: 'A migration drops or truncates a table, or drops or renames a column.',
  check({ scanned }) {
    const hits: RuleHit[] = [];
    for (const file of scanned) {
      if (!MIGRATION_PATH.test(file.path) || DOWN_FILE.test(file.path)) continue;
      for (const { line, text } of destructiveLines(file)) {
        hits.push({
          file: file.path,
          line,
          title: 'Destructive migration',
          message:
            'This migration removes or renames data the running version may still use. Make sure ' +
            'the data is backed up or no longer needed, and ship it in steps (stop using the column, ' +
            'deploy, then drop it) so a deploy or rollback does not break.',
          evidence: evidenceLine(text),
        });
      }
    }
    return hits;
  },
};
