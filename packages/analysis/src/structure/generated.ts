/**
 * Generated files: a port of GitHub Linguist's lib/linguist/generated.rb (github-linguist/linguist
 * master), path rules and the content checks, each gated on the extension as in Linguist so most
 * files cost one map lookup. Lines are Ruby's `data.split("\n", -1)`, decoded only as far as a check
 * looks. Rota adds three rules Linguist does not have (marked ROTA below): common lock files, the
 * names code generators give their output, and a "generated" header in the first five lines. The
 * pull-request review reads the path, lock file and header rules here too.
 */

// generated.rb's name.match rules for lock files, unanchored where Linguist leaves them unanchored.
const LOCK_FILE_RULES = [
  /composer\.lock/,
  /Cargo\.lock/,
  /deno\.lock/,
  /(^|\/)flake\.lock$/,
  /(^|\/)MODULE\.bazel\.lock$/,
  /(Gopkg|glide)\.lock/,
  /Package\.resolved/,
  /poetry\.lock/,
  /pdm\.lock/,
  /uv\.lock/,
  /pixi\.lock/,
  /(^|\/)(\w+\.)?esy.lock$/,
  /npm-shrinkwrap\.json/,
  /package-lock\.json/,
  /pnpm-lock\.yaml/,
  /(?:^|\/)\.terraform\.lock\.hcl$/,
  /Pipfile\.lock/,
  // ROTA: lock files Linguist leaves to languages.yml; tools write them, not people.
  /(^|\/)(yarn\.lock|bun\.lockb?|Gemfile\.lock|mix\.lock|Podfile\.lock|pubspec\.lock|go\.sum)$/,
  /(^|\/)(gradle\.lockfile|packages\.lock\.json)$/,
];
// generated.rb's other name.match rules, unanchored where Linguist leaves them unanchored.
const GENERATED_PATH_RULES = [
  /(?:^|\/)\.idea\//,
  /(^Pods|\/Pods)\//,
  /(^|\/)Carthage\/Build\//,
  /__generated__\//,
  /Cargo\.toml\.orig/,
  /node_modules\//,
  /vendor\/((?!-)[-0-9A-Za-z]+(?<!-)\.)+(com|edu|gov|in|me|net|org|fm|io)/,
  /(^|\/)\.pnp\..*$/,
  /Godeps\//,
  /.\.zep\.(?:c|h|php)$/,
  /(?:^|\/)htmlcov\//,
  /(?:^|\/)\.sqlx\/query-[a-f\d]{64}\.json$/,
  // ROTA: the names code generators give their output, whatever its first lines say: protoc's
  // Go and Python output (gRPC's too), `*.generated.*`, and Dart's build_runner parts.
  /\.pb\.go$|_pb2(_grpc)?\.pyi?$|\.generated\.\w+$|\.g\.dart$/,
];
const union = (rules: RegExp[]) => new RegExp(rules.map((r) => `(?:${r.source})`).join('|'));
const LOCK_FILES = union(LOCK_FILE_RULES);
const GENERATED_PATHS = union([...LOCK_FILE_RULES, ...GENERATED_PATH_RULES]);
// The three generated.rb rules that ignore case.
const GENERATED_PATHS_ANY_CASE = /\.designer\.(cs|vb)$|\.feature\.cs$|_tlb\.pas$/i;

const XCODE_EXTENSIONS = new Set(['.nib', '.xcworkspacedata', '.xcuserstate']);

/** Ruby's File.extname: the last ".ext" of the base name; none for dotfiles like ".profile". */
export function rubyExtname(basename: string): string {
  const dot = basename.lastIndexOf('.');
  return dot <= 0 || dot === basename.length - 1 ? '' : basename.slice(dot);
}

/**
 * Lazy view of `data.split("\n", -1)`: the head is decoded in growing slices as far as a check
 * looks (most look at five lines or fewer), a line from the end alone, and counts scan for
 * newlines natively, no further than asked.
 */
class Lines {
  private headLines: string[] = [];
  private decoded = 0;
  private total: number | undefined;

  constructor(private readonly data: Buffer) {}

  /** Ruby's lines.count: newlines + 1. */
  get count(): number {
    this.total ??= this.countUpTo(Infinity);
    return this.total;
  }

  /** lines.count > n, without counting further than needed. */
  moreThan(n: number): boolean {
    return this.countUpTo(n + 1) > n;
  }

  private countUpTo(limit: number): number {
    let lines = 1;
    for (let i = this.data.indexOf(10); i !== -1 && lines < limit; i = this.data.indexOf(10, i + 1))
      lines += 1;
    return lines;
  }

