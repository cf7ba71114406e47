import type { DependencyScope, ManifestDependency } from '@rota/contracts';
import { stripComments } from '../parsers/strip-comments.js';
import { dependency, type ManifestReader } from './types.js';

/** The quoted strings of a Ruby argument list, in order. */
function rubyStrings(args: string): string[] {
  return [...args.matchAll(/(["'])(.*?)\1/g)].map((match) => match[2]!);
}

function groupScope(groups: string[]): DependencyScope {
  if (!groups.length) return 'runtime';
  if (groups.every((group) => group === 'test')) return 'test';
  return groups.every((group) => /^(development|test|lint|ci|tools)$/.test(group))
    ? 'dev'
    : 'runtime';
}

/**
 * Gemfiles are Ruby; they are read line by line for `ruby`, `gem` and `group ... do` blocks and
 * never evaluated. Other `do` blocks (platforms, source, git) are tracked so their `end` does not
 * close a group.
 */
export const gemfileReader: ManifestReader = {
  kind: 'gemfile',
  ecosystem: 'ruby',
  dependencyKey: 'gem',
  matches: (_path, name) => name === 'Gemfile' || name === 'gems.rb',
  read(source) {
    const dependencies: ManifestDependency[] = [];
    const blocks: string[][] = [];
    let ruby: string | null = null;
    for (const line of stripComments(source, { hash: true }).split(/\r?\n/)) {
      const trimmed = line.trim();
      const rubyVersion = /^ruby\s*\(?\s*(["'])(.+?)\1/.exec(trimmed);
      if (rubyVersion) ruby = rubyVersion[2]!;
      const gem = /^gem\s*\(?\s*(["'])([^"']+)\1(.*)$/.exec(trimmed);
      if (gem) {
        const rest = gem[3]!;
        const versions = rubyStrings(rest.split(/\b\w+:/)[0]!);
        const inline = /\bgroups?:\s*\[?([^\]]*?)\]?\s*(?:,\s*\w+:|$)/.exec(rest)?.[1] ?? '';
        const groups = [...blocks.flat(), ...[...inline.matchAll(/:(\w+)/g)].map((m) => m[1]!)];
        dependencies.push(dependency(gem[2]!, versions.join(', '), groupScope(groups)));
      }
      if (/\bdo\s*(\|[^|]*\|)?\s*$/.test(trimmed)) {
        const group = /^group\s*\(?(.*?)\)?\s+do\b/.exec(trimmed);
        blocks.push(
          group ? [...group[1]!.matchAll(/:(\w+)|["'](\w+)["']/g)].map((m) => (m[1] ?? m[2])!) : [],
        );
      } else if (/^end\b/.test(trimmed)) blocks.pop();
    }
    return { dependencies, runtimes: ruby ? [{ name: 'ruby', version: ruby }] : [] };
  },
};

export const gemspecReader: ManifestReader = {
  kind: 'gemspec',
  ecosystem: 'ruby',
  dependencyKey: 'gem',
  matches: (_path, name) => name.endsWith('.gemspec'),
  read(source) {
    const script = stripComments(source, { hash: true });
    const field = (name: string) =>
      new RegExp(`\\.\\s*${name}\\s*=\\s*(["'])(.+?)\\1`).exec(script)?.[2] ?? null;
    const licenses = /\.\s*licenses\s*=\s*\[([^\]]*)\]/.exec(script);
    const dependencies = [
      ...script.matchAll(/\.\s*add_(runtime_|development_)?dependency\s*\(?([^\n]*)/g),
    ].flatMap((match) => {
      const [name, ...versions] = rubyStrings(match[2]!);
      return name
        ? [dependency(name, versions.join(', '), match[1] === 'development_' ? 'dev' : 'runtime')]
        : [];
    });
    const ruby = field('required_ruby_version');
    return {
      name: field('name'),
      version: field('version'),
      license:
        field('license') ?? (licenses ? rubyStrings(licenses[1]!).join(' OR ') || null : null),
      dependencies,
      runtimes: ruby ? [{ name: 'ruby', version: ruby }] : [],
    };
  },
};
