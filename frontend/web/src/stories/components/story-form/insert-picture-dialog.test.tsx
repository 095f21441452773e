import type { UploadDto } from '@grace-stories/sdk/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { stubFetch } from '@/test/render-app';
import { stubUploads } from '@/test/fake-upload';
import { InsertPicture } from './insert-picture-dialog';
import { markerAlt, withPicture } from './picture-markup';

afterEach(() => {
  vi.unstubAllGlobals();
});

const KEY = '0123456789abcdef0123456789abcdef';
const URL_800 = `/media/${KEY}-800.jpg`;
const uploaded: UploadDto = {
  id: 1,
  url: `/media/${KEY}-1200.jpg`,
  width: 1200,
  height: 800,
  sizes: [400, 800, 1200].map((width) => ({ width, url: `/media/${KEY}-${width}.jpg` })),
  srcset: '',
};

describe('what Insert picture puts into the text', () => {
  it('gives a picture in plain text a paragraph of its own at the cursor', () => {
    expect(withPicture('First.\n\nSecond.', 6, 6, URL_800, 'A hill')).toEqual({
      text: `First.\n\n![A hill](${URL_800})\n\nSecond.`,
      caret: 8 + `![A hill](${URL_800})`.length,
    });
    expect(withPicture('', 0, 0, URL_800, 'A hill').text).toBe(`![A hill](${URL_800})`);
    expect(withPicture('Story', 5, 5, URL_800, 'A hill').text).toBe(`Story\n\n![A hill](${URL_800})`);
    expect(withPicture('Start middle end', 6, 12, URL_800, 'x').text).toBe(`Start\n\n![x](${URL_800})\n\nend`);
  });

  it('keeps the marker to one line without square brackets', () => {
    expect(markerAlt('  Two\nlines [and brackets]  ')).toBe('Two lines (and brackets)');
  });

  it('inserts an escaped img tag into HTML', () => {
    expect(withPicture('<p>One</p><p>Two</p>', 10, 10, URL_800, 'Tom & "Jerry"').text).toBe(
      `<p>One</p><img src="${URL_800}" alt="Tom &amp; &quot;Jerry&quot;"><p>Two</p>`,
    );
  });
});

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  return (
    <>
      <textarea
        aria-label="Story text"
        ref={textarea}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <InsertPicture textarea={textarea} value={value} onChange={setValue} />
    </>
  );
}

function renderDialog(initial: string) {
  stubFetch({});
  URL.createObjectURL = vi.fn(() => 'blob:local-preview');
  URL.revokeObjectURL = vi.fn();
  render(
    <AppProviders client={createQueryClient()}>
      <Harness initial={initial} />
    </AppProviders>,
  );
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'hall.jpg', { type: 'image/jpeg' });

describe('the Insert picture dialog', () => {
  it('uploads, asks for alt text, and inserts the picture where the cursor was', async () => {
    const uploads = stubUploads({ status: 201, body: uploaded });
    renderDialog('Before.\n\nAfter.');
    const text = screen.getByLabelText('Story text') as HTMLTextAreaElement;
    text.focus();
    text.setSelectionRange(7, 7);
    await userEvent.click(screen.getByRole('button', { name: 'Insert picture' }));
    const dialog = screen.getByRole('dialog', { name: 'Insert picture' });
    const insert = within(dialog).getByRole('button', { name: 'Insert' });
    expect(insert).toBeDisabled();
    expect(within(dialog).getByText('Describe the picture for people who cannot see it')).toBeInTheDocument();

    await userEvent.upload(within(dialog).getByLabelText('Picture file'), photo());
    expect(await within(dialog).findByAltText('Preview of your upload')).toHaveAttribute('src', URL_800);
    expect(uploads).toHaveLength(1);
    expect(insert).toBeDisabled();

    // Leaving the alt text empty says what is missing.
    await userEvent.click(within(dialog).getByLabelText('Alt text'));
    await userEvent.tab();
    expect(await within(dialog).findByText('Please describe the picture')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Alt text'), 'The new hall');
    expect(insert).toBeEnabled();
    await userEvent.click(insert);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(text.value).toBe(`Before.\n\n![The new hall](${URL_800})\n\nAfter.`);
    await waitFor(() => expect(text).toHaveFocus());
    expect(text.selectionStart).toBe(`Before.\n\n![The new hall](${URL_800})`.length);
  });

  it('puts an img tag into HTML content and leaves the text alone on Cancel', async () => {
    stubUploads({ status: 201, body: uploaded });
    renderDialog('<p>Hello</p>');
    const text = screen.getByLabelText('Story text') as HTMLTextAreaElement;
    await userEvent.click(screen.getByRole('button', { name: 'Insert picture' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(text.value).toBe('<p>Hello</p>');

    await userEvent.click(screen.getByRole('button', { name: 'Insert picture' }));
    const dialog = screen.getByRole('dialog', { name: 'Insert picture' });
    await userEvent.upload(within(dialog).getByLabelText('Picture file'), photo());
    await within(dialog).findByAltText('Preview of your upload');
    await userEvent.type(within(dialog).getByLabelText('Alt text'), 'Choir');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(text.value).toBe(`<p>Hello</p><img src="${URL_800}" alt="Choir">`));
  });
});