  /** Line `index` from the start (0-based); '' past the end, like Ruby's nil in a string test. */
  at(index: number): string {
    // The last decoded line may be cut short; decode more until it is not, or the data ends.
    while (this.decoded < this.data.length && index >= this.headLines.length - 1) {
      this.decoded = Math.min(this.data.length, Math.max(512, this.decoded * 4));
      this.headLines = this.data.toString('utf8', 0, this.decoded).split('\n');
    }
    return this.headLines[index] ?? '';
  }

  first(n: number): string[] {
    const out: string[] = [];
    for (let i = 0; i < n; i += 1) {
      if (i > 0 && i >= this.headLines.length && this.decoded >= this.data.length) break;
      out.push(this.at(i));
    }
    return out;
  }

  /** Line `-n` from the end (1 = the last, possibly empty, line); '' when there are fewer. */
  fromEnd(n: number): string {
    let stop = this.data.length;
    for (let k = 1; k < n; k += 1) {
      const nl = this.data.lastIndexOf(10, stop - 1);
      if (nl === -1) return '';
      stop = nl;
    }
    const start = stop === 0 ? 0 : this.data.lastIndexOf(10, stop - 1) + 1;
    return this.data.toString('utf8', start, stop);
  }
}

type Check = (lines: Lines, data: Buffer, name: string) => boolean;

const includesIn = (lines: string[], text: string) => lines.some((l) => l.includes(text));

