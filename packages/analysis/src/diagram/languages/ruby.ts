import { maskSource, STR, SYNTAX } from '../scan/mask.js';
import { compareStrings, dirname, joinPath } from '../../facts/paths.js';
import { isThirdPartyPath } from '../../facts/third-party.js';
import { resolved, type LanguageModule, type ResolvedImports } from './types.js';

interface RubyRequire {
  spec: string;
  relative: boolean;
}

const REQUIRE = new RegExp(
  `(?<![\\w.:])(require_relative|require|autoload\\s*\\(?\\s*:\\w+\\s*,)\\s*\\(?\\s*${STR}`,
  'g',
);

/**
 * Ruby: `require_relative 'x'` is relative to the file; `require 'a/b'` with a literal path is looked
 * up under the repository's `lib/` folders (the root's and each gem's, nearest first), as
 * `$LOAD_PATH` would. Rails autoloading by constant name is not followed.
 */
export const ruby: LanguageModule = {
  id: 'ruby',
  matches: (path) => path.endsWith('.rb') || /(?:^|\/)(?:Rakefile|Gemfile)$/.test(path),
  createSession({ index }) {
    const files = new Map<string, RubyRequire[]>();
    return {
      scan(path, text) {
        const masked = maskSource(text, SYNTAX.ruby);
        const requires = [...masked.code.matchAll(REQUIRE)]
          .map((m) => ({
            spec: masked.strings[Number(m[2])] ?? '',
            relative: m[1] === 'require_relative',
          }))
          .filter((r) => r.spec !== '' && !r.spec.includes('#{'));
        files.set(path, requires);
        return masked;
      },
      async resolveAll() {
        const libs = [
          ...new Set(
            index.files.filter((f) => f.endsWith('.rb') && !isThirdPartyPath(f)).map(libRootOf),
          ),
        ]
          .filter((d): d is string => d !== null)
          .sort(compareStrings);
        const withRb = (p: string | null) =>
          p === null ? null : index.has(p) ? p : index.has(p + '.rb') ? p + '.rb' : null;
        const out = new Map<string, ResolvedImports>();
        for (const [path, requires] of files) {
          const targets: string[] = [];
          const externals: string[] = [];
          const nearest = [...libs].sort(
            (a, b) => sharedPrefix(b, path) - sharedPrefix(a, path) || compareStrings(a, b),
          );
          for (const req of requires) {
            let hit: string | null = null;
            if (req.relative || req.spec.startsWith('./') || req.spec.startsWith('../')) {
              hit = withRb(joinPath(dirname(path), req.spec));
            } else {
              for (const lib of nearest) if ((hit = withRb(joinPath(lib, req.spec)))) break;
            }
            if (hit) targets.push(hit);
            else if (!req.relative) externals.push(`gem:${req.spec}`);
          }
          const imports = resolved(path, requires.length, targets, externals);
          // `lib/rack/protection/base.rb` requiring `lib/rack/protection.rb`: the entry file of the
          // file's own folder is what loads it, and Ruby's require returns at once for a file
          // already loading, so the require closes no cycle.
          const entries = imports.targets.filter((t) => path.startsWith(t.slice(0, -3) + '/'));
          out.set(path, { ...imports, unordered: entries });
        }
        return out;
      },
    };
  },
};

/** The `…/lib` folder a Ruby file sits in, if any. */
function libRootOf(path: string): string | null {
  const parts = dirname(path).split('/');
  const at = parts.lastIndexOf('lib');
  return at < 0 ? null : parts.slice(0, at + 1).join('/');
}

function sharedPrefix(a: string, b: string): number {
  let k = 0;
  while (k < a.length && a[k] === b[k]) k++;
  return k;
}
