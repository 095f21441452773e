//! The comment form under a story (spec §2, §5): name and content required, e-mail optional.
import { zodResolver } from '@hookform/resolvers/zod';
import { getListCommentsQueryKey, schemas, useCreateComment } from '@grace-stories/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { Textarea } from '@/components/ui/textarea';

const required = z.string().trim().min(1);

/** The generated body without its honeypot, whose blank fields fail with the spec's toast. */
const commentSchema = schemas.createCommentBody.omit({ website: true }).extend({
  authorName: required,
  authorEmail: z.string().trim(),
  content: required,
});
type CommentValues = z.infer<typeof commentSchema>;

const EMPTY: CommentValues = { authorName: '', authorEmail: '', content: '' };

export function CommentForm({ storyId }: { storyId: number }) {
  const queryClient = useQueryClient();
  const form = useForm<CommentValues>({ resolver: zodResolver(commentSchema), defaultValues: EMPTY });
  const create = useCreateComment({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Comment submitted', description: 'Your comment has been submitted for review.' });
        form.reset(EMPTY);
        void queryClient.invalidateQueries({ queryKey: getListCommentsQueryKey(storyId) });
      },
      onError: () => {
        toast({ title: 'Error', description: 'Failed to submit comment. Please try again.', variant: 'destructive' });
      },
    },
  });

  const submit = form.handleSubmit(
    ({ authorName, authorEmail, content }) =>
      create.mutate({ id: storyId, data: { authorName, authorEmail: authorEmail || null, content } }),
    () => toast({ title: 'Error', description: 'Please fill in all required fields.', variant: 'destructive' }),
  );

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} aria-labelledby="comment-form-title" className="grid gap-4">
        <h3 id="comment-form-title" className="font-serif text-xl font-semibold">
          Leave a Comment
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="authorName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Name *</FormLabel>
                <FormControl>
                  <Input autoComplete="name" maxLength={100} placeholder="Your name" {...field} />
                </FormControl>
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
