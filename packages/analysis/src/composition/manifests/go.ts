import { ParseFailure } from '../parsers/parse-failure.js';
import { dependency, type ManifestReader } from './types.js';

const GO_VERBS = new Set([
  'module',
  'go',
  'toolchain',
  'require',
  'replace',
  'exclude',
  'retract',
  'godebug',
  'tool',
  'ignore',
  'use',
]);

/** go.mod / go.work lines as (verb, arguments, comment), with `verb ( ... )` blocks flattened. */
function goDirectives(source: string): Array<{ verb: string; args: string[]; comment: string }> {
  const directives: Array<{ verb: string; args: string[]; comment: string }> = [];
  let block: string | undefined;
  source.split(/\r?\n/).forEach((raw, index) => {
    const comment = raw.includes('//') ? raw.slice(raw.indexOf('//') + 2).trim() : '';
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (!line) return;
    if (block) {
      if (line === ')') block = undefined;
      else directives.push({ verb: block, args: line.split(/\s+/), comment });
      return;
    }
    const [verb, ...args] = line.split(/\s+/);
    if (!verb || !GO_VERBS.has(verb))
      throw new ParseFailure(`unknown directive "${line.slice(0, 40)}"`, index + 1);
    if (args[0] === '(' && args.length === 1) block = verb;
    else directives.push({ verb, args, comment });
  });
  if (block) throw new ParseFailure(`unclosed "${block} (" block`);
  return directives;
}

const unquote = (value: string | undefined) => value?.replace(/^"(.*)"$/, '$1') ?? null;

export const goModReader: ManifestReader = {
  kind: 'go-mod',
  ecosystem: 'go',
  dependencyKey: 'go',
  matches: (_path, name) => name === 'go.mod',
  read(source) {
    const directives = goDirectives(source);
    const first = (verb: string) => directives.find((directive) => directive.verb === verb);
    const runtimes = [];
    const goVersion = first('go')?.args[0];
    if (goVersion) runtimes.push({ name: 'go', version: goVersion });
    const toolchain = first('toolchain')?.args[0];
    if (toolchain) runtimes.push({ name: 'go-toolchain', version: toolchain });
    return {
      name: unquote(first('module')?.args[0]),
      // `// indirect` requirements are not imported by this module, only by its dependencies.
      dependencies: directives
        .filter((directive) => directive.verb === 'require' && directive.comment !== 'indirect')
        .map((directive) => dependency(directive.args[0] ?? '', directive.args[1]))
        .filter((item) => item.name),
      runtimes,
    };
  },
};

export const goWorkReader: ManifestReader = {
  kind: 'go-work',
  ecosystem: 'go',
  matches: (_path, name) => name === 'go.work',
  read(source) {
    const directives = goDirectives(source);
    const goVersion = directives.find((directive) => directive.verb === 'go')?.args[0];
    return {
      runtimes: goVersion ? [{ name: 'go', version: goVersion }] : [],
      workspace: {
        tool: 'go',
        patterns: directives
          .filter((directive) => directive.verb === 'use')
          .map((directive) => unquote(directive.args[0]) ?? '')
          .filter(Boolean),
        memberFile: 'go.mod',
      },
    };
  },
};
