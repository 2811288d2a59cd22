// Form state for the auth forms: values, zod field errors on submit, the server's refusal, and a busy flag.
import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from '../../lib/validation.ts';

export function useForm<Values extends Record<string, string>>(schema: z.ZodType<Values, Values>, initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  /** Validates, then runs the action with the parsed values; its error text is shown under the form. */
  const submit = (action: (parsed: Values) => Promise<void>) => async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const result = schema.safeParse(values);
    if (!result.success) {
      setErrors(fieldErrors(result.error));
      return;
    }
    setErrors({});
    setServerError(null);
    setBusy(true);
    try {
      await action(result.data);
    } finally {
      setBusy(false);
    }
  };

  /** A field the server refused, with its reason under that field. */
  const setFieldError = (name: keyof Values & string, message: string) => setErrors((e) => ({ ...e, [name]: message }));

  return { values, field, submit, busy, serverError, setServerError, setFieldError };
}
