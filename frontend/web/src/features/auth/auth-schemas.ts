//! docs/product.md#limits: the sign-in and sign-up rules with their exact messages, over the generated bodies.
import { schemas } from '@grace-stories/sdk/react';
import { z } from 'zod';
import { newPassword, requiredText } from '@/lib/form-rules';

const email = z.string().trim().email('Please enter a valid email address');
const password = newPassword({ min: schemas.registerBodyPasswordMin, max: schemas.registerBodyPasswordMax });

// Signing in checks only the length the server would accept at all, with sign-up's message.
export const loginSchema = schemas.loginBody.extend({
  email,
  password: z.string().min(schemas.registerBodyPasswordMin, 'Password must be at least 6 characters'),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = schemas.registerBody.extend({
  firstName: requiredText(schemas.registerBodyFirstNameMax, {
    required: 'First name is required',
    tooLong: `First name must be at most ${schemas.registerBodyFirstNameMax} characters`,
  }),
  lastName: requiredText(schemas.registerBodyLastNameMax, {
    required: 'Last name is required',
    tooLong: `Last name must be at most ${schemas.registerBodyLastNameMax} characters`,
  }),
  username: requiredText(schemas.registerBodyUsernameMax, {
    required: 'Username is required',
    tooLong: `Username must be at most ${schemas.registerBodyUsernameMax} characters`,
  }),
  email,
  password,
});
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = schemas.requestPasswordResetBody.extend({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** The new password twice, with sign-up's rule; the confirmation must match. */
export const resetPasswordSchema = z
  .object({
    password: newPassword({
      min: schemas.confirmPasswordResetBodyPasswordMin,
      max: schemas.confirmPasswordResetBodyPasswordMax,
    }),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
