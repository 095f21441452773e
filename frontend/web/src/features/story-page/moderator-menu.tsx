//! The reviewers' menu on a live story: Unpublish with a reason, or Delete.
import { zodResolver } from '@hookform/resolvers/zod';
import { schemas, useAdminDeleteStory, useUnpublishStory } from '@grace-stories/sdk/react';
import { EyeOff, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';
import { useStoryChanged } from '@/stories/api/story-changed';

const unpublishSchema = schemas.unpublishStoryBody.extend({
  reason: z
    .string()
    .trim()
    .min(1, 'A reason is required')
    .max(schemas.unpublishStoryBodyReasonMax, 'The reason must be at most 2,000 characters'),
});
type UnpublishValues = z.infer<typeof unpublishSchema>;

type ModeratedStory = { id: number; title: string };

/** A refusal that explains itself (the story is not live any more) is appended to the toast. */
function failed(error: unknown, text: string) {
  showMutationError(error, { text, explainRefusal: true });
}

/** 'Moderate' → Unpublish / Delete, each behind its own dialog. */
export function ModeratorMenu({ story }: { story: ModeratedStory }) {
  const [dialog, setDialog] = useState<'unpublish' | 'delete' | null>(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm">
            <ShieldCheck aria-hidden="true" />
            Moderate
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setDialog('unpublish')}>
            <EyeOff aria-hidden="true" />
            Unpublish
          </DropdownMenuItem>
          <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => setDialog('delete')}>
            <Trash2 aria-hidden="true" className="text-destructive" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <UnpublishDialog
        story={story}
        open={dialog === 'unpublish'}
        onOpenChange={(open) => setDialog(open ? 'unpublish' : null)}
      />
      <DeleteDialog
        story={story}
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
      />
    </>
  );
}

function UnpublishDialog({
  story,
  open,
  onOpenChange,
}: {
  story: ModeratedStory;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const storyChanged = useStoryChanged();
  const form = useForm<UnpublishValues>({ resolver: zodResolver(unpublishSchema), defaultValues: { reason: '' } });
  const change = (next: boolean) => {
    if (!next) form.reset({ reason: '' });
    onOpenChange(next);
  };
  const unpublish = useUnpublishStory({
    mutation: {
      onSuccess: async (saved) => {
        toast({ title: 'Story unpublished', description: 'It is off the site, and its author was told why.' });
        change(false);
        // A waiting edit is rejected with the story: the queues and their counts change too.
        await storyChanged({ storyId: story.id, story: saved });
      },
      onError: (error) =>
        showMutationError(error, {
          text: 'Failed to unpublish story',
          explainRefusal: true,
          form: { setError: form.setError, fields: ['reason'] },
        }),
    },
  });
  const submit = form.handleSubmit(({ reason }) => unpublish.mutate({ id: story.id, data: { reason } }));

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Unpublish &ldquo;{story.title}&rdquo;?</DialogTitle>
          <DialogDescription>
            The story leaves the site at once and goes back to its author, who sees the reason and receives it by
            e-mail. They can edit it and send it for review again.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={submit} className="grid gap-4">
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Reason *</FormLabel>
                  <FormControl>
                    <Textarea rows={4} placeholder="What needs to change before it can go live again" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => change(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={unpublish.isPending}>
                {unpublish.isPending ? 'Unpublishing...' : 'Unpublish'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({
  story,
  open,
  onOpenChange,
}: {
  story: ModeratedStory;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const storyChanged = useStoryChanged();
  const [, navigate] = useLocation();
  const remove = useAdminDeleteStory({
    mutation: {
      onSuccess: async () => {
        toast({ title: 'Story deleted successfully' });
        // Home lives at '/' for a signed-in reader (there is no /home route).
        navigate('/');
        // An edit that waited for review, and the story's comments, go with it.
        await storyChanged({ storyId: story.id, deleted: true });
      },
      onError: (error) => failed(error, 'Failed to delete story'),
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={<>Delete &ldquo;{story.title}&rdquo;?</>}
      description="The story and its comments are deleted for everyone. This action cannot be undone."
      busy={remove.isPending}
      keepOpen
      confirm={remove.isPending ? 'Deleting...' : 'Delete'}
      onConfirm={() => remove.mutate({ id: story.id })}
    />
  );
}
