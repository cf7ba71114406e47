import type { TeamMember } from '@rota/contracts';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import { useRemoveMember } from '../api/remove-member';

/** Asks before a member leaves the team. Its own chunk with the dialog (project-members-section.tsx). */
export function RemoveMemberModal({
  projectId,
  member,
  onClose,
}: {
  projectId: string;
  member: TeamMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { mutate, isPending } = useRemoveMember(projectId);
  return (
    <Modal
      open={member !== null}
      onOpenChange={(open) => !open && !isPending && onClose()}
      title={t('projects.removeMember.title')}
      description={member ? t('projects.removeMember.description', { name: member.name }) : ''}
      footer={
        <>
          <Button variant="secondary" data-autofocus onClick={onClose} disabled={isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={isPending}
            aria-busy={isPending}
            onClick={() =>
              member &&
              mutate(member.id, {
                onSuccess: () => {
                  notify.success(t('projects.removeMember.success', { name: member.name }));
                  onClose();
                },
                onError: (error) => {
                  const { title, detail } = describeFailure(
                    t,
                    'projects.removeMember.failed',
                    toApiError(error),
                  );
                  notify.error(title, detail ? { description: detail } : {});
                },
              })
            }
          >
            {isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
            {t('projects.removeMember.confirm')}
          </Button>
        </>
      }
    />
  );
}
