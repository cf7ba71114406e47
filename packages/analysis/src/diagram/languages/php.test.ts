import { describe, expect, it } from 'vitest';
import { importGraph } from '../test-support.js';

describe('PHP imports', () => {
  it('resolves use statements through PSR-4, group uses, same-namespace types and literal includes', async () => {
    const graph = await importGraph({
      'composer.json': JSON.stringify({
        require: { 'predis/predis': '^2' },
        autoload: { 'psr-4': { 'App\\': 'src/' } },
      }),
      'src/Http/Controller.php': [
        '<?php',
        'namespace App\\Http;',
        '',
        'use App\\Models\\{User, Order as O};',
        'use App\\Services\\Mailer;',
        'use Predis\\Client;',
        '// use App\\Commented;',
        '# use App\\HashCommented;',
        '#[Attribute]',
        'class Controller {',
        '  private $s = "use App\\\\InString;";',
        '  public function make() { return new Request(); }',
        '}',
        "require_once __DIR__ . '/../../bootstrap/helpers.php';",
        '?>',
        "<p>Don't use App\\Html;</p>",
      ].join('\n'),
      'src/Http/Request.php': '<?php\nnamespace App\\Http;\nclass Request {}',
      'src/Models/User.php': '<?php\nnamespace App\\Models;\nclass User {}',
      'src/Models/Order.php':
        '<?php\nnamespace App\\Models;\nclass Order { public $c = Foo::class; }',
      'src/Services/Mailer.php':
        '<?php\nnamespace App\\Services;\nclass Mailer { use \\App\\Support\\Loggable; }',
      'lib/Support/Loggable.php': '<?php\nnamespace App\\Support;\ntrait Loggable {}',
      'bootstrap/helpers.php': '<?php\nfunction helper() {}',
    });
    expect(graph.edges).toEqual([
      'src/Http/Controller.php -> bootstrap/helpers.php',
      'src/Http/Controller.php -> src/Http/Request.php',
      'src/Http/Controller.php -> src/Models/Order.php',
      'src/Http/Controller.php -> src/Models/User.php',
      'src/Http/Controller.php -> src/Services/Mailer.php',
      'src/Services/Mailer.php -> lib/Support/Loggable.php',
    ]);
    expect(graph.externals).toEqual(['php:Predis\\Client']);
  });
});
