//! The comment form's rules: the generated body without its honeypot, with the server's rules and
//! messages (domain/src/validation/comment.rs): a blank e-mail means none, any other must be an
//! address. A module of its own, which the form loads after it is on screen (comment-form.tsx).
import { zodResolver } from '@hookform/resolvers/zod';
import { createCommentBody } from '@grace-stories/sdk/zod';
import type { z } from 'zod';
import { optionalEmailAddress, requiredText } from '@/lib/form-rules';

const commentSchema = createCommentBody.omit({ website: true }).extend({
  authorName: requiredText(100, { required: 'Name is required', tooLong: 'Name must be at most 100 characters' }),
  authorEmail: optionalEmailAddress(),
  content: requiredText(5_000, {
    required: 'Comment is required',
    tooLong: 'Comment must be at most 5,000 characters',
  }),
});

export type CommentValues = z.infer<typeof commentSchema>;

export const commentResolver = zodResolver(commentSchema);
