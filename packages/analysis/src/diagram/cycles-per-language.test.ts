import { describe, expect, it } from 'vitest';
import { supportArea } from '../facts/support-areas.js';
import { componentEdges, diagramFor } from './test-support.js';

/** Component paths of each cycle, sorted. */
async function cyclesOf(files: Record<string, string>) {
  const diagram = await diagramFor(files);
  const path = new Map(
    diagram.nodes.map((n) => [n.id, n.kind === 'component' ? n.path || '(root)' : n.system]),
  );
  return {
    cycles: diagram.cycles.map((cycle) => cycle.map((id) => path.get(id)!).sort()),
    edges: componentEdges(diagram),
  };
}

const filler = (n: number, ext: string, body: string) =>
  Object.fromEntries(Array.from({ length: n }, (_, k) => [`f${k}.${ext}`, body]));

describe('which imports close a dependency cycle', () => {
  it('draws but never cycles a Rust parent module and its child (`mod x;` down, `use crate::` back)', async () => {
    const { cycles, edges } = await cyclesOf({
      'Cargo.toml': '[package]\nname = "printer"\n',
      'src/lib.rs': 'mod hyperlink;\npub struct Color;\npub fn go() { hyperlink::link(); }\n',
      'src/hyperlink/mod.rs': 'use crate::Color;\nmod fmt;\npub fn link() {}\n',
      'src/hyperlink/fmt.rs': 'use crate::Color;\nuse super::link;\n',
    });
    expect(edges.some((e) => e.startsWith('src -> src/hyperlink'))).toBe(true);
    expect(edges.some((e) => e.startsWith('src/hyperlink -> src '))).toBe(true);
    expect(cycles).toEqual([]);
  });

  it('never cycles C# namespaces of one assembly', async () => {
    const { cycles, edges } = await cyclesOf({
      'src/Lib/Lib.csproj': '<Project />',
      'src/Lib/Client.cs':
        'using Lib.Options;\nnamespace Lib;\npublic class Client { ClientOptions o; }\n',
      'src/Lib/Options/ClientOptions.cs':
        'namespace Lib.Options;\npublic class ClientOptions { Client c; }\n',
    });
    expect(edges.length).toBeGreaterThan(0);
    expect(cycles).toEqual([]);
  });

  it('never cycles a Ruby entry file and the files of its folder that require it back', async () => {
    const { cycles, edges } = await cyclesOf({
      'lib/rack/protection.rb': "require 'rack/protection/base'\n",
      'lib/rack/protection/base.rb': "require 'rack/protection'\n",
      'lib/rack/protection/json.rb': "require 'rack/protection'\nrequire 'rack/protection/base'\n",
    });
    expect(edges.some((e) => e.startsWith('lib/rack -> lib/rack/protection'))).toBe(true);
    expect(cycles).toEqual([]);
  });

  it('makes no cycle through tooling or data files, and keeps a loop of product files', async () => {
    // prettier's shape: root configuration → build scripts → sources → package.json.
    const tooling = await cyclesOf({
      'package.json': '{"name": "p", "version": "1.0.0"}',
      'eslint.config.js': "import { rules } from './scripts/rules.js';\nexport default rules;\n",
      'scripts/rules.js':
        "import { version } from '../src/index.js';\nexport const rules = [version];\n",
      'src/index.js':
        "import pkg from '../package.json' with { type: 'json' };\nexport const version = pkg.version;\n",
      ...Object.fromEntries(
        Object.entries(filler(3, 'js', 'export const x = 1;\n')).map(([k, v]) => [`src/${k}`, v]),
      ),
    });
    expect(tooling.edges.some((e) => e.startsWith('scripts -> src'))).toBe(true);
    expect(tooling.cycles).toEqual([]);

    const product = await cyclesOf({
      'src/a/one.ts': "import { two } from '../b/two';\nexport const one = 1 + two;\n",
      'src/b/two.ts':
        "import { one } from '../a/one';\nexport const two = 2;\nexport const t = () => one;\n",
    });
    expect(product.cycles).toEqual([['src/a', 'src/b']]);
  });

  it('never cycles Gradle modules through a package name they share; keeps a loop inside one module', async () => {
    const { cycles, edges } = await cyclesOf({
      'settings.gradle': "include 'core', 'mock'\n",
      'core/build.gradle': '',
      'core/src/main/java/app/Client.java': 'package app;\npublic class Client { Helper h; }\n',
      'core/src/main/java/app/Helper.java': 'package app;\npublic class Helper {}\n',
      // mock depends on core; its class in core's package `app` names Client without an import.
      'mock/build.gradle': '',
      'mock/src/main/java/app/MockServer.java':
        'package app;\npublic class MockServer { Client c; }\n',
      'mock/src/main/java/mock/Dispatcher.java':
        'package mock;\nimport app.MockServer;\npublic class Dispatcher { MockServer s; }\n',
      'core/src/main/java/app/Uses.java':
        'package app;\nimport mock.Dispatcher;\npublic class Uses { Dispatcher d; }\n',
    });
    expect(edges.some((e) => e.startsWith('mock'))).toBe(true);
    expect(cycles).toEqual([]);

    const inside = await cyclesOf({
      'build.gradle': '',
      'src/main/java/a/One.java': 'package a;\nimport b.Two;\npublic class One { Two t; }\n',
      'src/main/java/b/Two.java': 'package b;\nimport a.One;\npublic class Two { One o; }\n',
    });
    expect(inside.cycles).toHaveLength(1);
  });

  it('reads build source sets and test modules as tests', () => {
    expect(supportArea('okhttp/src/jvmTest/kotlin/okhttp3/CallTest.kt')).toBe('tests');
    expect(supportArea('okhttp/src/commonTest/kotlin/okhttp3/Helper.kt')).toBe('tests');
    expect(supportArea('retrofit/java-test/src/main/java/retrofit2/Helper.java')).toBe('tests');
    expect(supportArea('okhttp/src/jvmMain/kotlin/okhttp3/Call.kt')).toBeNull();
    expect(supportArea('latest/index.ts')).toBeNull();
  });
});
