import type { KubernetesResource, ManifestDependency } from '@rota/contracts';
import type { Mention } from '../frameworks.js';
import { ParseFailure } from '../parsers/parse-failure.js';
import { stripComments } from '../parsers/strip-comments.js';
import { isYamlMap, parseYaml, parseYamlDocuments, type YamlValue } from '../parsers/yaml.js';
import { imageMentions } from './containers.js';
import { dependency, record, text, type ManifestReader } from './types.js';

export const helmChartReader: ManifestReader = {
  kind: 'helm-chart',
  ecosystem: 'infra',
  dependencyKey: 'image',
  matches: (_path, name) => name === 'Chart.yaml' || name === 'Chart.yml',
  read(source) {
    const chart = parseYaml(source);
    if (!isYamlMap(chart)) throw new ParseFailure('not a mapping');
    const dependencies = (Array.isArray(chart.dependencies) ? chart.dependencies : [])
      .map(record)
      .filter((item) => text(item.name))
      .map((item) => dependency(text(item.name)!, item.version));
    const appVersion = text(chart.appVersion);
    return {
      name: text(chart.name),
      version: text(chart.version),
      dependencies,
      runtimes: appVersion ? [{ name: 'app', version: appVersion }] : [],
    };
  },
};

/** The text between the braces opened at `open` (exclusive), or null when they never close. */
function braceBody(source: string, open: number): string | null {
  let level = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '{') level++;
    else if (source[i] === '}' && --level === 0) return source.slice(open + 1, i);
  }
  return null;
}

/** Terraform is HCL; providers, modules and the required version are read with patterns. */
export const terraformReader: ManifestReader = {
  kind: 'terraform',
  ecosystem: 'infra',
  dependencyKey: 'terraform',
  matches: (_path, name) => name.endsWith('.tf'),
  read(source) {
    const hcl = stripComments(source, { hash: true, slash: true });
    const unquoted = hcl.replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
    if ((unquoted.match(/\{/g)?.length ?? 0) !== (unquoted.match(/\}/g)?.length ?? 0))
      throw new ParseFailure('unbalanced braces');
    const providers = new Map<string, ManifestDependency>();
    const required = /\brequired_providers\s*\{/.exec(hcl);
    const body = required ? (braceBody(hcl, required.index + required[0].length - 1) ?? '') : '';
    for (const match of body.matchAll(/\b([\w-]+)\s*=\s*(?:\{([^}]*)\}|"([^"]*)")/g)) {
      const origin =
        /\bsource\s*=\s*"([^"]+)"/.exec(match[2] ?? '')?.[1] ?? `hashicorp/${match[1]}`;
      const version = match[3] ?? /\bversion\s*=\s*"([^"]+)"/.exec(match[2] ?? '')?.[1];
      providers.set(
        match[1]!,
        dependency(origin.replace(/^registry\.terraform\.io\//, ''), version),
      );
    }
    // Providers used without a required_providers entry default to hashicorp/<name>.
    for (const match of hcl.matchAll(
      /^\s*(?:provider\s+"([\w-]+)"|(?:resource|data)\s+"([a-z0-9]+)_[\w-]+")/gm,
    )) {
      const local = (match[1] ?? match[2])!;
      if (!providers.has(local)) providers.set(local, dependency(`hashicorp/${local}`, null));
    }
    const modules: ManifestDependency[] = [];
    for (const match of hcl.matchAll(/^\s*module\s+"[\w-]+"\s*\{/gm)) {
      const block = braceBody(hcl, match.index + match[0].length - 1) ?? '';
      const moduleSource = /\bsource\s*=\s*"([^"]+)"/.exec(block)?.[1];
      if (moduleSource && !moduleSource.startsWith('.'))
        modules.push(dependency(moduleSource, /\bversion\s*=\s*"([^"]+)"/.exec(block)?.[1]));
    }
    const requiredVersion = /\brequired_version\s*=\s*"([^"]+)"/.exec(hcl)?.[1];
    return {
      dependencies: [...providers.values(), ...modules],
      runtimes: requiredVersion ? [{ name: 'terraform', version: requiredVersion }] : [],
    };
  },
};

/** Images of every `containers`/`initContainers` list below `value`, visiting at most `budget` nodes. */
function containerImages(value: YamlValue, found: Set<string>, budget = { left: 20_000 }): void {
  if (--budget.left < 0 || value === null || typeof value === 'string') return;
  if (Array.isArray(value)) {
    for (const item of value) containerImages(item, found, budget);
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    if ((key === 'containers' || key === 'initContainers') && Array.isArray(child))
      for (const container of child) {
        const image = text(record(container).image);
        if (image) found.add(image);
      }
    containerImages(child, found, budget);
  }
}

function kubernetesObjects(documents: YamlValue[]): Array<Record<string, unknown>> {
  return documents.flatMap((document) => {
    const object = record(document);
    if (object.kind === 'List' && Array.isArray(object.items)) return object.items.map(record);
    return [object];
  });
}

/**
 * Any other YAML file is a Kubernetes manifest when its documents carry `apiVersion` and `kind`.
 * A cheap look at the text comes first so most YAML files are never parsed; Helm templates
 * (`{{ ... }}`) are not YAML until rendered and are left to the chart.
 */
export const kubernetesReader: ManifestReader = {
  kind: 'kubernetes',
  ecosystem: 'infra',
  dependencyKey: 'image',
  matches: (path, name) => /\.ya?ml$/i.test(name) && !path.startsWith('.github/'),
  read(source) {
    if (!/^apiVersion:\s*\S/m.test(source) || !/^kind:\s*\S/m.test(source) || source.includes('{{'))
      return null;
    const resources: KubernetesResource[] = [];
    const documents = parseYamlDocuments(source);
    for (const object of kubernetesObjects(documents)) {
      const apiVersion = text(object.apiVersion);
      const kind = text(object.kind);
      // Backstage catalog files borrow the shape but describe no cluster object.
      if (apiVersion && kind && !apiVersion.includes('backstage.io'))
        resources.push({ apiVersion, kind, name: text(record(object.metadata).name) });
    }
    if (!resources.length) return null;
    const images = new Set<string>();
    for (const document of documents) containerImages(document, images);
    return { resources, images: [...images], mentions: [...images].flatMap(imageMentions) };
  },
};

export const kustomizationReader: ManifestReader = {
  kind: 'kustomization',
  ecosystem: 'infra',
  dependencyKey: 'image',
  matches: (_path, name) => /^(kustomization\.ya?ml|Kustomization)$/.test(name),
  read(source) {
    const document = parseYaml(source);
    if (!isYamlMap(document)) throw new ParseFailure('not a mapping');
    const images = (Array.isArray(document.images) ? document.images : []).flatMap((entry) => {
      const image = record(entry);
      const name = text(image.newName) ?? text(image.name);
      const tag = text(image.newTag);
      return name ? [tag ? `${name}:${tag}` : name] : [];
    });
    const mentions: Mention[] = images.flatMap(imageMentions);
    return { images, mentions };
  },
};
