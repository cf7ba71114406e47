import { ciSystemOf } from '../../facts/ci-files.js';
import type { Mention } from '../frameworks.js';
import { ParseFailure } from '../parsers/parse-failure.js';
import { stripComments } from '../parsers/strip-comments.js';
import type { YamlValue } from '../parsers/yaml.js';
import { text, type ManifestReader } from './types.js';
import { ciDocument, ciFacts, imageOf, listOf, mapOf } from './ci-summary.js';

export const circleCiReader: ManifestReader = {
  kind: 'circleci',
  ecosystem: 'ci',
  matches: (path) => ciSystemOf(path) === 'circleci',
  read(source) {
    const config = ciDocument(source);
    const jobs = Object.keys(mapOf(config.jobs));
    // Orbs are CircleCI's reusable packages: `node: circleci/node@5.1` names circleci/node.
    const orbs = Object.values(mapOf(config.orbs))
      .map((orb) => (typeof orb === 'string' ? orb.split('@')[0]! : null))
      .filter((orb): orb is string => !!orb);
    const images = [
      ...Object.values(mapOf(config.jobs)),
      ...Object.values(mapOf(config.executors)),
    ].flatMap((spec) => listOf(mapOf(spec).docker).map(imageOf));
    const workflows = Object.keys(mapOf(config.workflows)).filter((key) => key !== 'version');
    return ciFacts({
      jobs,
      actions: orbs,
      triggers: workflows.length ? ['push'] : [],
      images: images.filter((image): image is string => !!image),
    });
  },
};

/** Every step list below an Azure pipeline's stages and jobs (a template may nest them freely). */
function azureJobs(value: YamlValue | undefined, jobs: string[], tasks: string[], level = 0): void {
  if (level > 6) return;
  for (const item of listOf(value)) {
    const entry = mapOf(item);
    if (entry.stage !== undefined) azureJobs(entry.jobs, jobs, tasks, level + 1);
    else if (entry.job !== undefined || entry.deployment !== undefined) {
      jobs.push(text(entry.displayName) ?? text(entry.job) ?? text(entry.deployment) ?? 'job');
      azureSteps(entry.steps, tasks);
      azureSteps(mapOf(mapOf(mapOf(entry.strategy).runOnce).deploy).steps, tasks);
    }
  }
}

function azureSteps(value: YamlValue | undefined, tasks: string[]): void {
  for (const step of listOf(value)) {
    const task = text(mapOf(step).task);
    if (task) tasks.push(task.split('@')[0]!);
  }
}

export const azurePipelinesReader: ManifestReader = {
  kind: 'azure-pipelines',
  ecosystem: 'ci',
  matches: (path) => ciSystemOf(path) === 'azure-pipelines',
  read(source) {
    const pipeline = ciDocument(source);
    const jobs: string[] = [];
    const tasks: string[] = [];
    azureJobs(pipeline.stages, jobs, tasks);
    azureJobs(pipeline.jobs, jobs, tasks);
    if (pipeline.steps !== undefined) {
      jobs.push('job');
      azureSteps(pipeline.steps, tasks);
    }
    const triggers = [
      ...(pipeline.trigger !== undefined ? ['push'] : []),
      ...(pipeline.pr !== undefined ? ['pull_request'] : []),
      ...(pipeline.schedules !== undefined ? ['schedule'] : []),
    ];
    const images = [
      imageOf(pipeline.container),
      ...listOf(mapOf(pipeline.resources).containers).map(imageOf),
    ];
    return ciFacts({
      name: text(pipeline.name),
      jobs,
      actions: tasks,
      triggers,
      images: images.filter((image): image is string => !!image),
    });
  },
};

