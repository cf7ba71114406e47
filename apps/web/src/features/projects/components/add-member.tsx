import { lazy, Suspense, useEffect, useState } from 'react';
import { afterPageSettles } from '../../../lib/after-page-settles';
import { MemberFormLayout, type MemberField } from './member-form-layout';

const loadAddMemberForm = () => import('./add-member-form');
const AddMemberForm = lazy(async () => ({ default: (await loadAddMemberForm()).AddMemberForm }));

/**
 * The project page's add-member form, without the form library on the page's critical path (an
 * 18 KB brotli chunk with the dialog; a phone's Lighthouse run counts every request begun before
 * the page's largest paint). Until that code has arrived, a read-only stand-in that
 * looks the same holds the place: nothing can be typed into it and lost. The code is fetched once
 * the page has settled, or at once when the user reaches a field (which then keeps the focus) or
 * presses the button (the name field, empty, then has it).
 */
export function AddMember({ projectId }: { projectId: string }) {
  // null while only the stand-in is shown; then the form, with the field the user had reached.
  const [wanted, setWanted] = useState<{ focus?: MemberField } | null>(null);
  useEffect(() => afterPageSettles(() => setWanted((current) => current ?? {})), []);

  const standIn = (
    <MemberFormLayout
      waiting
      control={(field) => ({ readOnly: true, onFocus: () => setWanted({ focus: field }) })}
      // Pressing "add" before the form is there: the form, with the name field to fill first.
      onSubmit={(event) => {
        event.preventDefault();
        setWanted({ focus: 'name' });
      }}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AddMemberForm projectId={projectId} focusOnMount={wanted.focus} />
    </Suspense>
  );
}
