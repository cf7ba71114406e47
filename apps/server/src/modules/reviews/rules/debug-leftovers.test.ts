import { describe, expect, it } from 'vitest';
import { addedFile, findingsOf, modifiedFile } from './test-kit.js';

describe('code.debug-leftover', () => {
  it('finds console.log in an Express handler', () => {
    const file = modifiedFile(
      'src/routes/users.js',
      [
        '@@ -8,6 +8,7 @@ const router = express.Router();',
        " router.get('/:id', async (req, res, next) => {",
        '   try {',
        '     const user = await User.findById(req.params.id);',
        "+    console.log('user', user);",
        '     if (!user) return res.status(404).json({ error: "Not found" });',
        '     res.json(user);',
        '   } catch (err) {',
      ].join('\n'),
    );
    expect(findingsOf('code.debug-leftover', [file])).toMatchObject([
      {
        file: 'src/routes/users.js',
        line: 11,
        severity: 'low',
        evidence: "console.log('user', user);",
      },
    ]);
  });

  it('finds debugger, Python print, binding.pry, var_dump and fmt.Println in a library package', () => {
    const files = [
      addedFile('web/src/cart.ts', 'export function add(item) {\n  debugger;\n  return [item];\n}'),
      addedFile('app/billing.py', 'def refund(order):\n    print(order)\n    return order.total'),
      addedFile('app/models/order.rb', 'def total\n  binding.pry\n  items.sum(&:price)\nend'),
      addedFile('src/Order.php', '<?php\nvar_dump($order);'),
      addedFile(
        'internal/billing/refund.go',
        'package billing\n\nfunc Refund() {\n\tfmt.Println("refund")\n}',
      ),
    ];
    expect(findingsOf('code.debug-leftover', files).map((f) => `${f.file}:${f.line}`)).toEqual([
      'web/src/cart.ts:2',
      'app/billing.py:2',
      'app/models/order.rb:2',
      'src/Order.php:2',
      'internal/billing/refund.go:4',
    ]);
  });

  it('leaves tests, CLI scripts, Go main packages, comments and loggers alone', () => {
    const files = [
      addedFile('src/routes/users.test.js', "console.log('debug');"),
      addedFile('scripts/migrate.js', "console.log('migrated');"),
      addedFile('tools/report.py', 'print("done")'),
      addedFile('cmd/rota/main.go', 'package main\n\nfunc main() {\n\tfmt.Println("rota")\n}'),
      addedFile('src/server.js', "// console.log('listening');\nlogger.info('listening');"),
      addedFile('app/console.rb', 'def log = puts "ok"'),
      addedFile('src/help.ts', 'export const hint = "add console.log(x) to see the value";'),
    ];
    expect(findingsOf('code.debug-leftover', files)).toEqual([]);
  });
});
