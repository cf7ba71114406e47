import { describe, expect, it } from 'vitest';
import { importGraph } from '../test-support.js';

describe('Python imports', () => {
  it('resolves src-layout packages, relative imports, submodules and ignores docstrings and comments', async () => {
    const graph = await importGraph({
      'pyproject.toml': '[project]\nname = "shop"\ndependencies = ["psycopg[binary]>=3"]\n',
      'src/shop/__init__.py': '',
      'src/shop/app.py': [
        '"""',
        'import shop.fake_in_docstring',
        '"""',
        '# from shop import commented',
        'import os, shop.db as database',
        'from . import models',
        'from .services.billing import charge, refund',
        'from shop.api import (',
        '    routes,',
        '    schemas as s,',
        ')',
        'import psycopg',
        "x = 'from shop import in_string'",
      ].join('\n'),
      'src/shop/db.py': 'from .models import User',
      'src/shop/models.py': 'class User: pass',
      'src/shop/services/__init__.py': '',
      'src/shop/services/billing.py': 'from ..models import User\nfrom ...outside import nothing',
      'src/shop/api/__init__.py': '',
      'src/shop/api/routes.py': '',
      'src/shop/api/schemas.py': '',
      'tests/test_app.py': 'from shop.app import charge\nimport helpers',
      'tests/helpers.py': '',
    });
    expect(graph.edges).toEqual([
      'src/shop/app.py -> src/shop/api/routes.py',
      'src/shop/app.py -> src/shop/api/schemas.py',
      'src/shop/app.py -> src/shop/db.py',
      'src/shop/app.py -> src/shop/models.py',
      'src/shop/app.py -> src/shop/services/billing.py',
      'src/shop/db.py -> src/shop/models.py',
      'src/shop/services/billing.py -> src/shop/models.py',
      'tests/test_app.py -> src/shop/app.py',
      'tests/test_app.py -> tests/helpers.py',
    ]);
    expect(graph.externals).toEqual(['py:os', 'py:psycopg']);
  });
});
