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

describe('a Go module', () => {
  let repo: RepoBuilder;
  let result: CompositionAnalysis;
  beforeAll(async () => {
    repo = repoWith({
      'go.mod': `module github.com/acme/api

go 1.22
toolchain go1.22.3

require github.com/gin-gonic/gin v1.9.1

require (
	github.com/labstack/echo/v4 v4.11.0
	gorm.io/gorm v1.25.5 // a comment
	github.com/gofiber/fiber/v2 v2.52.0
	github.com/stretchr/testify v1.8.4
	github.com/jackc/pgx/v5 v5.5.0
	golang.org/x/sys v0.15.0 // indirect
)

replace github.com/acme/x => ../x
`,
      'go.work': 'go 1.22\n\nuse (\n\t.\n\t./tools\n)\n',
      'tools/go.mod': 'module github.com/acme/tools\n\ngo 1.21\n',
      'tools/main.go': 'package main\n',
      'cmd/api/main.go': 'package main\n',
      'cmd/worker/main.go': 'package main\n',
      'internal/store/store.go': 'package store\n',
      'internal/store/store_test.go': 'package store\n',
      'vendor/github.com/gin-gonic/gin/go.mod': 'module github.com/gin-gonic/gin\n',
    });
    result = await analyzeRepo(repo);
  });
  afterAll(() => repo.remove());

  it('reads the module path, go version and direct requirements (not indirect, not vendored)', () => {
    const mod = manifestAt(result, 'go.mod');
    expect(mod).toMatchObject({
      kind: 'go-mod',
      ecosystem: 'go',
      name: 'github.com/acme/api',
      runtimes: [
        { name: 'go', version: '1.22' },
        { name: 'go-toolchain', version: 'go1.22.3' },
      ],
      dependencyCount: 6,
    });
    expect(mod.dependencies[0]).toEqual({
      name: 'github.com/gin-gonic/gin',
      version: 'v1.9.1',
      scope: 'runtime',
    });
    expect(mod.dependencies.map((item) => item.name)).not.toContain('golang.org/x/sys');
    expect(result.manifests.map((item) => item.path)).toEqual([
      'go.mod',
      'go.work',
      'tools/go.mod',
    ]);
  });

  it('recognises Go frameworks and the go.work workspace', () => {
    expect(frameworkNames(result)).toEqual(
      expect.arrayContaining(['Gin', 'Echo', 'Fiber', 'GORM', 'Testify', 'PostgreSQL', 'Go']),
    );
    expect(framework(result, 'Gin')?.version).toBe('v1.9.1');
    expect(result.workspaces).toEqual([
      {
        tool: 'go',
        manifest: 'go.work',
        patterns: ['.', './tools'],
        members: [
          { path: '', name: 'github.com/acme/api' },
          { path: 'tools', name: 'github.com/acme/tools' },
        ],
      },
    ]);
  });

  it('finds cmd/*/main.go and module-root main.go entry points and _test.go files', () => {
    expect(result.entryPoints.map((point) => [point.kind, point.path])).toEqual([
      ['go-main', 'tools/main.go'],
      ['go-main', 'cmd/api/main.go'],
      ['go-main', 'cmd/worker/main.go'],
    ]);
    expect(result.tests).toMatchObject({
      files: 1,
      byLanguage: [{ language: 'Go', files: 1, codeLines: null }],
    });
  });
});

describe('a Rust workspace', () => {
  let repo: RepoBuilder;
  let result: CompositionAnalysis;
  beforeAll(async () => {
    repo = repoWith({
      'Cargo.toml': `[workspace]
members = ["crates/*", "app"]
exclude = ["crates/experimental"]
resolver = "2"

[workspace.package]
license = "MIT OR Apache-2.0"
edition = "2021"

[workspace.dependencies]
serde = { version = "1.0", features = ["derive"] }
tokio = { version = "1.35", features = ["full"] }
`,
      'app/Cargo.toml': `[package]
name = "app"
version = "0.3.0"
edition.workspace = true
license.workspace = true
rust-version = "1.75"

[dependencies]
axum = "0.7"
serde.workspace = true
web = { package = "actix-web", version = "4" }
diesel = { version = "2.1", features = ["postgres"] }

[dev-dependencies]
tokio = { workspace = true }

[[bin]]
name = "app-cli"
path = "src/cli.rs"
`,
      'app/src/main.rs': 'fn main() {}\n',
      'app/src/cli.rs': 'fn main() {}\n',
      'app/src/bin/migrate.rs': 'fn main() {}\n',
      'app/tests/api.rs': '#[test] fn t() {}\n',
      'crates/core/Cargo.toml':
        '[package]\nname = "core"\nversion = "0.1.0"\n[target.\'cfg(unix)\'.dependencies]\nrocket = "0.5"\n',
      'crates/core/src/lib.rs': '',
      'crates/experimental/Cargo.toml': '[package]\nname = "experimental"\n',
      'crates/notes/README.md': 'not a crate\n',
    });
    result = await analyzeRepo(repo);
  });
  afterAll(() => repo.remove());

  it('reads packages, renamed and workspace-inherited dependencies, targets and [[bin]]', () => {
    expect(manifestAt(result, 'Cargo.toml')).toMatchObject({
      kind: 'cargo',
      license: 'MIT OR Apache-2.0',
      workspaces: ['crates/*', 'app', '!crates/experimental'],
      runtimes: [{ name: 'rust-edition', version: '2021' }],
    });
    const app = manifestAt(result, 'app/Cargo.toml');
    expect(app).toMatchObject({
      name: 'app',
      version: '0.3.0',
      runtimes: [{ name: 'rust', version: '1.75' }],
    });
    expect(app.dependencies).toEqual([
      { name: 'axum', version: '0.7', scope: 'runtime' },
      { name: 'serde', version: null, scope: 'runtime' },
      { name: 'actix-web', version: '4', scope: 'runtime' },
      { name: 'diesel', version: '2.1', scope: 'runtime' },
      { name: 'tokio', version: null, scope: 'dev' },
    ]);
    expect(manifestAt(result, 'crates/core/Cargo.toml').frameworks).toEqual([
      'Cargo',
      'Rocket',
      'Rust',
    ]);
  });

  it('resolves members and recognises Rust frameworks', () => {
    expect(result.workspaces).toEqual([
      {
        tool: 'cargo',
        manifest: 'Cargo.toml',
        patterns: ['crates/*', 'app', '!crates/experimental'],
        members: [
          { path: 'app', name: 'app' },
          { path: 'crates/core', name: 'core' },
        ],
      },
    ]);
    expect(frameworkNames(result)).toEqual(
      expect.arrayContaining([
        'Axum',
        'Actix Web',
        'Rocket',
        'Diesel',
        'Serde',
        'Tokio',
        'Rust',
        'Cargo',
      ]),
    );
    expect(framework(result, 'Tokio')?.version).toBe('1.35');
  });

  it('finds main.rs, src/bin and [[bin]] entry points and tests/*.rs', () => {
    expect(result.entryPoints.map((point) => [point.kind, point.path, point.name])).toEqual(
      expect.arrayContaining([
        ['rust-bin', 'app/src/cli.rs', 'app-cli'],
        ['rust-main', 'app/src/main.rs', null],
        ['rust-bin', 'app/src/bin/migrate.rs', null],
      ]),
    );
    expect(result.tests.files).toBe(1);
    expect(result.license).toMatchObject({
      spdxId: 'MIT OR Apache-2.0',
      agreement: 'declared-only',
    });
  });
});
