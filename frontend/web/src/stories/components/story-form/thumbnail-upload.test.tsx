import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NETWORK_ERROR_MESSAGE, type UploadDto } from '@grace-stories/sdk/react';
import { useState } from 'react';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { stubFetch } from '@/test/render-app';
import { stubUploads, type UploadReply } from '@/test/fake-upload';
import { isThumbnailUrl } from './story-form-schema';
import { ThumbnailUpload, thumbnailSize } from './thumbnail-upload';

afterEach(() => {
  vi.unstubAllGlobals();
});

const KEY = '0123456789abcdef0123456789abcdef';
const uploaded: UploadDto = {
  id: 1,
  url: `/media/${KEY}-1600.jpg`,
  width: 1600,
  height: 800,
  sizes: [400, 800, 1600].map((width) => ({ width, url: `/media/${KEY}-${width}.jpg` })),
  srcset: '',
};
const stored: UploadReply = { status: 201, body: uploaded };

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <ThumbnailUpload value={value} onChange={setValue}>
        <input aria-label="Thumbnail address" value={value} onChange={(event) => setValue(event.target.value)} />
      </ThumbnailUpload>
      <output aria-label="Thumbnail value">{value}</output>
    </>
  );
}

function renderUpload() {
  stubFetch({});
  URL.createObjectURL = vi.fn(() => 'blob:local-preview');
  URL.revokeObjectURL = vi.fn();
  render(
    <AppProviders client={createQueryClient()}>
      <Harness />
    </AppProviders>,
  );
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'holiday.jpg', { type: 'image/jpeg' });
const value = () => screen.getByLabelText('Thumbnail value');

describe('uploading a thumbnail', () => {
  it('sends the file as multipart with credentials and fills the field with the 800-pixel size', async () => {
    const uploads = stubUploads(stored);
    renderUpload();
    await userEvent.upload(screen.getByLabelText('Picture file'), photo());
    expect(await screen.findByText('Picture uploaded')).toBeInTheDocument();
    expect(value()).toHaveTextContent(`/media/${KEY}-800.jpg`);
    expect(uploads).toHaveLength(1);
    expect(uploads[0].url).toBe('/api/uploads');
    expect(uploads[0].withCredentials).toBe(true);
    expect(uploads[0].body.get('file')).toBeInstanceOf(File);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(value()).toHaveTextContent('');
  });

  it('shows the chosen picture and how much is sent while it uploads', async () => {
    const uploads = stubUploads(stored, { hold: true });
    renderUpload();
    await userEvent.upload(screen.getByLabelText('Picture file'), photo());
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(screen.getByAltText('Your upload, being sent')).toHaveAttribute('src', 'blob:local-preview');
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    uploads[0].progress(42, 100);
    expect(screen.getByText('Uploading... 42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '42');
    uploads[0].finish();
    expect(await screen.findByText('Picture uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:local-preview');
  });

  it('uploads a picture dropped onto the field', async () => {
    const uploads = stubUploads(stored);
    renderUpload();
    const area = screen.getByLabelText('Thumbnail address').parentElement!;
    fireEvent.dragEnter(area, { dataTransfer: { types: ['Files'], files: [photo()] } });
    expect(screen.getByText('Drop a picture here')).toBeInTheDocument();
    fireEvent.drop(area, { dataTransfer: { types: ['Files'], files: [photo()] } });
    expect(await screen.findByText('Picture uploaded')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(value()).toHaveTextContent(`/media/${KEY}-800.jpg`);
  });

  it('uploads a picture pasted into the address field, and leaves a pasted address alone', async () => {
    const uploads = stubUploads(stored);
    renderUpload();
    const input = screen.getByLabelText('Thumbnail address');
    fireEvent.paste(input, { clipboardData: { files: [], getData: () => 'https://example.org/a.jpg' } });
    expect(uploads).toHaveLength(0);
    fireEvent.paste(input, { clipboardData: { files: [photo()] } });
    expect(await screen.findByText('Picture uploaded')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
  });

  it("shows the server's reason when the picture is refused", async () => {
    stubUploads({ status: 415, body: { message: 'Please upload a JPEG, PNG, WebP or GIF picture' } });
    renderUpload();
    await userEvent.upload(screen.getByLabelText('Picture file'), photo());
    expect(await screen.findByText('Please upload a JPEG, PNG, WebP or GIF picture')).toBeInTheDocument();
    expect(value()).toHaveTextContent('');
  });

  it('says so when the server cannot be reached', async () => {
    const uploads = stubUploads(stored, { hold: true });
    renderUpload();
    await userEvent.upload(screen.getByLabelText('Picture file'), photo());
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0].fail();
    // Nothing answered: tried once more after a second, as every mutation is.
    await waitFor(() => expect(uploads).toHaveLength(2), { timeout: 3000 });
    uploads[1].fail();
    expect(await screen.findByText('The picture could not be uploaded. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Upload failed')).toBeInTheDocument();
    expect(NETWORK_ERROR_MESSAGE).toMatch(/Network error/);
  });

  it('takes uploaded pictures and web addresses as thumbnails, nothing else', () => {
    expect(isThumbnailUrl(`/media/${KEY}-800.jpg`)).toBe(true);
    expect(isThumbnailUrl('https://example.org/a.jpg')).toBe(true);
    expect(isThumbnailUrl('/api/logout')).toBe(false);
    expect(isThumbnailUrl('javascript:alert(1)')).toBe(false);
    expect(
      thumbnailSize({ ...uploaded, sizes: [{ width: 300, url: '/media/x-300.jpg' }], url: '/media/x-300.jpg' }),
    ).toBe('/media/x-300.jpg');
  });
});
