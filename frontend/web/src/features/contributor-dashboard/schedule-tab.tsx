//! The Schedule tab (docs/product.md#screens): tasks with title, description, 'Due: date' and a computed status;
//! adding a task, marking it complete (or not) and deleting it.
import {
  getListSchedulesQueryKey,
  useDeleteSchedule,
  useUpdateSchedule,
  type ScheduleDto,
  type ScheduleStatusDto,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Check, Plus, RotateCcw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ConfirmButton } from '@/components/confirm-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { AddTaskDialog } from './add-task-dialog';
import { STATUS_LABELS, scheduleStatus } from './schedule-status';

export function ScheduleTab({
  tasks,
  isLoading,
  isError,
  empty,
}: {
  tasks: ScheduleDto[];
  isLoading: boolean;
  isError: boolean;
  /** The empty state, given the button that opens the Add Task dialog. */
  empty: (addButton: ReactNode) => ReactNode;
}) {
  const [adding, setAdding] = useState(false);
  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" />
      Add Task
    </Button>
  );

  let body: ReactNode;
  if (isLoading) {
    body = (
      <div className="grid gap-3" role="status" aria-label="Loading tasks">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  } else if (isError) {
    body = (
      <p className="py-6 text-center text-muted-foreground">Your schedule could not be loaded. Please try again.</p>
    );
  } else if (tasks.length === 0) {
    body = empty(addButton);
  } else {
    const now = new Date();
    body = (
      <>
        <div className="flex justify-end">{addButton}</div>
        <ul className="grid gap-3" aria-label="Scheduled tasks">
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} status={scheduleStatus(task, now)} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="grid gap-4">
      {body}
      <AddTaskDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}

const STATUS_STYLES: Record<ScheduleStatusDto, string> = {
  completed: 'border-emerald-200 bg-emerald-100 text-emerald-800',
  overdue: 'border-transparent bg-destructive text-destructive-foreground',
  due_soon: 'border-amber-300 bg-amber-50 text-amber-800',
  upcoming: 'border-sky-300 bg-sky-50 text-sky-800',
};

export function ScheduleStatusBadge({ status }: { status: ScheduleStatusDto }) {
  return (
    <Badge variant="outline" className={STATUS_STYLES[status]}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

function TaskRow({ task, status }: { task: ScheduleDto; status: ScheduleStatusDto }) {
  const { update, remove } = useTaskActions();
  const busy = update.isPending || remove.isPending;
  return (
    <li aria-label={task.title}>
      <Card>
        <CardContent className="grid gap-4 p-5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className={cn('font-semibold break-words', task.isCompleted && 'text-muted-foreground line-through')}>
                {task.title}
              </h3>
              <ScheduleStatusBadge status={status} />
            </div>
            {task.description && (
              <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{task.description}</p>
            )}
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarClock className="size-4" aria-hidden="true" />
              Due: {formatDate(task.dueDate)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => update.mutate({ id: task.id, data: { isCompleted: !task.isCompleted } })}
            >
              {task.isCompleted ? <RotateCcw aria-hidden="true" /> : <Check aria-hidden="true" />}
              {task.isCompleted ? 'Mark Incomplete' : 'Mark Complete'}
            </Button>
            <ConfirmButton
              disabled={busy}
              title="Delete task?"
              description={`This removes “${task.title}” from your schedule.`}
              onConfirm={() => remove.mutate({ id: task.id })}
            />
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** Complete/reopen and delete, refreshing the schedule afterwards. */
function useTaskActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: getListSchedulesQueryKey() });
  const failed = (text: string) => (error: unknown) => showMutationError(error, { text });
  const update = useUpdateSchedule({
    mutation: {
      onSuccess: (task) => {
        toast({ title: task.isCompleted ? 'Task completed' : 'Task reopened' });
        void refresh();
      },
      onError: failed('Failed to update task'),
    },
  });
  const remove = useDeleteSchedule({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Task deleted' });
        void refresh();
      },
      onError: failed('Failed to delete task'),
    },
  });
  return { update, remove };
}
