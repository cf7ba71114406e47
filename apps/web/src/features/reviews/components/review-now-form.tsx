import { ScanSearch } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, SelectField } from '../../../components/ui/field';
import { useRequestReview } from '../api/request-review';

/** "Review now" for a pull request chosen by repository and number (open ones, as GitHub numbers them). */
export function ReviewNowForm({
  projectId,
  repositories,
}: {
  projectId: string;
  /** The project's GitHub repositories, `owner/repo`. */
  repositories: string[];
}) {
  const { t } = useTranslation();
  const mutation = useRequestReview(projectId);
  const [repository, setRepository] = useState(repositories[0] ?? '');
  const [number, setNumber] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(number);
    if (!Number.isInteger(value) || value < 1 || value > 2_147_483_647) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    mutation.mutate({ repository, number: value });
  };
  return (
    <Card className="p-4">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={submit}
        aria-labelledby="review-now-title"
        noValidate
        data-testid="review-now-form"
      >
        <h3 id="review-now-title" className="sr-only">
          {t('reviews.reviewNow.formTitle')}
        </h3>
        {repositories.length > 1 && (
          <SelectField
            label={t('reviews.reviewNow.repository')}
            value={repository}
            onChange={(event) => setRepository(event.target.value)}
            className="sm:min-w-48"
          >
            {repositories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
        )}
        <Field
          label={
            repositories.length > 1
              ? t('reviews.reviewNow.number')
              : `${t('reviews.reviewNow.number')} (${repository})`
          }
          inputMode="numeric"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          error={invalid ? t('reviews.reviewNow.invalidNumber') : undefined}
          className="sm:w-56"
        />
        <Button type="submit" disabled={mutation.isPending} className="self-start sm:self-end">
          <ScanSearch className="size-4" aria-hidden="true" />
          {t('reviews.reviewNow.submit')}
        </Button>
      </form>
    </Card>
  );
}
