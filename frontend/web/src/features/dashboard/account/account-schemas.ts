//! The rules of the account forms (Profile Settings, Security, Delete my account): the server's
//! limits from the generated schemas, with the server's messages; its field errors are shown too.
import { schemas } from '@grace-stories/sdk/react';
import { z } from 'zod';
import { newPassword, requiredText } from '@/lib/form-rules';

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

export const profileSchema = z.object({
  firstName: requiredText(schemas.updateProfileBodyFirstNameMax, {
    required: 'First name is required',
    tooLong: `First name must be at most ${schemas.updateProfileBodyFirstNameMax} characters`,
  }),
  lastName: requiredText(schemas.updateProfileBodyLastNameMax, {
    required: 'Last name is required',
    tooLong: `Last name must be at most ${schemas.updateProfileBodyLastNameMax} characters`,
  }),
  // Google accounts may start without a username; once set it cannot be blanked again.
  username: z
    .string()
    .trim()
    .max(
      schemas.updateProfileBodyUsernameMax,
      `Username must be at most ${schemas.updateProfileBodyUsernameMax} characters`,
    ),
  profileImageUrl: z
    .string()
    .trim()
    .max(schemas.updateProfileBodyProfileImageUrlMax, 'Profile image URL must be at most 2,048 characters')
    .refine((value) => value === '' || isHttpsUrl(value), 'Profile image must be an https:// address'),
});
export type ProfileValues = z.infer<typeof profileSchema>;

export const changeOwnPasswordSchema = schemas.changeOwnPasswordBody
  .extend({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: newPassword({
      min: schemas.changeOwnPasswordBodyNewPasswordMin,
      max: schemas.changeOwnPasswordBodyNewPasswordMax,
    }),
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
