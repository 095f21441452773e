import type { ScheduleDto } from '@grace-stories/sdk/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = sampleUser({ role: 'regular_contributor' });
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

function task(id: number, title: string, overrides: Partial<ScheduleDto> = {}): ScheduleDto {
  return {
    id,
    contributorId: user.id,
    title,
    description: null,
    dueDate: '2099-03-05T12:00:00Z',
    isCompleted: false,
    reminderSent: false,
    createdAt: '2024-03-01T12:00:00Z',
    status: 'upcoming',
    ...overrides,
  };
}

const overdue = task(1, 'Send the sermon notes', {
  dueDate: '2024-03-05T12:00:00Z',
  description: 'For the Sunday team',
});
const soon = task(2, 'Record the worship video', { dueDate: hoursFromNow(5) });
// The server said "upcoming" when it answered; the screen works the status out itself.
const later = task(3, 'Write the Easter testimony', { status: 'due_soon' });
const done = task(4, 'Pray for the harvest', { dueDate: hoursFromNow(-30), isCompleted: true });

const table = (extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/user': { body: user },
  [`GET /api/stories/author/${user.id}`]: { body: [] },
  'GET /api/schedules': { body: [overdue, soon, later, done] },
  ...extra,
});

function calls(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

function bodyOf(call: unknown[] | undefined): unknown {
  return JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));
}

async function openSchedule() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Schedule' }));
  return within(await screen.findByRole('list', { name: 'Scheduled tasks' }));
}

describe('the Schedule tab', () => {
  it('lists the tasks with description, due date and computed status, and counts the open ones', async () => {
    renderApp('/contributor-dashboard', table());
    const stats = within(await screen.findByRole('list', { name: 'Overview' }));
    await waitFor(() => expect(stats.getByText('Upcoming Tasks').closest('li')).toHaveTextContent('3'));

    const tasks = await openSchedule();
    const first = within(tasks.getByRole('listitem', { name: 'Send the sermon notes' }));
    expect(first.getByRole('heading', { name: 'Send the sermon notes' })).toBeInTheDocument();
    expect(first.getByText('For the Sunday team')).toBeInTheDocument();
    expect(first.getByText('Due: Mar 5, 2024')).toBeInTheDocument();
    expect(first.getByText('Overdue')).toBeInTheDocument();
    expect(
      within(tasks.getByRole('listitem', { name: 'Record the worship video' })).getByText('Due Soon'),
    ).toBeInTheDocument();
    const upcoming = within(tasks.getByRole('listitem', { name: 'Write the Easter testimony' }));
    expect(upcoming.getByText('Upcoming')).toBeInTheDocument();
    expect(upcoming.getByText('Due: Mar 5, 2099')).toBeInTheDocument();
    const completed = within(tasks.getByRole('listitem', { name: 'Pray for the harvest' }));
    expect(completed.getByText('Completed')).toBeInTheDocument();
    expect(completed.getByRole('button', { name: 'Mark Incomplete' })).toBeInTheDocument();
  });

  it('shows No Scheduled Tasks when there are none', async () => {
    renderApp('/contributor-dashboard', table({ 'GET /api/schedules': { body: [] } }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Schedule' }));
    expect(await screen.findByText('No Scheduled Tasks')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Task' })).toBeInTheDocument();
    const stats = within(screen.getByRole('list', { name: 'Overview' }));
    expect(stats.getByText('Upcoming Tasks').closest('li')).toHaveTextContent('0');
  });

  it('adds a task through the dialog and refreshes the list', async () => {
    const created = task(9, 'Lead the Bible study', { dueDate: '2099-04-01T18:30:00Z' });
    const { fetchMock } = renderApp(
      '/contributor-dashboard',
      table({ 'POST /api/schedules': { status: 201, body: created } }),
    );
    await openSchedule();
    await userEvent.click(screen.getByRole('button', { name: 'Add Task' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Task' }));
    await userEvent.type(dialog.getByLabelText('Title *'), '  Lead the Bible study ');
    await userEvent.type(dialog.getByLabelText('Description'), 'Romans 8');
    await userEvent.type(dialog.getByLabelText('Due date *'), '2099-04-01T18:30');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Task' }));

    expect(await screen.findByText('Task added')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/schedules');
    expect(bodyOf(post)).toEqual({
      title: 'Lead the Bible study',
      description: 'Romans 8',
      dueDate: new Date('2099-04-01T18:30').toISOString(),
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Task' })).not.toBeInTheDocument());
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/schedules')).toHaveLength(2));
  });

  it('names the missing fields and sends nothing', async () => {
    const { fetchMock } = renderApp('/contributor-dashboard', table());
    await openSchedule();
    await userEvent.click(screen.getByRole('button', { name: 'Add Task' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Task' }));
    await userEvent.type(dialog.getByLabelText('Title *'), '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Task' }));
    expect(await dialog.findByText('Title is required')).toBeInTheDocument();
    expect(dialog.getByText('Due date is required')).toBeInTheDocument();
    expect(dialog.getByLabelText('Title *')).toHaveAttribute('aria-invalid', 'true');
    expect(calls(fetchMock, 'POST', '/api/schedules')).toHaveLength(0);
  });

  it("shows the server's field errors under their fields", async () => {
    renderApp(
      '/contributor-dashboard',
      table({
        'POST /api/schedules': {
          status: 400,
          body: { message: 'Due date is required', errors: [{ field: 'dueDate', message: 'Due date is required' }] },
        },
      }),
    );
    await openSchedule();
    await userEvent.click(screen.getByRole('button', { name: 'Add Task' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Task' }));
    await userEvent.type(dialog.getByLabelText('Title *'), 'Pray');
    await userEvent.type(dialog.getByLabelText('Due date *'), '2099-04-01T18:30');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Task' }));
    expect(await screen.findByText('Failed to add task')).toBeInTheDocument();
    expect(dialog.getByText('Due date is required')).toBeInTheDocument();
  });

  it('marks a task complete', async () => {
    const { fetchMock } = renderApp(
      '/contributor-dashboard',
      table({ 'PATCH /api/schedules/3': { body: { ...later, isCompleted: true, status: 'completed' } } }),
    );
    const tasks = await openSchedule();
    const row = within(tasks.getByRole('listitem', { name: 'Write the Easter testimony' }));
    await userEvent.click(row.getByRole('button', { name: 'Mark Complete' }));
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    expect(bodyOf(calls(fetchMock, 'PATCH', '/api/schedules/3')[0])).toEqual({ isCompleted: true });
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/schedules')).toHaveLength(2));
  });

  it('deletes a task after confirmation', async () => {
    const { fetchMock } = renderApp(
      '/contributor-dashboard',
      table({ 'DELETE /api/schedules/1': { body: { message: 'Task deleted successfully' } } }),
    );
    const tasks = await openSchedule();
    const row = within(tasks.getByRole('listitem', { name: 'Send the sermon notes' }));
    await userEvent.click(row.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete task?' }));
    expect(confirm.getByText(/Send the sermon notes/)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Task deleted')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/schedules/1')).toHaveLength(1);
  });

  it('says when a change fails', async () => {
    renderApp(
      '/contributor-dashboard',
      table({ 'PATCH /api/schedules/3': { status: 403, body: { message: 'You do not have permission to do this' } } }),
    );
    const tasks = await openSchedule();
    const row = within(tasks.getByRole('listitem', { name: 'Write the Easter testimony' }));
    await userEvent.click(row.getByRole('button', { name: 'Mark Complete' }));
    expect(await screen.findByText('Failed to update task')).toBeInTheDocument();
  });
});