// Linguist: average line length over 110, floor((bytes - newlines) / lines) > 110 with
// lines = newlines + 1. That holds exactly when lines <= floor((bytes + 1) / 112), so lines are
// counted only that far: a source file with ordinary lines stops after a fraction of its bytes.
const minified: Check = (lines, data) => !lines.moreThan(Math.floor((data.length + 1) / 112));
const sourceMapComment: Check = (lines) =>
  [lines.fromEnd(1), lines.fromEnd(2)].some((l) =>
    /^\/[*/][#@] source(?:Mapping)?URL|sourceURL=/.test(l),
  );
const protobuf: Check = (l) =>
  l.moreThan(1) &&
  includesIn(l.first(3), 'Generated by the protocol buffer compiler.  DO NOT EDIT!');
const thrift: Check = (l) => includesIn(l.first(6), 'Autogenerated by Thrift Compiler');
const haxe: Check = (l) => includesIn(l.first(3), 'Generated by Haxe');
const grpcCpp: Check = (l) => l.moreThan(1) && l.at(0).startsWith('// Generated by the gRPC');
const cython: Check = (l) => l.moreThan(1) && l.at(0).includes('Generated by Cython');
const gimp: Check = (l) =>
  /^\/\* GIMP [a-zA-Z0-9\- ]+ C-Source image dump \(.+?\.c\) \*\//.test(l.at(0)) ||
  /^\/\* {2}GIMP header image file format \([a-zA-Z0-9\- ]+\): .+?\.h {2}\*\//.test(l.at(0));
const jniHeader: Check = (l) =>
  l.moreThan(2) &&
  l.at(0).includes('/* DO NOT EDIT THIS FILE - it is machine generated */') &&
  l.at(1).includes('#include <jni.h>');
const ppport: Check = (l, _d, name) =>
  /ppport\.h$/.test(name) &&
  l.moreThan(10) &&
  l.at(8).includes('Automatically created by Devel::PPPort');
const coffee: Check = (l, data) => {
  // Both forms start with a byte the line must begin with: decode nothing for other files.
  if (data[0] !== 0x2f && data[0] !== 0x28) return false;
  if (/^\/\/ Generated by /.test(l.at(0))) return true;
  if (l.at(0) !== '(function() {' || l.fromEnd(2) !== '}).call(this);' || l.fromEnd(1) !== '')
    return false;
  let score = 0;
  for (const line of l.first(l.count)) {
    if (!/var /.test(line)) continue;
    score += (line.match(/(_fn|_i|_len|_ref|_results)/g) ?? []).length;
    score += 3 * (line.match(/(__bind|__extends|__hasProp|__indexOf|__slice)/g) ?? []).length;
  }
  return score >= 3;
};
const pegjs: Check = (l) => {
  const head = l.first(5).join('');
  // The backtracking pattern runs only where its literal is.
  return (
    head.includes('Generated by PEG') &&
    /^(?:[^/]|\/[^*])*\/\*(?:[^*]|\*[^/])*Generated by PEG.js/.test(head)
  );
};
const jsProtobuf: Check = (l) =>
  l.moreThan(6) && l.at(5).includes('GENERATED CODE -- DO NOT EDIT!');
const jison: Check = (l) =>
  l.moreThan(1) &&
  (l.at(0).startsWith('/* parser generated by jison ') ||
    l.at(0).startsWith('/* generated by jison-lex '));
const html: Check = (l) => {
  if (!l.moreThan(1)) return false;
  if (l.first(2).some((x) => x.includes('<!-- Generated by pkgdown: do not edit by hand -->')))
    return true;
  if (l.moreThan(2) && l.at(2).startsWith('<!-- This is an automatically generated file.'))
    return true;
  const head = l.first(31);
  if (head.some((x) => /<!--\s+Generated by Doxygen\s+[.0-9]+\s*-->/i.test(x))) return true;
  return [...head.join(' ').matchAll(/<meta(\s+[^>]+)>/gi)].some((m) => {
    const attrs = Object.fromEntries(
      [...m[1]!.matchAll(/(?<=^|\s)(name|content|value)\s*=\s*("[^"]+"|'[^']+'|[^\s"']+)/gi)].map(
        (a) => [a[1]!.toLowerCase(), a[2]!.replace(/^["']|["']$/g, '')],
      ),
    );
    const value = attrs.content ?? attrs.value;
    return (
      attrs.name?.toLowerCase() === 'generator' &&
      value !== undefined &&
      /^(org\s+mode|j?latex2html|groff|makeinfo|texi2html|ronn)\b/i.test(value)
    );
  });
};

// extname (as Linguist compares it: case-sensitive unless generated.rb downcases) -> checks.
const CONTENT_CHECKS: Record<string, Check[]> = {
  '.js': [minified, sourceMapComment, coffee, pegjs, jsProtobuf, thrift, jison, haxe],
  '.css': [minified, sourceMapComment],
  '.map': [
    (l, _d, name) =>
      /(\.css|\.js)\.map$/i.test(name) ||
      /^{"version":\d+,/.test(l.at(0)) ||
      /^\/\*\* Begin line maps\. \*\*\/{/.test(l.at(0)),
  ],
  '.xml': [
    (l) =>
      l.moreThan(3) &&
      l.at(1).includes('<doc>') &&
      l.at(2).includes('<assembly>') &&
      l.fromEnd(2).includes('</doc>'),
  ],
  '.ps': [postscript],
  '.eps': [postscript],
  '.pfa': [postscript],
  '.go': [
    (l) => l.moreThan(1) && l.first(40).some((x) => /^\/\/ Code generated .*/.test(x)),
    thrift,
  ],
  '.proto': [
    (l) =>
      l.moreThan(1) && includesIn(l.first(20), 'This file was autogenerated by go-to-protobuf'),
  ],
  '.py': [protobuf, thrift, haxe],
  '.java': [protobuf, thrift, haxe, javaTools],
  '.rb': [protobuf, thrift, racc],
  '.php': [protobuf, thrift, haxe],
  '.m': [protobuf, thrift],
  '.cc': [protobuf, thrift, grpcCpp],
  '.cpp': [protobuf, thrift, grpcCpp, cython, haxe],
  '.hpp': [grpcCpp],
  '.h': [protobuf, thrift, jniHeader, grpcCpp, gimp, haxe, ppport],
  '.c': [cython, gimp],
  '.ts': [
    (l) => l.moreThan(4) && l.at(0).includes('Code generated by protoc-gen-ts_proto. DO NOT EDIT.'),
  ],
  '.yml': [(l) => l.moreThan(2) && l.fromEnd(2).includes('recorded_with: VCR')],
  '.g': [(l) => l.moreThan(2) && l.at(1).includes('generated by Xtest')],
  '.mod': [
    (l) =>
      l.moreThan(1) &&
      (l.at(0).includes('PCBNEW-LibModule-V') || l.at(0).includes("GFORTRAN module version '")),
  ],
  '.meta': [(l) => l.moreThan(1) && l.at(0).includes('fileFormatVersion: ')],
  '.Rd': [(l) => l.moreThan(1) && l.at(0).includes('% Generated by roxygen2: do not edit by hand')],
  '.dart': [
    (l) => l.moreThan(1) && /generated code\W{2,3}do not modify/.test(l.at(0).toLowerCase()),
  ],
  '.yy': [gameMaker],
  '.yyp': [gameMaker],
  '.lua': [haxe],
  '.cs': [haxe],
  '.html': [html],
  '.htm': [html],
  '.xhtml': [html],
  '.dsp': [(l) => includesIn(l.first(3), '# Microsoft Developer Studio Generated Build File')],
  '.rbi': [
    (l) =>
      l.moreThan(4) &&
      /^# typed:/.test(l.at(0)) &&
      l.at(2).includes('DO NOT EDIT MANUALLY') &&
      /^# Please (run|instead update this file by running) `bin\/tapioca/.test(l.at(4)),
  ],
  '.frm': [(l) => l.at(0).includes('TYPE=VIEW')],
};

function postscript(l: Lines, data: Buffer): boolean {
  if (/^\s*(?:currentfile eexec\s+|\/sfnts\s+\[\s<)/m.test(data.toString('latin1', 0, 64 * 1024)))
    return true;
  const creator = l.first(10).find((line) => /^%%Creator: /.test(line));
  if (creator === undefined) return false;
  if (/[0-9]|draw|mpage|ImageMagick|inkscape|MATLAB/.test(creator)) return true;
  if (/PCBNEW|pnmtops|\(Unknown\)|Serif Affinity|Filterimage -tops/.test(creator)) return true;
  return (
    creator.includes('EAGLE') && l.first(5).some((line) => /^%%Title: EAGLE Drawing /.test(line))
  );
}

function racc(l: Lines): boolean {
  return l.moreThan(2) && l.at(2).startsWith('# This file is automatically generated by Racc');
}

function javaTools(l: Lines): boolean {
  return (
    (l.moreThan(1) && l.at(0).startsWith('/* The following code was generated by JFlex ')) ||
    (l.moreThan(1) &&
      l.at(0).startsWith('// This is a generated file. Not intended for manual editing.')) ||
    includesIn(l.first(2), 'This file is generated by jOOQ.')
  );
}

function gameMaker(l: Lines): boolean {
  return (
    l.moreThan(3) && (/^\s*[{[]/.test(l.first(3).join('')) || /^\d\.\d\.\d.+\|\{/.test(l.at(0)))
  );
}

// ROTA: the common "do not edit" markers (Go's "Code generated ... DO NOT EDIT.", @generated,
// .NET's <auto-generated>, "This file was automatically generated") in the first five lines.
const HEADER_EXACT = /\bDO NOT EDIT\b|@generated\b/;
const HEADER_WORDS =
  /<auto-generated|\b(?:this|the following) (?:file|code|class|source file) (?:is|was|has been) (?:automatically |auto-?|machine[- ])generated\b/i;

// As bytes, once: Buffer.indexOf would encode a string needle on every call.
const DO_NOT_EDIT = Buffer.from('DO NOT EDIT');
const ENERATED = Buffer.from('enerated');
const ENERATED_UPPER = Buffer.from('ENERATED');

/** End of the first `n` lines (the offset after the n-th newline, or the end). */
function headEnd(data: Buffer, n: number): number {
  let offset = 0;
  for (let line = 0; line < n; line += 1) {
    const nl = data.indexOf(10, offset);
    if (nl === -1) return data.length;
    offset = nl + 1;
  }
  return offset;
}

function generatedHeader(data: Buffer): boolean {
  const head = data.subarray(0, headEnd(data, 5));
  // Every marker contains "DO NOT EDIT" or "enerated" (any case of the G): decode only then.
  if (
    head.indexOf(DO_NOT_EDIT) === -1 &&
    head.indexOf(ENERATED) === -1 &&
    head.indexOf(ENERATED_UPPER) === -1
  )
    return false;
  const text = head.toString('utf8');
  return HEADER_EXACT.test(text) || HEADER_WORDS.test(text);
}

/**
 * Rota's header rule alone, over the first lines of a file as far as they are known (`head`): for
 * a caller that sees a file's start but not the whole blob, such as a pull request's patch.
 */
export function hasGeneratedHeader(head: string): boolean {
  return generatedHeader(Buffer.from(head, 'utf8'));
}

/** A lock file by name (generated.rb's and Rota's lock file rules): tools write them, not people. */
export function isLockFile(path: string): boolean {
  return LOCK_FILES.test(path);
}

/** generated.rb's path-only rules: usable without reading the blob. */
export function isGeneratedPath(path: string, basename: string): boolean {
  return (
    XCODE_EXTENSIONS.has(rubyExtname(basename)) ||
    GENERATED_PATHS.test(path) ||
    GENERATED_PATHS_ANY_CASE.test(path)
  );
}

/** Every rule; `data` is the whole blob (text, within the size limit). */
export function isGenerated(path: string, basename: string, data: Buffer | null): boolean {
  if (isGeneratedPath(path, basename)) return true;
  if (!data || data.length === 0) return false;
  const extname = rubyExtname(basename);
  const lines = new Lines(data);
  const checks = CONTENT_CHECKS[extname] ?? CONTENT_CHECKS[extname.toLowerCase()];
  if (checks?.some((check) => check(lines, data, path))) return true;
  return generatedHeader(data);
}
