import { useUploadPicture, type UploadDto } from '@grace-stories/sdk';
import { ImageUp, LoaderCircle, X } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { serverMessage, showMutationError } from '@/lib/api-errors';
import { MEDIA_PATH } from './story-form-schema';

/** The stored size a thumbnail uses: 800 pixels wide, or the largest when smaller. */
export function thumbnailSize(upload: UploadDto): string {
  return upload.sizes.find((size) => size.width === 800)?.url ?? upload.url;
}

/**
 * "Upload a picture" beside the thumbnail URL: the picture is re-encoded on the server
 * (`POST /api/uploads`) and its address fills the field; Remove empties it.
 */
export function ThumbnailUpload({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPicture({
    mutation: {
      onSuccess: (picture) => {
        onChange(thumbnailSize(picture));
        toast({ title: 'Picture uploaded', description: 'It is the story thumbnail now.' });
      },
      onError: (error) =>
        showMutationError(error, {
          title: 'Upload failed',
          text: serverMessage(error) ?? 'The picture could not be uploaded. Please try again.',
        }),
    },
  });
  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file) upload.mutate({ data: { file } });
    if (input.current) input.current.value = '';
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="sr-only"
        tabIndex={-1}
        aria-label="Picture file"
        onChange={(event) => choose(event.target.files)}
      />
      <Button type="button" variant="outline" size="sm" disabled={upload.isPending} onClick={() => input.current?.click()}>
        {upload.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ImageUp aria-hidden="true" />}
        {upload.isPending ? 'Uploading...' : 'Upload a picture'}
      </Button>
      {MEDIA_PATH.test(value) ? (
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
          <X aria-hidden="true" />
          Remove
        </Button>
      ) : null}
    </div>
  );
}
