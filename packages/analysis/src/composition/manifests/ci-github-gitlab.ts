import { ciSystemOf } from '../../facts/ci-files.js';
import { text, type ManifestReader } from './types.js';
import { ciDocument, ciFacts, imageOf, listOf, mapOf } from './ci-summary.js';

/** `actions/checkout@v4` → `actions/checkout`; `docker://alpine:3` is an image, not an action. */
function actionName(uses: string): string {
  return uses.split('@')[0]!;
}

export const githubActionsReader: ManifestReader = {
  kind: 'github-actions',
  ecosystem: 'ci',
  matches: (path) => ciSystemOf(path) === 'github-actions',
  read(source) {
    const workflow = ciDocument(source);
    const on = workflow.on;
    const triggers =
      typeof on === 'string' ? [on] : Array.isArray(on) ? on.map(String) : Object.keys(mapOf(on));
    const jobs = Object.entries(mapOf(workflow.jobs));
    const actions: string[] = [];
    const images: string[] = [];
    for (const [, spec] of jobs) {
      const job = mapOf(spec);
      const uses = [text(job.uses), ...listOf(job.steps).map((step) => text(mapOf(step).uses))];
      for (const use of uses.filter((item): item is string => !!item)) {
        if (use.startsWith('docker://')) images.push(use.slice('docker://'.length));
        else actions.push(actionName(use));
      }
      const container = imageOf(job.container);
      if (container) images.push(container);
      for (const service of Object.values(mapOf(job.services))) {
        const image = imageOf(service);
        if (image) images.push(image);
      }
    }
    return ciFacts({
      name: text(workflow.name),
      jobs: jobs.map(([id, spec]) => text(mapOf(spec).name) ?? id),
      actions,
      triggers,
      images,
    });
  },
};

/** Top-level keys of .gitlab-ci.yml that are settings, not jobs. */
const GITLAB_RESERVED = new Set([
  'image',
  'services',
  'stages',
  'types',
  'before_script',
  'after_script',
  'variables',
  'cache',
  'include',
  'default',
  'workflow',
  'spec',
]);

export const gitlabCiReader: ManifestReader = {
  kind: 'gitlab-ci',
  ecosystem: 'ci',
  matches: (path) => ciSystemOf(path) === 'gitlab-ci',
  read(source) {
    const pipeline = ciDocument(source);
    // Keys starting with a dot are templates for `extends`, not jobs.
    const jobs = Object.entries(pipeline).filter(
      ([key, value]) => !GITLAB_RESERVED.has(key) && !key.startsWith('.') && mapOf(value) === value,
    );
    const images: Array<string | null> = [
      imageOf(pipeline.image),
      imageOf(mapOf(pipeline.default).image),
    ];
    const services = [...listOf(pipeline.services), ...listOf(mapOf(pipeline.default).services)];
    for (const [, spec] of jobs) {
      const job = mapOf(spec);
      images.push(imageOf(job.image));
      services.push(...listOf(job.services));
    }
    images.push(...services.map(imageOf));
    const includes = Array.isArray(pipeline.include) ? pipeline.include : [pipeline.include];
    const actions = includes.flatMap((include) => {
      const entry = mapOf(include);
      const name = text(entry.component) ?? text(entry.template);
      return name ? [name.split('@')[0]!] : [];
    });
    return ciFacts({
      name: text(mapOf(pipeline.workflow).name),
      jobs: jobs.map(([id]) => id),
      actions,
      images: images.filter((image): image is string => !!image),
    });
  },
};
