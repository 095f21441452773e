import { incompleteCount, scheduleStatus } from './schedule-status';

const now = new Date('2024-03-05T12:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

describe('scheduleStatus', () => {
  it('is completed when done, even past the due date', () => {
    expect(scheduleStatus({ isCompleted: true, dueDate: hours(-72) }, now)).toBe('completed');
  });

  it('is overdue once the due date has passed', () => {
    expect(scheduleStatus({ isCompleted: false, dueDate: hours(-0.001) }, now)).toBe('overdue');
  });

  it('is due soon from now up to 48 hours ahead', () => {
    expect(scheduleStatus({ isCompleted: false, dueDate: hours(0) }, now)).toBe('due_soon');
    expect(scheduleStatus({ isCompleted: false, dueDate: hours(48) }, now)).toBe('due_soon');
  });

  it('is upcoming after 48 hours', () => {
    expect(scheduleStatus({ isCompleted: false, dueDate: hours(48.01) }, now)).toBe('upcoming');
  });
});

describe('incompleteCount', () => {
  it('counts the tasks not completed', () => {
    expect(incompleteCount([{ isCompleted: false }, { isCompleted: true }, { isCompleted: false }])).toBe(2);
  });
});
