import { schemas } from '@grace-stories/sdk/react';
import { changeOwnPasswordSchema, profileSchema } from './account-schemas';

// The account forms take their limits from the generated schemas, like sign-up.

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

it('the account forms use the same limits', () => {
  const profile = { firstName: 'Ruth', lastName: 'Moab', username: 'ruth', profileImageUrl: '' };
  expect(
    messages(profileSchema.safeParse({ ...profile, lastName: 'x'.repeat(schemas.updateProfileBodyLastNameMax + 1) })),
  ).toEqual(['Last name must be at most 100 characters']);
  const long = 'x'.repeat(schemas.changeOwnPasswordBodyNewPasswordMax + 1);
  expect(
    messages(changeOwnPasswordSchema.safeParse({ currentPassword: 'old', newPassword: long, confirmPassword: long })),
  ).toEqual(['Password must be at most 128 characters']);
});
