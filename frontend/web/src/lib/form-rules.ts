//! zod rules shared by the public forms, with the messages the server gives for the same
//! rules (domain/src/validation), so a message reads the same whichever side catches it.
import { z } from 'zod';

export const EMAIL_INVALID = 'Please enter a valid email address';
export const EMAIL_TOO_LONG = 'Email must be at most 255 characters';
const EMAIL_MAX = 255;

const isEmail = (value: string) => z.email().safeParse(value).success;

/** A required e-mail address (trimmed); blank reads as not valid, as on the server. */
export function emailAddress() {
  return z.string().trim().max(EMAIL_MAX, EMAIL_TOO_LONG).refine(isEmail, EMAIL_INVALID);
}

/** An optional e-mail address: blank means none, anything else must be an address. */
export function optionalEmailAddress() {
  return z
    .string()
    .trim()
    .max(EMAIL_MAX, EMAIL_TOO_LONG)
    .refine((value) => value === '' || isEmail(value), EMAIL_INVALID);
}

/**
 * A new password: the server's limits (from openapi.json, through the generated schemas) with
 * the server's messages.
 */
export function newPassword(limits: { min: number; max: number }) {
  return z
    .string()
    .min(limits.min, `Password must be at least ${limits.min} characters`)
    .max(limits.max, `Password must be at most ${limits.max} characters`);
}

/** Required text (trimmed) of at most `max` characters. */
export function requiredText(max: number, messages: { required: string; tooLong: string }) {
  return z.string().trim().min(1, messages.required).max(max, messages.tooLong);
}
