//! The rules of the account forms (Profile Settings, Security, Delete my account), with sign-up's
//! messages where the rule is sign-up's; the server checks the same and its field errors are shown too.
import { schemas } from '@grace-stories/sdk/react';
import { z } from 'zod';

const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

export const profileSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required'),
  lastName: z.string().trim().min(1, 'Last name is required'),
  // Google accounts may start without a username; once set it cannot be blanked again.
  username: z.string().trim(),
  profileImageUrl: z
    .string()
    .trim()
    .refine((value) => value === '' || isHttpsUrl(value), 'Profile image must be an https:// address'),
});
export type ProfileValues = z.infer<typeof profileSchema>;

export const changeOwnPasswordSchema = schemas.changeOwnPasswordBody
  .extend({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(6, PASSWORD_TOO_SHORT),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'New passwords do not match',
  });
export type ChangeOwnPasswordValues = z.infer<typeof changeOwnPasswordSchema>;

/** What the person types to confirm the deletion. */
export const DELETE_CONFIRMATION = 'DELETE';

export function deleteAccountSchema(needsPassword: boolean) {
  return z.object({
    confirmation: z
      .string()
      .refine((value) => value.trim() === DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} to confirm`),
    password: needsPassword ? z.string().min(1, 'Enter your password') : z.string(),
    stories: z.enum(['delete', 'keep'], { error: 'Choose what happens to your stories' }),
  });
}
export type DeleteAccountValues = z.infer<ReturnType<typeof deleteAccountSchema>>;
