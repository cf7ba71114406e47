import { describe, expect, it } from 'vitest';
import { importGraph } from '../test-support.js';

describe('Java and Kotlin imports', () => {
  it('resolves imports by declared package and type, static and wildcard imports, and same-package references', async () => {
    const graph = await importGraph({
      'app/src/main/java/com/acme/app/Main.java': [
        'package com.acme.app;',
        '',
        'import com.acme.core.Service;',
        'import static com.acme.core.Util.helper;',
        'import com.acme.model.*;',
        'import org.postgresql.Driver;',
        '// import com.acme.core.Commented;',
        '',
        'public class Main {',
        '  String s = "import com.acme.core.InString;";',
        '  Service service; User user; Config config;',
        '}',
      ].join('\n'),
      'app/src/main/java/com/acme/app/Config.java': 'package com.acme.app;\npublic class Config {}',
      'core/src/main/java/com/acme/core/Service.java':
        'package com.acme.core;\npublic interface Service {}',
      'core/src/main/java/com/acme/core/Util.java':
        'package com.acme.core;\npublic final class Util { static void helper() {} }',
      'model/src/main/kotlin/User.kt':
        'package com.acme.model\n\nimport com.acme.core.Service\n\ndata class User(val name: String)',
      'model/src/main/kotlin/Order.kt': 'package com.acme.model\n\nclass Order',
      'model/src/main/kotlin/ext.kt':
        'package com.acme.model.ext\n\nimport com.acme.model.topLevelFn\n',
    });
    expect(graph.edges).toEqual([
      'app/src/main/java/com/acme/app/Main.java -> app/src/main/java/com/acme/app/Config.java',
      'app/src/main/java/com/acme/app/Main.java -> core/src/main/java/com/acme/core/Service.java',
      'app/src/main/java/com/acme/app/Main.java -> core/src/main/java/com/acme/core/Util.java',
      'app/src/main/java/com/acme/app/Main.java -> model/src/main/kotlin/User.kt',
      'model/src/main/kotlin/User.kt -> core/src/main/java/com/acme/core/Service.java',
      'model/src/main/kotlin/ext.kt -> model/src/main/kotlin/Order.kt',
    ]);
    expect(graph.externals).toEqual(['jvm:org.postgresql.Driver']);
  });
});
