//! The comment form under a story (docs/product.md#screens): name and content required, e-mail optional.
import { getListCommentsQueryKey, useCreateComment } from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { Textarea } from '@/components/ui/textarea';
import { showMutationError } from '@/lib/api-errors';
import type { CommentValues, commentResolver } from './comment-rules';

/** What a failed submission says (docs/product.md#errors). */
const FAILED = 'Failed to submit comment. Please try again.';

// The rules' code (the API's generated schemas for comments, built when their module runs) comes
// when someone starts on the form (a field or the button gets the focus), or at the latest when the
// form is checked: on a phone its module holds the main thread for 70-120 ms, which most readers,
// who read and leave, need not spend (docs/benchmarks.md, "Phones"). A load that failed (a dropped
// connection) is tried again at the next check.
let rules: Promise<{ commentResolver: typeof commentResolver }> | null = null;
const loadRules = () =>
  (rules ??= import('./comment-rules').catch((error: unknown) => {
    rules = null;
    throw error;
  }));

/**
 * Checks the form with the rules `load` brings; when they cannot be loaded, the form is not sent
 * and says so (a form-wide error, which the submission turns into the failure toast).
 */
export function rulesResolver(load: () => Promise<{ commentResolver: typeof commentResolver }>) {
  const resolver: Resolver<CommentValues> = async (values, context, options) => {
    const loaded = await load().catch(() => null);
    if (!loaded) return { values: {}, errors: { root: { type: 'unavailable', message: FAILED } } };
    return loaded.commentResolver(values, context, options);
  };
  return resolver;
}

const resolver = rulesResolver(loadRules);

/** Fields whose server errors (400) are shown under them. */
const SERVER_FIELDS = ['authorName', 'authorEmail', 'content'] as const;

const EMPTY: CommentValues = { authorName: '', authorEmail: '', content: '' };

export function CommentForm({ storyId }: { storyId: number }) {
  const queryClient = useQueryClient();
  const form = useForm<CommentValues>({ resolver, defaultValues: EMPTY });
  const create = useCreateComment({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Comment submitted', description: 'Your comment has been submitted for review.' });
        form.reset(EMPTY);
        void queryClient.invalidateQueries({ queryKey: getListCommentsQueryKey(storyId) });
      },
      // The toast of docs/product.md#errors; the server's field errors (an address it refuses) go under the fields.
      onError: (error) =>
        showMutationError(error, {
          text: FAILED,
          form: { setError: form.setError, fields: SERVER_FIELDS },
        }),
    },
  });

  const submit = form.handleSubmit(
    ({ authorName, authorEmail, content }) =>
      create.mutate({ id: storyId, data: { authorName, authorEmail: authorEmail || null, content } }),
    (errors) => {
      if (errors.root) {
        toast({ title: 'Error', description: FAILED, variant: 'destructive' });
        return;
      }
      // A blank required field gets the toast; a malformed e-mail only its message under the field.
      const { authorName, content } = form.getValues();
      if (!authorName.trim() || !content.trim()) {
        toast({ title: 'Error', description: 'Please fill in all required fields.', variant: 'destructive' });
      }
    },
  );

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={submit}
        // Asked for as the reader starts; a failure here is met again, and said, when the form is checked.
        onFocus={() => void loadRules().catch(() => undefined)}
        aria-labelledby="comment-form-title"
        className="grid gap-4"
      >
        <h3 id="comment-form-title" className="font-serif text-xl font-semibold">
          Leave a Comment
        </h3>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="authorName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Name *</FormLabel>
                <FormControl>
                  <Input autoComplete="name" maxLength={100} placeholder="Your name" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="authorEmail"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email (optional)</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" maxLength={255} placeholder="you@example.com" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="content"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Comment *</FormLabel>
              <FormControl>
                <Textarea rows={4} placeholder="Share your thoughts..." {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <p className="text-xs text-muted-foreground">Comments appear once a moderator has approved them.</p>
        <Button type="submit" className="justify-self-start" disabled={create.isPending}>
          <Send aria-hidden="true" />
          {create.isPending ? 'Submitting...' : 'Submit Comment'}
        </Button>
      </form>
    </Form>
  );
}
