import { schemas } from '@grace-stories/sdk/react';
import { registerSchema, resetPasswordSchema } from './auth-schemas';

// The forms take their limits from the generated schemas (openapi.json, which a server test ties
// to the domain), so a limit changed on the server reaches them with `just openapi`.

const person = {
  firstName: 'Ruth',
  lastName: 'Moab',
  username: 'ruth',
  email: 'ruth@example.org',
  password: 'secret1',
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

it('sign-up refuses names and passwords past the server limits, with its messages', () => {
  expect(registerSchema.safeParse(person).success).toBe(true);
  expect(
    messages(registerSchema.safeParse({ ...person, firstName: 'x'.repeat(schemas.registerBodyFirstNameMax + 1) })),
  ).toEqual(['First name must be at most 100 characters']);
  expect(
    messages(registerSchema.safeParse({ ...person, username: 'x'.repeat(schemas.registerBodyUsernameMax + 1) })),
  ).toEqual(['Username must be at most 50 characters']);
  expect(
    messages(registerSchema.safeParse({ ...person, password: 'x'.repeat(schemas.registerBodyPasswordMax + 1) })),
  ).toEqual(['Password must be at most 128 characters']);
  expect(messages(registerSchema.safeParse({ ...person, password: '12345' }))).toEqual([
    'Password must be at least 6 characters',
  ]);
  expect(messages(resetPasswordSchema.safeParse({ password: '123', confirmPassword: '123' }))).toEqual([
    'Password must be at least 6 characters',
  ]);
});
