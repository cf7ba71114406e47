import { describe, expect, it } from 'vitest';
import { addedFile, findingsOf } from './test-kit.js';

describe('db.destructive-migration', () => {
  it('reports a Rails migration that removes a column', () => {
    const migration = addedFile(
      'db/migrate/20240612093000_remove_legacy_email_from_users.rb',
      [
        'class RemoveLegacyEmailFromUsers < ActiveRecord::Migration[7.1]',
        '  def change',
        '    remove_column :users, :legacy_email, :string',
        '  end',
        'end',
      ].join('\n'),
    );
    expect(findingsOf('db.destructive-migration', [migration])).toMatchObject([
      {
        line: 3,
        severity: 'high',
        category: 'database',
        evidence: 'remove_column :users, :legacy_email, :string',
      },
    ]);
  });

  it('reports DROP, TRUNCATE and RENAME COLUMN in SQL and Django RemoveField', () => {
    const sql = addedFile(
      'apps/server/src/db/migrations/0007_orders.sql',
      [
        'ALTER TABLE "orders" DROP COLUMN "coupon";',
        '-- DROP TABLE archived_orders; (kept for now)',
        'ALTER TABLE "orders" RENAME COLUMN "sum" TO "total";',
        'TRUNCATE TABLE sessions;',
        'DROP TABLE IF EXISTS "carts";',
        'ALTER TABLE users DROP legacy_email;',
      ].join('\n'),
    );
    const django = addedFile(
      'shop/migrations/0012_remove_order_coupon.py',
      "operations = [\n    migrations.RemoveField(model_name='order', name='coupon'),\n]",
    );
    expect(
      findingsOf('db.destructive-migration', [sql, django]).map((f) => `${f.file}:${f.line}`),
    ).toEqual([
      'apps/server/src/db/migrations/0007_orders.sql:1',
      'apps/server/src/db/migrations/0007_orders.sql:3',
      'apps/server/src/db/migrations/0007_orders.sql:4',
      'apps/server/src/db/migrations/0007_orders.sql:5',
      'apps/server/src/db/migrations/0007_orders.sql:6',
      'shop/migrations/0012_remove_order_coupon.py:2',
    ]);
  });

  it('does not report additive migrations, down migrations, or DROP outside migrations', () => {
    const additive = addedFile(
      'db/migrate/20240612_create_invoices.rb',
      [
        'class CreateInvoices < ActiveRecord::Migration[7.1]',
        '  def up',
        '    create_table :invoices',
        '  end',
        '',
        '  def down',
        '    drop_table :invoices',
        '  end',
        'end',
      ].join('\n'),
    );
    const downSql = addedFile('migrations/0008_invoices.down.sql', 'DROP TABLE invoices;');
    const constraints = addedFile(
      'apps/server/src/db/migrations/0005_job_handles.sql',
      [
        'ALTER TABLE "jobs" DROP CONSTRAINT "jobs_project_id_projects_id_fk";',
        'ALTER TABLE "jobs" ALTER COLUMN "kind" DROP NOT NULL;',
        'DROP INDEX IF EXISTS "jobs_kind_idx";',
      ].join('\n'),
    );
    const code = addedFile(
      'src/admin/cleanup.ts',
      "const hint = 'DROP TABLE is never run from here';",
    );
    expect(findingsOf('db.destructive-migration', [additive, downSql, constraints, code])).toEqual(
      [],
    );
  });
});