export const travisReader: ManifestReader = {
  kind: 'travis',
  ecosystem: 'ci',
  matches: (path) => ciSystemOf(path) === 'travis',
  read(source) {
    const config = ciDocument(source);
    const include = listOf(mapOf(config.jobs).include ?? mapOf(config.matrix).include);
    const jobs = include.length
      ? include.map((job, i) => text(mapOf(job).name) ?? text(mapOf(job).stage) ?? `job ${i + 1}`)
      : config.script !== undefined || config.language !== undefined
        ? ['build']
        : [];
    // `services: [postgresql, redis-server]` starts those servers for the build.
    const services = (Array.isArray(config.services) ? config.services : [config.services])
      .map((service) => text(service))
      .filter((service): service is string => !!service);
    // `language: node_js` with `node_js: [18, 20]` asks for those runtime versions.
    const language = text(config.language);
    const versions = language ? [config[language]].flat().map((version) => text(version)) : [];
    return {
      ...ciFacts({
        jobs,
        triggers: ['push'],
        mentions: services.map((name): Mention => ({ key: 'image', name })),
      }),
      runtimes: versions
        .filter((version): version is string => !!version)
        .map((version) => ({ name: language!, version })),
    };
  },
};

export const bitbucketReader: ManifestReader = {
  kind: 'bitbucket-pipelines',
  ecosystem: 'ci',
  matches: (path) => ciSystemOf(path) === 'bitbucket-pipelines',
  read(source) {
    const config = ciDocument(source);
    const pipelines = mapOf(config.pipelines);
    const steps: YamlValue[] = [];
    const collect = (value: YamlValue | undefined, level: number): void => {
      if (level > 6) return;
      for (const item of listOf(value)) {
        const entry = mapOf(item);
        if (entry.step !== undefined) steps.push(entry.step);
        else if (entry.parallel !== undefined)
          collect(mapOf(entry.parallel).steps ?? entry.parallel, level + 1);
        else if (entry.stage !== undefined) collect(mapOf(entry.stage).steps, level + 1);
      }
    };
    collect(pipelines.default, 0);
    for (const key of ['branches', 'pull-requests', 'tags', 'custom', 'bookmarks'])
      for (const list of Object.values(mapOf(pipelines[key]))) collect(list, 0);
    const images = [
      imageOf(config.image),
      ...steps.map((step) => imageOf(mapOf(step).image)),
      ...Object.values(mapOf(mapOf(config.definitions).services)).map((service) =>
        imageOf(mapOf(service).image),
      ),
    ];
    return ciFacts({
      jobs: steps.map((step, i) => text(mapOf(step).name) ?? `step ${i + 1}`),
      triggers: Object.keys(pipelines),
      images: images.filter((image): image is string => !!image),
    });
  },
};

/** Jenkinsfiles are Groovy; stages, agents' images and triggers are read with patterns, never run. */
export const jenkinsReader: ManifestReader = {
  kind: 'jenkins',
  ecosystem: 'ci',
  matches: (path) => ciSystemOf(path) === 'jenkins',
  read(source) {
    const script = stripComments(source, { slash: true });
    if (!/\b(pipeline|node|stage)\s*[({]/.test(script))
      throw new ParseFailure('no pipeline, node or stage block');
    const unquoted = script.replace(/(["'])(?:[^"'\\\n]|\\.)*?\1/g, '""');
    if ((unquoted.match(/\{/g)?.length ?? 0) !== (unquoted.match(/\}/g)?.length ?? 0))
      throw new ParseFailure('unbalanced braces');
    const stages = [...script.matchAll(/\bstage\s*\(\s*(["'])(.+?)\1/g)].map((match) => match[2]!);
    const images = [
      ...script.matchAll(/\bdocker\s*\{[^}]*?\bimage\s+(["'])(.+?)\1/g),
      ...script.matchAll(/\bdocker\s+(["'])(.+?)\1/g),
      ...script.matchAll(/docker\.image\s*\(\s*(["'])(.+?)\1/g),
    ].map((match) => match[2]!);
    const triggersBlock = /\btriggers\s*\{([^}]*)\}/.exec(script)?.[1] ?? '';
    const triggers = [
      ...triggersBlock.matchAll(/\b(cron|pollSCM|upstream|githubPush|GenericTrigger)\b/g),
    ].map((match) => match[1]!);
    return ciFacts({ jobs: stages, images, triggers });
  },
};
