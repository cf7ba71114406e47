import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Writes commit graphs into a real repository with one `git fast-import`, so tests and benchmarks
 * can build 50,000 commits and 5,000 branches in a second or two instead of one `git commit` each.
 * Commits refer to their parents by index, so parents must come first.
 */
export interface ImportCommit {
  parents: number[];
  /** Unix seconds, used for both author and committer. */
  time: number;
  author?: { name: string; email: string };
  message?: string;
  /** Files written by this commit: text or bytes, or null to delete the path. */
  files?: Array<{ path: string; content: string | Buffer | null }>;
}

const SCRATCH_REF = 'refs/rota-import/scratch';
const ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  HOME: '/nonexistent',
  LC_ALL: 'C',
};

function dataBlock(content: string | Buffer): Buffer[] {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return [Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from('\n')];
}

/** Path quoting as fast-import reads it (C-style, only when needed). */
function quotePath(file: string): string {
  if (!/["\\\n]/.test(file) && !file.startsWith('"')) return file;
  return `"${file.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

export function fastImport(
  dir: string,
  commits: ImportCommit[],
  refs: Array<{ ref: string; commit: number }>,
): void {
  const parts: Buffer[] = [];
  const push = (text: string) => parts.push(Buffer.from(text, 'utf8'));
  commits.forEach((commit, index) => {
    if (commit.parents.some((parent) => parent >= index || parent < 0))
      throw new Error(`commit ${index}: parents must come before their children`);
    // Without a `from`, fast-import would continue the scratch ref; a reset makes a true root.
    if (commit.parents.length === 0) push(`reset ${SCRATCH_REF}\n`);
    const who = commit.author ?? { name: 'Bench Author', email: 'bench@example.com' };
    const ident = `${who.name} <${who.email}> ${commit.time} +0000`;
    push(`commit ${SCRATCH_REF}\nmark :${index + 1}\nauthor ${ident}\ncommitter ${ident}\n`);
    parts.push(...dataBlock(commit.message ?? `commit ${index}`));
    const [first, ...others] = commit.parents;
    if (first !== undefined) push(`from :${first + 1}\n`);
    for (const parent of others) push(`merge :${parent + 1}\n`);
    for (const file of commit.files ?? []) {
      if (file.content === null) {
        push(`D ${quotePath(file.path)}\n`);
      } else {
        push(`M 100644 inline ${quotePath(file.path)}\n`);
        parts.push(...dataBlock(file.content));
      }
    }
    push('\n');
  });
  const marksFile = path.join(tmpdir(), `rota-marks-${process.pid}-${Date.now()}`);
  const env = { PATH: process.env.PATH ?? '', ...ENV };
  try {
    execFileSync(
      'git',
      ['fast-import', '--quiet', '--force', '--done', `--export-marks=${marksFile}`],
      {
        cwd: dir,
        env,
        input: Buffer.concat([...parts, Buffer.from('done\n')]),
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    // Thousands of loose ref files (what fast-import or update-ref would write) take seconds;
    // one sorted packed-refs file takes milliseconds and is what a fetched mirror has anyway.
    const shaOf = new Map(
      readFileSync(marksFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(' ') as [string, string]),
    );
    const lines = refs
      .map(({ ref, commit }) => `${shaOf.get(`:${commit + 1}`)} ${ref}\n`)
      .sort((a, b) => Buffer.compare(Buffer.from(a.slice(41)), Buffer.from(b.slice(41))));
    const gitDir = execFileSync('git', ['rev-parse', '--absolute-git-dir'], { cwd: dir, env })
      .toString()
      .trim();
    writeFileSync(
      path.join(gitDir, 'packed-refs'),
      `# pack-refs with: peeled fully-peeled sorted \n${lines.join('')}`,
    );
    execFileSync('git', ['update-ref', '-d', SCRATCH_REF], { cwd: dir, env });
  } finally {
    rmSync(marksFile, { force: true });
  }
}
