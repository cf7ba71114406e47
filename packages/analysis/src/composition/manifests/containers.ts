import type { ContainerService } from '@rota/contracts';
import type { Mention } from '../frameworks.js';
import { ParseFailure } from '../parsers/parse-failure.js';
import { isYamlMap, parseYaml, type YamlValue } from '../parsers/yaml.js';
import { record, text, type EntryPointDeclaration, type ManifestReader } from './types.js';

/**
 * Framework mentions for an image reference: the name without tag or digest, with and without its
 * registry (`docker.elastic.co/elasticsearch/elasticsearch` is also `elasticsearch/elasticsearch`),
 * Docker Hub's implicit `library/` dropped; the tag is the version.
 */
export function imageMentions(reference: string): Mention[] {
  const withoutDigest = reference.split('@')[0]!;
  const slash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  const name = colon > slash ? withoutDigest.slice(0, colon) : withoutDigest;
  const version = colon > slash ? withoutDigest.slice(colon + 1) : null;
  const parts = name
    .replace(/^(?:docker\.io|index\.docker\.io)\//, '')
    .replace(/^library\//, '')
    .split('/');
  const hasRegistry = parts.length > 1 && /[.:]|^localhost$/.test(parts[0]!);
  const names = [parts.join('/')];
  if (hasRegistry)
    names.push(
      parts
        .slice(1)
        .join('/')
        .replace(/^library\//, ''),
    );
  return names.map((image) => ({ key: 'image', name: image, version }));
}

const INSTRUCTIONS = new Set(
  'FROM RUN CMD LABEL MAINTAINER EXPOSE ENV ADD COPY ENTRYPOINT VOLUME USER WORKDIR ARG ONBUILD STOPSIGNAL HEALTHCHECK SHELL'.split(
    ' ',
  ),
);

/** Dockerfile instructions with continuation lines joined, comments and heredoc bodies dropped. */
function instructions(source: string): Array<{ keyword: string; args: string; line: number }> {
  const escape = /^#\s*escape\s*=\s*`/m.test(source.split('\n').slice(0, 5).join('\n'))
    ? '`'
    : '\\';
  const lines = source.split(/\r?\n/);
  const result: Array<{ keyword: string; args: string; line: number }> = [];
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let current = lines[i]!.trim();
    if (!current || current.startsWith('#')) continue;
    while (current.endsWith(escape) && i + 1 < lines.length) {
      current = current.slice(0, -1);
      while (i + 1 < lines.length && /^\s*(#|$)/.test(lines[i + 1]!)) i++;
      current += ' ' + (lines[++i] ?? '').trim();
    }
    const match = /^(\S+)\s*(.*)$/.exec(current)!;
    const keyword = match[1]!.toUpperCase();
    if (!INSTRUCTIONS.has(keyword))
      throw new ParseFailure(`unknown instruction "${match[1]!.slice(0, 30)}"`, start + 1);
    result.push({ keyword, args: match[2]!, line: start + 1 });
    // BuildKit heredocs (RUN <<EOF ... EOF) carry script text, not instructions.
    for (const heredoc of match[2]!.matchAll(/<<-?\s*["']?(\w+)["']?/g)) {
      while (i + 1 < lines.length && lines[i + 1]!.trim() !== heredoc[1]) i++;
      i++;
    }
  }
  return result;
}

/** CMD/ENTRYPOINT as text: the exec form's JSON array joined by spaces, the shell form as written. */
function commandText(args: string): string {
  if (args.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(args);
      if (Array.isArray(parsed)) return parsed.map(String).join(' ');
    } catch {
      // Docker itself runs a malformed exec form as a shell command; so is it reported.
    }
  }
  return args;
}

export const dockerfileReader: ManifestReader = {
  kind: 'dockerfile',
  ecosystem: 'container',
  dependencyKey: 'image',
  // Dockerfile, Dockerfile.prod, api.dockerfile, Containerfile; not Dockerfile.md notes.
  matches: (_path, name) =>
    (/^(Dockerfile|Containerfile)([._-].+)?$/.test(name) ||
      /\.(dockerfile|containerfile)$/i.test(name)) &&
    !/\.(md|txt|rst|adoc)$/i.test(name),
  read(source) {
    const parsed = instructions(source);
    if (!parsed.some((instruction) => instruction.keyword === 'FROM'))
      throw new ParseFailure('no FROM instruction');
    const globalArgs = new Map<string, string>();
    const stages = new Set<string>();
    const images: string[] = [];
    let entry: EntryPointDeclaration[] = [];
    for (const { keyword, args } of parsed) {
      if (keyword === 'ARG' && !stages.size && !images.length) {
        const arg = /^([\w.-]+)(?:=(.*))?$/.exec(args.trim());
        if (arg?.[2] !== undefined) globalArgs.set(arg[1]!, arg[2].replace(/^(["'])(.*)\1$/, '$2'));
      } else if (keyword === 'FROM') {
        const from = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(args);
        if (!from) continue;
        const image = from[1]!.replace(
          /\$\{?(\w+)\}?/g,
          (whole, name: string) => globalArgs.get(name) ?? whole,
        );
        if (!stages.has(image.toLowerCase()) && image !== 'scratch') images.push(image);
        if (from[2]) stages.add(from[2].toLowerCase());
        // A new stage starts with no command of its own.
        entry = [];
      } else if (keyword === 'CMD' || keyword === 'ENTRYPOINT') {
        // Only the last stage's last CMD and ENTRYPOINT make it into the image.
        const kind = keyword === 'CMD' ? 'docker-cmd' : 'docker-entrypoint';
        entry = [
          ...entry.filter((point) => point.kind !== kind),
          { kind, target: null, name: null, command: commandText(args) },
        ];
      }
    }
    return {
      images: [...new Set(images)],
      mentions: images.flatMap(imageMentions),
      entryPoints: entry.sort((a, b) =>
        a.kind === 'docker-entrypoint' ? -1 : b.kind === 'docker-entrypoint' ? 1 : 0,
      ),
    };
  },
};

const COMPOSE_NAME = /^(docker-)?compose([.-][\w.-]+)?\.ya?ml$/i;

export const composeReader: ManifestReader = {
  kind: 'compose',
  ecosystem: 'container',
  dependencyKey: 'image',
  matches: (_path, name) => COMPOSE_NAME.test(name),
  read(source) {
    const document = parseYaml(source);
    if (!isYamlMap(document)) throw new ParseFailure('not a mapping');
    // Version 1 files have the services at the top level.
    const section: YamlValue =
      'services' in document ? document.services : 'version' in document ? null : document;
    const services: ContainerService[] = Object.entries(record(section)).map(([name, spec]) => {
      const service = record(spec);
      const build =
        typeof service.build === 'string' ? service.build : text(record(service.build).context);
      return { name, image: text(service.image), build };
    });
    const images = [
      ...new Set(
        services.map((service) => service.image).filter((image): image is string => !!image),
      ),
    ];
    return { services, images, mentions: images.flatMap(imageMentions) };
  },
};
