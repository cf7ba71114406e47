import { describe, expect, it } from 'vitest';
import { importGraph } from '../test-support.js';

describe('Go imports', () => {
  it('maps module paths to package directories, across modules of one repository', async () => {
    const graph = await importGraph({
      'go.mod': 'module github.com/acme/svc\n\ngo 1.22\n\nrequire github.com/jackc/pgx/v5 v5.5.0\n',
      'cmd/server/main.go': [
        'package main',
        '',
        'import (',
        '\t"fmt"',
        '\tdb "github.com/acme/svc/internal/store"',
        '\t_ "github.com/acme/svc/internal/missing"',
        '\t"github.com/acme/tools/lint"',
        '\t"github.com/jackc/pgx/v5"',
        ')',
        '',
        '// import "github.com/acme/svc/internal/commented"',
        'var s = `import "github.com/acme/svc/internal/raw"`',
      ].join('\n'),
      'internal/store/store.go': 'package store\nimport "github.com/acme/svc/internal/model"',
      'internal/store/store_test.go': 'package store',
      'internal/model/a_test.go': 'package model',
      'internal/model/model.go': 'package model',
      'tools/go.mod': 'module github.com/acme/tools\n',
      'tools/lint/lint.go': 'package lint',
    });
    expect(graph.edges).toEqual([
      'cmd/server/main.go -> internal/store/store.go',
      'cmd/server/main.go -> tools/lint/lint.go',
      'internal/store/store.go -> internal/model/model.go',
    ]);
    expect(graph.externals).toEqual(['go:fmt', 'go:github.com/jackc/pgx/v5']);
  });
});
