import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut } from '@/test/render-app';
import { sampleStory } from '@/test/stories';

// The form's rules (a module whose zod schemas cost a phone 70-120 ms as it runs) come when someone
// starts on the form, not with the story (comment-form.tsx): the module's loads are counted here.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./comment-rules', async (original) => {
  loads.count += 1;
  return original();
});

afterEach(() => vi.unstubAllGlobals());

it('loads the comment rules when the reader starts on the form, not with the story', async () => {
  renderApp('/stories/7', {
    ...signedOut,
    'GET /api/stories/7': { body: sampleStory({ id: 7, status: 'approved', isPublished: true }) },
    'GET /api/stories/7/comments': { body: [] },
  });
  const name = await screen.findByLabelText('Name *');
  // Whatever the first render set going has had its turn.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(loads.count).toBe(0);

  await userEvent.click(name);
  await vi.waitFor(() => expect(loads.count).toBe(1));
});
