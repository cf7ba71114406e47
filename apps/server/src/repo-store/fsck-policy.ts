/**
 * The object checks every fetch runs (`transfer.fsckObjects`), and the ones it does not.
 *
 * git checks each received object; with fsckObjects on, even its warnings refuse the whole pack.
 * Many popular repositories carry harmless quirks from old tools in their history (flask:
 * zeroPaddedFilemode, rails and requests: badTimezone), which GitHub accepts, so those checks are
 * set to `ignore` one by one (`fetch.fsck.<msg-id>`). Everything else stays an error, above all the
 * checks that guard paths and submodules (gitmodulesUrl, gitmodulesPath, gitmodulesName, hasDotgit,
 * hasDotdot, hasDot, fullPathname, …) and the structural ones (badTree, treeNotSorted,
 * duplicateEntries, missing objects). Message ids and default severities: git's fsck.h and
 * Documentation/fsck-msgids; docs/repository-store.md (Object checks) has the reasoning.
 */
export const IGNORED_FSCK_CHECKS = [
  // Author, committer and tagger lines written by old or odd tools: the history analysis reads
  // them leniently, and nothing here acts on an identity or a date.
  'badDate',
  'badDateOverflow',
  'badEmail',
  'badName',
  'badTimezone',
  'emptyName',
  'missingEmail',
  'missingNameBeforeEmail',
  'missingSpaceBeforeDate',
  'missingSpaceBeforeEmail',
  'multipleAuthors',
  'zeroPaddedDate',
  // A NUL byte in a commit message after the headers: shown as text, never parsed further.
  'nulInCommit',
  // Tree modes written as "040000" by old git versions: the mode is still read correctly.
  'zeroPaddedFilemode',
] as const;

/** The `git -c` pairs that turn object checking on, with the quirks above ignored. */
export function fsckConfig(): Array<[string, string]> {
  return [
    ['transfer.fsckObjects', 'true'],
    ...IGNORED_FSCK_CHECKS.map((check): [string, string] => [`fetch.fsck.${check}`, 'ignore']),
  ];
}
