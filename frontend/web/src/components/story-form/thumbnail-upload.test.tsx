import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { stubFetch, type FetchTable } from '@/test/render-app';
import { isThumbnailUrl } from './story-form-schema';
import { ThumbnailUpload, thumbnailSize } from './thumbnail-upload';

afterEach(() => {
  vi.unstubAllGlobals();
});

const KEY = '0123456789abcdef0123456789abcdef';
const uploaded = {
  id: 1,
  url: `/media/${KEY}-1600.jpg`,
  width: 1600,
  height: 800,
  sizes: [400, 800, 1600].map((width) => ({ width, url: `/media/${KEY}-${width}.jpg` })),
  srcset: '',
};

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <ThumbnailUpload value={value} onChange={setValue} />
      <output aria-label="Thumbnail value">{value}</output>
    </>
  );
}

function renderUpload(table: FetchTable) {
  const fetchMock = stubFetch(table);
  render(
    <AppProviders client={createQueryClient()}>
      <Harness />
    </AppProviders>,
  );
  return fetchMock;
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'holiday.jpg', { type: 'image/jpeg' });

describe('uploading a thumbnail', () => {
  it('sends the file as multipart and fills the field with the 800-pixel size', async () => {
    const fetchMock = renderUpload({ 'POST /api/uploads': { status: 201, body: uploaded } });
    await userEvent.upload(screen.getByLabelText('Picture file'), photo());
    expect(await screen.findByText('Picture uploaded')).toBeInTheDocument();
    expect(screen.getByLabelText('Thumbnail value')).toHaveTextContent(`/media/${KEY}-800.jpg`);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/uploads'))!;
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByLabelText('Thumbnail value')).toHaveTextContent('');
  });

  it("shows the server's reason when the picture is refused", async () => {
    renderUpload({
      'POST /api/uploads': { status: 415, body: { message: 'Please upload a JPEG, PNG, WebP or GIF picture' } },
    });
    await userEvent.upload(screen.getByLabelText('Picture file'), photo());
    expect(await screen.findByText('Please upload a JPEG, PNG, WebP or GIF picture')).toBeInTheDocument();
    expect(screen.getByLabelText('Thumbnail value')).toHaveTextContent('');
  });

  it('takes uploaded pictures and web addresses as thumbnails, nothing else', () => {
    expect(isThumbnailUrl(`/media/${KEY}-800.jpg`)).toBe(true);
    expect(isThumbnailUrl('https://example.org/a.jpg')).toBe(true);
    expect(isThumbnailUrl('/api/logout')).toBe(false);
    expect(isThumbnailUrl('javascript:alert(1)')).toBe(false);
    expect(thumbnailSize({ ...uploaded, sizes: [{ width: 300, url: '/media/x-300.jpg' }], url: '/media/x-300.jpg' })).toBe(
      '/media/x-300.jpg',
    );
  });
});
