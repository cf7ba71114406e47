import type { DependencyScope, ManifestDependency, ManifestRuntime } from '@rota/contracts';
import type { Mention } from '../frameworks.js';
import { stripComments } from '../parsers/strip-comments.js';
import { parseToml } from '../parsers/toml.js';
import { dependency, record, text, type ManifestReader } from './types.js';

/**
 * Gradle build scripts are programs (Groovy or Kotlin); they are read with patterns for the
 * declarations that matter — plugins, dependency notations, the Java version — and never run.
 * What a script computes at build time (loops, helper functions) is not seen.
 */
const CONFIGURATION = String.raw`(\w*(?:[Ii]mplementation|[Aa]pi|[Cc]ompileOnly|[Rr]untimeOnly|[Cc]ompile|classpath|kapt|ksp|annotationProcessor|developmentOnly))`;
const STRING_NOTATION = new RegExp(
  String.raw`\b${CONFIGURATION}\s*\(?\s*(?:(?:enforced)?[Pp]latform\s*\(\s*)?["']([^"'\s:$]+):([^"'\s:]+)(?::([^"'\s]+))?["']`,
  'g',
);
const MAP_NOTATION = new RegExp(
  String.raw`\b${CONFIGURATION}\s*\(?\s*group\s*[:=]\s*["']([^"']+)["']\s*,\s*name\s*[:=]\s*["']([^"']+)["'](?:\s*,\s*version\s*[:=]\s*["']([^"']+)["'])?`,
  'g',
);

function scopeOf(configuration: string): DependencyScope {
  if (/^(test|androidTest|integrationTest)/.test(configuration)) return 'test';
  if (/^(classpath|kapt|ksp|annotationProcessor|compileOnly)$/.test(configuration)) return 'build';
  return 'runtime';
}

function pluginMentions(script: string): Mention[] {
  const mentions: Mention[] = [];
  for (const match of script.matchAll(
    /\bid\s*\(?\s*["']([\w.-]+)["']\s*\)?(?:\s*version\s*\(?\s*["']([^"']+)["'])?/g,
  ))
    mentions.push({ key: 'maven', name: match[1]!, version: match[2] ?? null });
  for (const match of script.matchAll(
    /\bkotlin\s*\(\s*["']([\w.-]+)["']\s*\)(?:\s*version\s*["']([^"']+)["'])?/g,
  ))
    mentions.push({
      key: 'maven',
      name: `org.jetbrains.kotlin.${match[1]}`,
      version: match[2] ?? null,
    });
  for (const match of script.matchAll(/\bapply\s*\(?\s*plugin\s*[:=]\s*["']([\w.-]+)["']/g))
    mentions.push({ key: 'maven', name: match[1]! });
  return mentions;
}

function javaVersion(script: string): ManifestRuntime[] {
  const match =
    /JavaLanguageVersion\.of\s*\(\s*(\d+)/.exec(script) ??
    /jvmToolchain\s*\(?\s*(\d+)/.exec(script) ??
    /sourceCompatibility\s*=\s*(?:JavaVersion\.VERSION_)?["']?([\d._]+)/.exec(script);
  return match ? [{ name: 'java', version: match[1]!.replace(/_/g, '.') }] : [];
}

export const gradleReader: ManifestReader = {
  kind: 'gradle',
  ecosystem: 'jvm',
  dependencyKey: 'maven',
  matches: (_path, name) => name === 'build.gradle' || name === 'build.gradle.kts',
  read(source) {
    const script = stripComments(source, { slash: true });
    // Both notations, in file order.
    const matches = [...script.matchAll(STRING_NOTATION), ...script.matchAll(MAP_NOTATION)].sort(
      (a, b) => a.index - b.index,
    );
    const dependencies = matches.map((match) =>
      dependency(`${match[2]}:${match[3]}`, match[4], scopeOf(match[1]!)),
    );
    return { dependencies, mentions: pluginMentions(script), runtimes: javaVersion(script) };
  },
};

export const gradleSettingsReader: ManifestReader = {
  kind: 'gradle-settings',
  ecosystem: 'jvm',
  matches: (_path, name) => name === 'settings.gradle' || name === 'settings.gradle.kts',
  read(source) {
    const script = stripComments(source, { slash: true });
    const projects: string[] = [];
    for (const include of script.matchAll(/\binclude\s*\(?((?:\s*["'][^"']+["']\s*,?)+)\)?/g))
      for (const name of include[1]!.matchAll(/["']([^"']+)["']/g))
        projects.push(name[1]!.replace(/^:/, '').replace(/:/g, '/'));
    return {
      name: /rootProject\.name\s*=\s*["']([^"']+)["']/.exec(script)?.[1] ?? null,
      mentions: pluginMentions(script),
      workspace: projects.length
        ? { tool: 'gradle', patterns: projects, memberFile: null }
        : undefined,
    };
  },
};

/** gradle/libs.versions.toml: libraries and plugins with versions given inline or by reference. */
export const gradleCatalogReader: ManifestReader = {
  kind: 'gradle-version-catalog',
  ecosystem: 'jvm',
  dependencyKey: 'maven',
  matches: (path) =>
    path.endsWith('.versions.toml') && /(?:^|\/)gradle\/[^/]+\.versions\.toml$/.test(path),
  read(source) {
    const toml = parseToml(source);
    const versions = record(toml.versions);
    const versionOf = (spec: Record<string, unknown>): string | null => {
      const version = spec.version;
      const ref = text(record(version).ref);
      return text(version) ?? (ref ? text(versions[ref]) : null);
    };
    const dependencies = Object.values(record(toml.libraries)).flatMap(
      (spec): ManifestDependency[] => {
        if (typeof spec === 'string') {
          const [group, name, version] = spec.split(':');
          return group && name ? [dependency(`${group}:${name}`, version)] : [];
        }
        const table = record(spec);
        const module =
          text(table.module) ??
          (text(table.group) && text(table.name) ? `${table.group}:${table.name}` : null);
        return module ? [dependency(module, versionOf(table))] : [];
      },
    );
    const mentions = Object.values(record(toml.plugins)).flatMap((spec): Mention[] => {
      const table = record(spec);
      const [id, version] =
        typeof spec === 'string' ? spec.split(':') : [text(table.id), versionOf(table)];
      return id ? [{ key: 'maven', name: id, version: version ?? null }] : [];
    });
    return { dependencies, mentions };
  },
};
