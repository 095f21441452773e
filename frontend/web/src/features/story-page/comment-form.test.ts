import type { Resolver } from 'react-hook-form';
import type { CommentValues } from './comment-rules';
import { rulesResolver } from './comment-form';

// The form's rules come in a module of their own, loaded when someone starts on the form
// (comment-form.tsx): what the form does when they come, and when they cannot be loaded.
const values: CommentValues = { authorName: 'Ruth', authorEmail: '', content: 'Amen.' };
const check = (resolver: Resolver<CommentValues>) =>
  resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the comment form’s rules', () => {
  it('check the form with the rules once they are loaded', async () => {
    const result = await check(rulesResolver(() => import('./comment-rules')));
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(values);
  });

  it('refuse the form with a form-wide error when the rules cannot be loaded', async () => {
    const result = await check(rulesResolver(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(result.values).toEqual({});
    expect(result.errors.root?.message).toBe('Failed to submit comment. Please try again.');
  });
});
