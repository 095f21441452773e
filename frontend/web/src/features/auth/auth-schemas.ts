//! Spec §5: the sign-in and sign-up rules with their exact messages, over the generated bodies.
import { schemas } from '@grace-stories/sdk/react';
import { z } from 'zod';

const email = z.string().trim().email('Please enter a valid email address');
const password = z.string().min(6, 'Password must be at least 6 characters');

export const loginSchema = schemas.loginBody.extend({ email, password });
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = schemas.registerBody.extend({
  firstName: z.string().trim().min(1, 'First name is required'),
  lastName: z.string().trim().min(1, 'Last name is required'),
  username: z.string().trim().min(1, 'Username is required'),
  email,
  password,
});
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = schemas.requestPasswordResetBody.extend({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** The new password twice, with sign-up's rule; the confirmation must match. */
export const resetPasswordSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
