//! docs/product.md#lifecycles: a task's status, computed on the client from its due date at the time it is shown.
import type { ScheduleDto, ScheduleStatusDto } from '@grace-stories/sdk/react';

/** docs/product.md#screens: the due-soon window. */
export const DUE_SOON_WINDOW_MS = 48 * 60 * 60 * 1000;

/**
 * Completed if done; overdue once the due date passed; due soon within 48 hours; otherwise
 * upcoming. The list is never refetched on its own (docs/product.md#screens), so the status is worked out at
 * each render rather than taken from the server's `status`, which was right when it was fetched.
 */
export function scheduleStatus(
  task: Pick<ScheduleDto, 'isCompleted' | 'dueDate'>,
  now = new Date(),
): ScheduleStatusDto {
  if (task.isCompleted) return 'completed';
  const due = new Date(task.dueDate).getTime();
  const at = now.getTime();
  if (due < at) return 'overdue';
  if (due <= at + DUE_SOON_WINDOW_MS) return 'due_soon';
  return 'upcoming';
}

export const STATUS_LABELS: Record<ScheduleStatusDto, string> = {
  completed: 'Completed',
  overdue: 'Overdue',
  due_soon: 'Due Soon',
  upcoming: 'Upcoming',
};

/** docs/product.md#screens: 'Upcoming Tasks' counts the incomplete schedule items. */
export function incompleteCount(tasks: readonly Pick<ScheduleDto, 'isCompleted'>[]): number {
  return tasks.filter((t) => !t.isCompleted).length;
}
