import type { CompositionAnalysis } from '@rota/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepoBuilder } from '../testing/repo-builder.js';
import {
  analyzeRepo,
  framework,
  frameworkNames,
  manifestAt,
  repoWith,
} from './testing/analyze-repo.js';

describe('a Python / Django repository', () => {
  let repo: RepoBuilder;
  let result: CompositionAnalysis;
  beforeAll(async () => {
    repo = repoWith({
      'pyproject.toml': `
[build-system]
requires = ["setuptools>=68", "wheel"]
build-backend = "setuptools.build_meta"

[project]
name = "shop"
version = "1.2.0"
requires-python = ">=3.11"
license = { text = "BSD-3-Clause" }
dependencies = [
  "Django>=5.0,<6",
  "djangorestframework==3.15.1",
  "celery[redis] >= 5.3 ; python_version >= '3.11'",
  "psycopg[binary]",
  "SQLAlchemy~=2.0",
]

[project.optional-dependencies]
data = ["pandas>=2.2", "numpy"]

[project.scripts]
shop = "shop.cli:main"

[tool.pytest.ini_options]
addopts = "-q"

[tool.ruff]
line-length = 100
`,
      'requirements/base.txt':
        '-r common.txt\nFlask==3.0.0  # legacy admin\nfastapi>=0.110\n-e git+https://github.com/acme/lib.git#egg=acme_lib\n',
      'requirements-dev.txt':
        'pytest>=8 \\\n    --hash=sha256:0123abcd\npytest-django --config-settings editable=1\nblack\n',
      'setup.cfg': `[metadata]
name = shop-legacy
license = MIT

[options]
python_requires = >=3.8
install_requires =
    requests>=2
    Flask_SQLAlchemy

[options.entry_points]
console_scripts =
    shop-admin = shop.admin:run

[flake8]
max-line-length = 100
`,
      Pipfile: `[[source]]
url = "https://pypi.org/simple"

[packages]
django = "*"
gunicorn = { version = ">=21" }

[dev-packages]
mypy = "*"

[requires]
python_version = "3.12"
`,
      'setup.py':
        'from setuptools import setup\nsetup(name="shop-setup", install_requires=["tornado>=6", \'aiohttp\'])\n',
      'manage.py': 'import sys\n',
      'shop/__init__.py': '',
      'shop/__main__.py': 'main()\n',
      'shop/models.py': 'class Order: pass\n',
      'shop/test_models.py': 'def test_x(): pass\n',
      'shop/views_test.py': 'def test_y(): pass\n',
      'tests/conftest.py': '',
      'tests/integration/test_api.py': '',
      'docs/index.md': '# Shop\n',
      'docs/api.md': '# API\n',
      'docs/conf.py': 'project = "shop"\n',
      '.venv/lib/site.py': '',
      '.venv/pyproject.toml': '[project]\nname = "not-ours"\n',
    });
    result = await analyzeRepo(repo);
  });
  afterAll(() => repo.remove());

  it('reads pyproject.toml (PEP 621 fields, extras, markers, scripts, tool sections)', () => {
    const pyproject = manifestAt(result, 'pyproject.toml');
    expect(pyproject).toMatchObject({
      kind: 'pyproject',
      ecosystem: 'python',
      name: 'shop',
      version: '1.2.0',
      license: 'BSD-3-Clause',
      runtimes: [{ name: 'python', version: '>=3.11' }],
    });
    expect(pyproject.dependencies).toEqual(
      expect.arrayContaining([
        { name: 'Django', version: '>=5.0,<6', scope: 'runtime' },
        { name: 'celery', version: '>= 5.3', scope: 'runtime' },
        { name: 'psycopg', version: null, scope: 'runtime' },
        { name: 'pandas', version: '>=2.2', scope: 'optional' },
        { name: 'setuptools', version: '>=68', scope: 'build' },
      ]),
    );
    expect(pyproject.frameworks).toEqual(
      expect.arrayContaining([
        'Django',
        'Django REST framework',
        'Celery',
        'SQLAlchemy',
        'pytest',
        'Ruff',
        'pandas',
      ]),
    );
  });

  it('reads requirements files, setup.cfg, setup.py and Pipfile', () => {
    expect(manifestAt(result, 'requirements/base.txt').dependencies).toEqual([
      { name: 'Flask', version: '==3.0.0', scope: 'runtime' },
      { name: 'fastapi', version: '>=0.110', scope: 'runtime' },
      { name: 'acme_lib', version: null, scope: 'runtime' },
    ]);
    expect(manifestAt(result, 'requirements-dev.txt').dependencies).toEqual([
      { name: 'pytest', version: '>=8', scope: 'dev' },
      { name: 'pytest-django', version: null, scope: 'dev' },
      { name: 'black', version: null, scope: 'dev' },
    ]);
    expect(manifestAt(result, 'setup.cfg')).toMatchObject({
      name: 'shop-legacy',
      license: 'MIT',
      dependencies: [
        { name: 'requests', version: '>=2', scope: 'runtime' },
        { name: 'Flask_SQLAlchemy', version: null, scope: 'runtime' },
      ],
    });
    expect(manifestAt(result, 'setup.py')).toMatchObject({
      name: 'shop-setup',
      dependencies: [
        { name: 'tornado', version: '>=6', scope: 'runtime' },
        { name: 'aiohttp', version: null, scope: 'runtime' },
      ],
    });
    expect(manifestAt(result, 'Pipfile')).toMatchObject({
      runtimes: [{ name: 'python', version: '3.12' }],
      dependencies: [
        { name: 'django', version: '*', scope: 'runtime' },
        { name: 'gunicorn', version: '>=21', scope: 'runtime' },
        { name: 'mypy', version: '*', scope: 'dev' },
      ],
    });
    expect(result.manifests.some((manifest) => manifest.path.startsWith('.venv/'))).toBe(false);
  });

  it('summarises Python frameworks, normalising names as PyPI does', () => {
    expect(frameworkNames(result)).toEqual(
      expect.arrayContaining([
        'Django',
        'Flask',
        'FastAPI',
        'Tornado',
        'aiohttp',
        'pytest',
        'Black',
        'Flake8',
        'mypy',
      ]),
    );
    expect(framework(result, 'SQLAlchemy')?.evidence).toEqual(['pyproject.toml', 'setup.cfg']);
    expect(framework(result, 'Django')).toMatchObject({
      category: 'web-framework',
      evidence: ['Pipfile', 'manage.py', 'pyproject.toml'],
      version: '>=5.0,<6',
    });
    // A PostgreSQL client's version is not the server's.
    expect(framework(result, 'PostgreSQL')?.version).toBeNull();
  });

  it('finds Python entry points, tests and the Sphinx docs folder', () => {
    expect(result.entryPoints).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'django-manage', path: 'manage.py' }),
        expect.objectContaining({ kind: 'python-main', path: 'shop/__main__.py' }),
        expect.objectContaining({
          kind: 'python-script',
          name: 'shop',
          command: 'shop.cli:main',
          declaredIn: 'pyproject.toml',
        }),
        expect.objectContaining({
          kind: 'python-script',
          name: 'shop-admin',
          command: 'shop.admin:run',
        }),
      ]),
    );
    expect(result.tests.files).toBe(4);
    expect(result.tests.directories).toEqual(['shop', 'tests']);
    expect(result.docs).toEqual([
      { path: 'docs', files: 3, markdownFiles: 2, mdxFiles: 0, generator: 'Sphinx' },
    ]);
  });
});
