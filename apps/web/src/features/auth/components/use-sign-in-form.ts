import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

/** A message per field; absent when the field is fine. Messages are untranslated contract texts. */
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

export type Validation<F extends string, T> =
  { ok: true; data: T } | { ok: false; errors: FieldMessages<F> };

type Validate<F extends string, T> = (values: Record<F, string>) => Validation<F, T>;

/**
 * Loads the validator once, when the visitor enters the form or at the latest on the first
 * submit, so zod stays off the sign-in pages' first load (the login page's budget). A failed load is
 * forgotten, so the next attempt tries again.
 */
export function lazyValidator<F extends string, T>(load: () => Promise<Validate<F, T>>) {
  let loading: Promise<Validate<F, T>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return { get, preload: () => void get().catch(() => undefined) };
}

function valuesOf<F extends string>(
  form: HTMLFormElement,
  fields: readonly F[],
): Record<F, string> {
  const data = new FormData(form);
  const values = {} as Record<F, string>;
  for (const field of fields) {
    const value = data.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/**
 * The two sign-in forms' state without a form library (react-hook-form was 13 KB of
 * the login page). It keeps what that library gave them: nothing is said before the first
 * submit; a submit shows every field's message and focuses the first wrong field; after it, each
 * edit re-checks the field edited; server answers can be set on a field; the submit button knows
 * while the form is busy. The inputs stay uncontrolled and are read from the form, so browser
 * autofill counts.
 */
export function useSignInForm<F extends string, T>(
  fields: readonly F[],
  validation: ReturnType<typeof lazyValidator<F, T>>,
) {
  const [errors, setErrors] = useState<FieldMessages<F>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);

  const setError = useCallback(
    (field: F, message: string) => setErrors((current) => ({ ...current, [field]: message })),
    [],
  );

  /** After the first submit, an edit re-checks that field alone, as the visitor types. */
  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const { form, name } = event.target;
      if (!submitted.current || !form) return;
      const field = name as F;
      void validation.get().then((validate) => {
        const result = validate(valuesOf(form, fields));
        const message = result.ok ? undefined : result.errors[field];
        setErrors((current) => ({ ...current, [field]: message }));
      });
    },
    [fields, validation],
  );

  const handleSubmit = (onValid: (data: T) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    submitted.current = true;
    setSubmitting(true);
    try {
      const result = (await validation.get())(valuesOf(form, fields));
      setErrors(result.ok ? {} : result.errors);
      if (result.ok) await onValid(result.data);
      else {
        const first = fields.find((field) => result.errors[field] !== undefined);
        const input = first ? form.elements.namedItem(first) : null;
        if (input instanceof HTMLElement) input.focus();
      }
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: F) => ({ name, onChange, defaultValue: '' });
  return { errors, isSubmitting, setError, handleSubmit, field, preload: validation.preload };
}
