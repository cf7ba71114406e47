import type { ProjectFormValues } from './project-form-schema';

/**
 * What was typed into a project form that closed without Save or Cancel (Escape, a click outside,
 * the dialog's ×): kept for this page's life and given back when the same form opens again, so a
 * stray key or click never loses a description or a list of repositories. Cancel and a save
 * discard it. In memory only: a reload starts clean, as the user expects of a reload.
 */
const drafts = new Map<string, ProjectFormValues>();

export const projectFormDraft = (key: string): ProjectFormValues | undefined => drafts.get(key);

/** Forms closing by Save or Cancel: their values are not a draft when they unmount. */
const settled = new Set<string>();

/** Cancel or Save: the draft goes, and the form's closing keeps nothing. */
export function settleProjectFormDraft(key: string): void {
  drafts.delete(key);
  settled.add(key);
}

/** A save that failed: the form stays open and is a draft again. */
export function unsettleProjectFormDraft(key: string): void {
  settled.delete(key);
}

/** The form closes: a settled one keeps nothing; a changed one keeps its values. */
export function closeProjectFormDraft(key: string, values: ProjectFormValues, changed: boolean) {
  if (settled.delete(key) || !changed) drafts.delete(key);
  else drafts.set(key, values);
}

/** For tests: every test starts without drafts. */
export function clearProjectFormDrafts(): void {
  drafts.clear();
  settled.clear();
}
