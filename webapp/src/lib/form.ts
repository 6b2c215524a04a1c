import type { UseFormReturnType } from '@mantine/form';
import type { FormEvent } from 'react';
import { errorMessage, fieldErrors } from './api-client';
import { notifyError } from './notify';

/**
 * The one way a webapp form is submitted. Forms hold their state in `@mantine/form`
 * (`useForm({ mode: 'controlled', initialValues, validate })`, inputs spread
 * `form.getInputProps('field')`); `submitWith` turns an action into the form's onSubmit:
 *
 *   <form onSubmit={submitWith(form, (values) => mutation.mutateAsync(values), {
 *     fallback: 'Failed to send message',
 *     onSuccess: () => form.reset(),
 *   })} noValidate>
 *
 * - the form's own `validate` rules run first; on failure nothing is sent and the first
 *   invalid field takes the focus;
 * - while the action runs, `form.submitting` is true (for the button's `loading`);
 * - when the server refuses with `{"message", "errors": {field: msg}}` (the ky client's
 *   ApiError), each message shows under its input, the message (or `fallback`) is a toast,
 *   and the first invalid field takes the focus.
 */
export interface SubmitOptions<Result> {
  /** Toast text when the server sends no message (network errors, empty bodies). */
  fallback: string | ((error: unknown) => string);
  /** The error toast's title (default 'Error', spec §8). */
  errorTitle?: string;
  onSuccess?: (result: Result) => void;
  /** Server field names that differ from the form's paths: `{ images: 'photos' }`. */
  fieldPaths?: Record<string, string>;
  /** Skip the toast (a page that shows the error itself). */
  quiet?: boolean;
  /** More field errors read from a failure (e.g. a 409 that belongs under one input). */
  moreFieldErrors?: (error: unknown, message: string) => Record<string, string>;
  /** Runs before the first invalid field is focused (e.g. leave a preview to show inputs). */
  onInvalid?: () => void;
}

/** How long focusFirstInvalid waits for React to draw the errors: tries, and ms between. */
const FOCUS_TRIES = 20;
const FOCUS_RETRY_MS = 25;

/**
 * Puts the keyboard on the first field marked invalid (in page order), once React has drawn
 * the errors. Inputs mark themselves with `aria-invalid`; a custom control (the photo
 * picker's button) with `data-invalid`. Errors set after an `await` (a server's answer) are
 * drawn by React's scheduler, which may run after a timer of 0 ms: until a field is marked,
 * it looks again, for at most half a second.
 */
export function focusFirstInvalid(root?: ParentNode | null, tries = FOCUS_TRIES): void {
  setTimeout(
    () => {
      const scope = root ?? document;
      const target = scope.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
      if (!target) {
        if (tries > 1) focusFirstInvalid(root, tries - 1);
        return;
      }
      target.focus();
      target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    },
    tries === FOCUS_TRIES ? 0 : FOCUS_RETRY_MS,
  );
}

/** Server field errors re-keyed to form paths, for `form.setErrors`. */
export function serverFieldErrors(
  error: unknown,
  fieldPaths: Record<string, string> = {},
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors(error)).map(([field, message]) => [fieldPaths[field] ?? field, message]),
  );
}

/** The onSubmit handler for `form` that runs `action` with its (transformed) values. */
export function submitWith<Values, Submitted, Result>(
  form: UseFormReturnType<Values, Submitted>,
  action: (values: Submitted) => Promise<Result>,
  options: SubmitOptions<Result>,
): (event?: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    event?.preventDefault();
    const root = event?.currentTarget ?? null; // read now: React clears it after dispatch
    const invalid = () => {
      options.onInvalid?.();
      focusFirstInvalid(root);
    };
    form.onSubmit(async (values) => {
      let result: Result;
      try {
        result = await action(values);
      } catch (error) {
        const { fallback } = options;
        const message = errorMessage(error, typeof fallback === 'function' ? fallback(error) : fallback);
        if (!options.quiet) notifyError(message, options.errorTitle);
        const errors = {
          ...options.moreFieldErrors?.(error, message),
          ...serverFieldErrors(error, options.fieldPaths),
        };
        if (Object.keys(errors).length) {
          form.setErrors(errors);
          invalid();
        }
        return;
      }
      options.onSuccess?.(result);
    }, invalid)(event);
  };
}
