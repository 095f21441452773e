import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
});

const sent: FetchTable = { 'POST /api/help/contact': { status: 201, body: { message: 'Message sent' } } };

function posts(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        new URL(String(url), 'http://localhost').pathname === '/api/help/contact' && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

async function fillIn({ email = 'ruth@example.org', subject = 'Cannot log in', message = 'Please help.' } = {}) {
  const emailField = await screen.findByLabelText('Email Address *');
  if (email) await userEvent.type(emailField, email);
  if (subject) await userEvent.type(screen.getByLabelText('Subject *'), subject);
  if (message) await userEvent.type(screen.getByLabelText('Message *'), message);
}

describe('help centre', () => {
  it('shows the form, the contact details and the promise to answer', async () => {
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeInTheDocument();
    expect(screen.getByText(/we'll respond within 24 hours/)).toBeInTheDocument();
    expect(screen.getByText('Within 24 hours')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@example.org' })).toHaveAttribute(
      'href',
      'mailto:help@example.org',
    );
    expect(screen.getByLabelText('Message *')).toHaveAttribute('rows', '6');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('General Question');
  });

  it('offers the six help categories', async () => {
    renderApp('/help');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Category' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'General Question',
      'Technical Support',
      'Content Issues',
      'Account Help',
      'Feature Request',
      'Bug Report',
    ]);
  });

  it('answers the three questions of the FAQ', async () => {
    renderApp('/help');
    const faq = (await screen.findByRole('heading', { name: 'Frequently Asked Questions' })).closest('section')!;
    const questions = within(faq)
      .getAllByRole('group')
      .map((d) => d.querySelector('summary')?.textContent);
    expect(questions).toEqual([
      'How do I create my first story?',
      'Why is my account pending approval?',
      'Can I upload images with my stories?',
    ]);
    expect(within(faq).getByText(/wait for an administrator to approve it/)).toBeInTheDocument();
    expect(within(faq).getByText(/All new accounts require approval/)).toBeInTheDocument();
    expect(within(faq).getByText(/thumbnail image/)).toBeInTheDocument();
  });

  it.each(['email', 'subject', 'message'] as const)('requires the %s', async (missing) => {
    const { fetchMock } = renderApp('/help', { ...signedOut, ...sent });
    await fillIn({ [missing]: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('treats a blank subject as missing', async () => {
    const { fetchMock } = renderApp('/help', { ...signedOut, ...sent });
    await fillIn({ subject: '   ' });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('sends a visitor message with userId null, then clears the form', async () => {
    const { fetchMock } = renderApp('/help', { ...signedOut, ...sent });
    await fillIn();
    await userEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Account Help' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    expect(
      screen.getByText("Your message has been sent to the administrator. We'll get back to you soon!"),
    ).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([
      {
        contactEmail: 'ruth@example.org',
        category: 'account',
        subject: 'Cannot log in',
        message: 'Please help.',
        userId: null,
      },
    ]);
    expect(screen.getByLabelText('Email Address *')).toHaveValue('');
    expect(screen.getByLabelText('Subject *')).toHaveValue('');
    expect(screen.getByLabelText('Message *')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('General Question');
  });

  it('sends the id of a signed-in user', async () => {
    const user = sampleUser();
    const { fetchMock } = renderApp('/help', { ...signedOut, 'GET /api/user': { body: user }, ...sent });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Message Sent');
    expect(posts(fetchMock)[0]).toMatchObject({ category: 'general', userId: user.id });
  });

  it("checks the e-mail address on the client with the server's message", async () => {
    const { fetchMock } = renderApp('/help', { ...signedOut, ...sent });
    await fillIn({ email: 'ruth@example' });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Missing Information')).not.toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("shows the server's field errors under the fields as well as the failure toast", async () => {
    renderApp('/help', {
      ...signedOut,
      'POST /api/help/contact': {
        status: 400,
        body: {
          message: 'Please enter a valid email address',
          errors: [{ field: 'contactEmail', message: 'Please enter a valid email address' }],
        },
      },
    });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    const email = screen.getByLabelText('Email Address *');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  });

  it('says when the message cannot be sent', async () => {
    renderApp('/help', {
      ...signedOut,
      'POST /api/help/contact': { status: 400, body: { message: 'Invalid e-mail' } },
    });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject *')).toHaveValue('Cannot log in');
  });
});
