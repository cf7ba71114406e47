import { describe, expect, it } from 'vitest';
import { buildComponents, type ComponentFile } from './components.js';
import type { WorkspacePackage } from './workspaces.js';

const file = (path: string, weight = 10): ComponentFile => ({ path, weight });
const pkg = (dir: string, name = dir): WorkspacePackage => ({
  dir,
  name,
  ecosystem: 'npm',
  manifest: `${dir}/package.json`,
});
const shape = (files: ComponentFile[], packages: WorkspacePackage[], budget: number) =>
  buildComponents(files, packages, budget).components.map(
    (c) => `${c.kind}:${c.path}:${c.files.length}`,
  );

describe('buildComponents', () => {
  it('starts from workspace packages, then top-level folders, then root files', () => {
    const files = [
      file('index.ts'),
      file('apps/web/src/a.ts'),
      file('packages/ui/b.ts'),
      file('packages/ui/sub/c.ts'),
      file('scripts/d.ts'),
    ];
    expect(shape(files, [pkg('apps/web'), pkg('packages/ui')], 4)).toEqual([
      'files::1',
      'package:apps/web:1',
      'package:packages/ui:2',
      'folder:scripts:1',
    ]);
  });

  it('deepens the heaviest component into its subfolders, looking through single-folder chains', () => {
    const files = [
      file('src/main/java/com/acme/api/A.java', 100),
      file('src/main/java/com/acme/api/B.java', 100),
      file('src/main/java/com/acme/db/C.java', 100),
      file('src/main/java/com/acme/App.java', 50),
      file('tools/x.sh', 1),
    ];
    expect(shape(files, [], 10)).toEqual([
      'files:src/main/java/com/acme:1',
      'folder:src/main/java/com/acme/api:2',
      'folder:src/main/java/com/acme/db:1',
      'folder:tools:1',
    ]);
  });

  it('never exceeds the budget: sibling packages fold into their folder, the rest goes to other', () => {
    const files: ComponentFile[] = [];
    const packages: WorkspacePackage[] = [];
    for (let k = 0; k < 40; k++) {
      files.push(file(`packages/p${k}/index.ts`));
      packages.push(pkg(`packages/p${k}`));
    }
    for (let k = 0; k < 30; k++) files.push(file(`folder${k}/x.ts`, k));
    const { components, merged } = buildComponents(files, packages, 12);
    expect(components.length).toBe(12);
    expect(components.find((c) => c.path === 'packages')?.files.length).toBe(40);
    const other = components.find((c) => c.kind === 'other')!;
    expect(other.files.length + components.filter((c) => c.path.startsWith('folder')).length).toBe(
      30,
    );
    // The heaviest folders are the ones kept by name.
    expect(components.some((c) => c.path === 'folder29')).toBe(true);
    expect(components.some((c) => c.path === 'folder0')).toBe(false);
    expect(merged).toBe(70 - 12);
    expect(components.flatMap((c) => c.files).length).toBe(70);
  });
});
