import { describe, expect, it } from 'vitest';
import { addedFile, findingsOf, modifiedFile } from './test-kit.js';

const handler = modifiedFile(
  'src/routes/orders.ts',
  [
    "@@ -30,6 +30,9 @@ router.post('/orders', async (req, res) => {",
    '   const order = await orders.create(req.body);',
    '+  if (order.total > 10_000) {',
    "+    await notify.finance('large order', order.id);",
    '+  }',
    '   res.status(201).json(order);',
    ' });',
  ].join('\n'),
);

describe('tests.missing', () => {
  it('reports source changed with no test change, naming the files', () => {
    const findings = findingsOf('tests.missing', [handler]);
    expect(findings).toMatchObject([{ severity: 'low', file: null }]);
    expect(findings[0]!.message).toContain('orders.ts');
  });

  it('says nothing when a test changed too', () => {
    const spec = addedFile('src/routes/orders.test.ts', "it('notifies finance', () => {});");
    expect(findingsOf('tests.missing', [handler, spec])).toEqual([]);
  });

  it('says nothing when only comments changed (a JSDoc fix)', () => {
    const jsdoc = modifiedFile(
      'lib/response.js',
      [
        '@@ -120,7 +120,7 @@ res.send = function send(body) {',
        ' /**',
        '- * Send JSON respone.',
        '+ * Send JSON response.',
        '  *',
        '- * @param {string|number|boolean|object} obj',
        '+ * @param {string|number|boolean|object} [obj]',
        '  * @public',
        '  */',
        '+// see res.send',
      ].join('\n'),
    );
    expect(findingsOf('tests.missing', [jsdoc])).toEqual([]);
    const privateField = addedFile('src/cache.js', 'class Cache {\n  #entries = new Map();\n}');
    expect(findingsOf('tests.missing', [privateField])).toHaveLength(1);
  });

  it('says nothing for docs, config, scripts, migrations and type declarations', () => {
    const files = [
      addedFile('README.md', '# Orders'),
      addedFile('vite.config.ts', 'export default {};'),
      addedFile('scripts/seed.ts', 'await seed();'),
      addedFile('db/migrate/20240101_add_total.rb', 'add_column :orders, :total, :integer'),
      addedFile('src/types/env.d.ts', 'declare const VERSION: string;'),
    ];
    expect(findingsOf('tests.missing', files)).toEqual([]);
  });
});
