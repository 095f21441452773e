//! The Add Task dialog of the Schedule tab: title, optional description and due date and time.
import { zodResolver } from '@hookform/resolvers/zod';
import { getListSchedulesQueryKey, schemas, useCreateSchedule } from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';

/**
 * The generated body for one's own schedule, with the server's messages; the due date is the
 * `datetime-local` value (local time), turned into a timestamp on submit.
 */
export const taskSchema = schemas.createScheduleBody.omit({ contributorId: true }).extend({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(schemas.createScheduleBodyTitleMax, `Title must be at most ${schemas.createScheduleBodyTitleMax} characters`),
  description: z
    .string()
    .trim()
    .max(schemas.createScheduleBodyDescriptionMax, 'Description must be at most 2,000 characters'),
  dueDate: z
    .string()
    .min(1, 'Due date is required')
    .refine((value) => !Number.isNaN(new Date(value).getTime()), 'Due date must be a date and time'),
});
export type TaskValues = z.infer<typeof taskSchema>;

const EMPTY: TaskValues = { title: '', description: '', dueDate: '' };
const FIELDS: readonly Path<TaskValues>[] = ['title', 'description', 'dueDate'];

export function AddTaskDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<TaskValues>({ resolver: zodResolver(taskSchema), defaultValues: EMPTY });
  const create = useCreateSchedule({
    mutation: {
      onSuccess: (task) => {
        toast({ title: 'Task added', description: `"${task.title}" is on your schedule.` });
        form.reset(EMPTY);
        onOpenChange(false);
        void queryClient.invalidateQueries({ queryKey: getListSchedulesQueryKey() });
      },
      onError: (error) =>
        showMutationError(error, { text: 'Failed to add task', form: { setError: form.setError, fields: FIELDS } }),
    },
  });

  const submit = form.handleSubmit(({ title, description, dueDate }) =>
    create.mutate({ data: { title, description: description || null, dueDate: new Date(dueDate).toISOString() } }),
  );

  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle className="font-serif text-2xl">Add Task</DialogTitle>
          <DialogDescription>
            Plan a story, a study or a deadline. We e-mail you a reminder 48 hours before it is due.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={submit} className="grid gap-4">
            <FormField
              control={form.control}
              name="title"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Title *</FormLabel>
                  <FormControl>
                    <Input maxLength={255} placeholder="Write the Easter testimony" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Description</FormLabel>
                  <FormControl>
                    <Textarea rows={3} maxLength={2000} placeholder="Notes for yourself (optional)" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="dueDate"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Due date *</FormLabel>
                  <FormControl>
                    <Input type="datetime-local" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Adding...' : 'Add Task'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
