import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut } from '@/test/render-app';
import { sampleStory } from '@/test/stories';

// The form's rules come in a module of their own (comment-form.tsx); here it cannot be loaded, as
// on a connection that dropped after the story came.
vi.mock('./comment-rules', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => vi.unstubAllGlobals());

it('says the comment was not submitted, sends nothing and keeps what was typed, when the form’s rules cannot be loaded', async () => {
  const { fetchMock } = renderApp('/stories/7', {
    ...signedOut,
    'GET /api/stories/7': { body: sampleStory({ id: 7, status: 'approved', isPublished: true }) },
    'GET /api/stories/7/comments': { body: [] },
  });
  await userEvent.type(await screen.findByLabelText('Name *'), 'Phoebe');
  await userEvent.type(screen.getByLabelText('Comment *'), 'Amen');
  await userEvent.click(screen.getByRole('button', { name: 'Submit Comment' }));

  expect(await screen.findByText('Failed to submit comment. Please try again.')).toBeInTheDocument();
  expect(screen.queryByText('Please fill in all required fields.')).not.toBeInTheDocument();
  const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  expect(posts).toHaveLength(0);
  expect(screen.getByLabelText('Name *')).toHaveValue('Phoebe');
  expect(screen.getByLabelText('Comment *')).toHaveValue('Amen');
});
