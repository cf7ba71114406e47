/**
 * Whether `name` is a branch name git accepts, following `git check-ref-format --branch` (git 2.39):
 * the rules of git-check-ref-format(1) applied to `refs/heads/<name>`, plus "not starting with '-'"
 * and "not HEAD". Tests compare this function with the real git for many generated names.
 */
export function isValidBranchName(name: string): boolean {
  if (name.length === 0 || name.length > 255) return false;
  if (name.startsWith('-') || name === 'HEAD') return false;
  if (name.endsWith('/') || name.endsWith('.') || name.startsWith('/')) return false;
  if (name.includes('..') || name.includes('@{') || name.includes('//')) return false;
  // Control characters, DEL, space and the characters git reserves for revision syntax.
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) return false;
  return name
    .split('/')
    .every((part) => part.length > 0 && !part.startsWith('.') && !part.endsWith('.lock'));
}
