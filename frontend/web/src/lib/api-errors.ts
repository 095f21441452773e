//! The one path from a server error to the screen: its status, its own text, its field errors
//! under a form's fields, and the failure toast of a mutation (docs/product.md#errors).
import { ApiError } from '@grace-stories/sdk/react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@/hooks/use-toast';
import { isSentToSignIn } from './unauthorized';

/** The HTTP status of a server's answer, or null when nothing answered (the network error). */
export function httpStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** The `message` field of an error answer's body, or null when there is none. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body: unknown = error.body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  return null;
}

/**
 * Puts a 400 answer's field errors (`{"errors": [{field, message}]}`) under the form's fields
 * that carry those names; errors of other fields are ignored. Returns how many were shown.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): number {
  if (!(error instanceof ApiError)) return 0;
  let first: string | null = null;
  for (const { field, message } of error.fieldErrors) {
    const name = fields.find((f) => f === field);
    if (name) {
      setError(name, { type: 'server', message });
      first ??= name;
    }
  }
  if (first) revealField(first);
  return first ? error.fieldErrors.filter(({ field }) => fields.some((f) => f === field)).length : 0;
}

/**
 * Focuses the first refused field and scrolls it to the middle of the window, clear of the
 * sticky header and of the toast that reports the failure at the top of a phone's screen.
 */
function revealField(name: string): void {
  const element = document.querySelector<HTMLElement>(`[name="${name}"]`);
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}

/** A form that shows the server's field errors under the fields of these names. */
export type ServerFieldsForm<T extends FieldValues> = {
  setError: UseFormSetError<T>;
  fields: readonly Path<T>[];
};

export type MutationErrorToast<T extends FieldValues> = {
  /** The toast's title; 'Error' unless the screen has its own ('Login failed', 'Upload failed'). */
  title?: string;
  /** The screen's failure text (the product's 'Failed to ...'); without it, the error's own text. */
  text?: string;
  /**
   * A 403 or 409 explains itself (a story already waiting for review, an account pending
   * approval): its text is appended, 'Failed to publish story. 409: This story is already ...'.
   */
  explainRefusal?: boolean;
  /** The form whose fields take a 400 answer's field errors (the toast is shown as well). */
  form?: ServerFieldsForm<T>;
};

/**
 * A failed mutation: the server's field errors go under the form's fields, and a destructive
 * toast says what failed. A 401 shows nothing here: the QueryClient's `MutationCache` has already
 * sent the visitor to sign in (`signInAgain`), and a second toast would replace its 'Unauthorized'.
 */
export function showMutationError<T extends FieldValues = FieldValues>(
  error: unknown,
  { title = 'Error', text, explainRefusal = false, form }: MutationErrorToast<T> = {},
): void {
  if (isSentToSignIn(error)) return;
  if (form) showServerFieldErrors(error, form.fields, form.setError);
  const status = httpStatus(error);
  const own = error instanceof Error ? error.message : String(error);
  const refusal = explainRefusal && (status === 403 || status === 409);
  const description = text === undefined ? own : refusal ? `${text}. ${own}` : text;
  toast({ title, description, variant: 'destructive' });
}
