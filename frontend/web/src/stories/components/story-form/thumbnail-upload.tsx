import type { UploadDto } from '@grace-stories/sdk/react';
import { ImageUp, LoaderCircle, X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { serverMessage, showMutationError } from '@/lib/api-errors';
import { PICTURE_TYPES, usePictureUpload } from '@/lib/upload';
import { UploadProgress, useLocalPreview, usePictureDrop } from './picture-drop';
import { MEDIA_PATH } from './story-form-schema';

/** The stored size a thumbnail uses: 800 pixels wide, or the largest when smaller. */
export function thumbnailSize(upload: UploadDto): string {
  return upload.sizes.find((size) => size.width === 800)?.url ?? upload.url;
}

/** Uploads a picture (shown at once, with progress) and hands the stored size to `onDone`. */
export function useUploadedPicture(onDone: (upload: UploadDto) => void) {
  const preview = useLocalPreview();
  const upload = usePictureUpload({
    onSuccess: (picture) => {
      preview.clear();
      onDone(picture);
    },
    onError: (error) => {
      preview.clear();
      showMutationError(error, {
        title: 'Upload failed',
        text: serverMessage(error) ?? 'The picture could not be uploaded. Please try again.',
      });
    },
  });
  const start = (file: File) => {
    if (upload.isPending) return;
    preview.show(file);
    upload.mutate(file);
  };
  return { start, isPending: upload.isPending, progress: upload.progress, preview: preview.url };
}

/** A hidden file input for pictures and the button that opens it. */
export function PicturePickerButton({ onFile, pending }: { onFile: (file: File) => void; pending: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={PICTURE_TYPES}
        className="sr-only"
        tabIndex={-1}
        aria-label="Picture file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => input.current?.click()}>
        {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ImageUp aria-hidden="true" />}
        {pending ? 'Uploading...' : 'Upload a picture'}
      </Button>
    </>
  );
}

/**
 * The thumbnail URL field (`children`) with "Upload a picture" beside it: a file picker, or a
 * picture dropped onto the field or pasted into it. The picture is re-encoded on the server
 * (`POST /api/uploads`), its 800-pixel size fills the field; Remove empties it.
 */
export function ThumbnailUpload({
  value,
  onChange,
  disabled = false,
  children,
}: {
  value: string;
  onChange: (url: string) => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const upload = useUploadedPicture((picture) => {
    onChange(thumbnailSize(picture));
    toast({ title: 'Picture uploaded', description: 'It is the story thumbnail now.' });
  });
  const drop = usePictureDrop(upload.start, disabled || upload.isPending);
  return (
    <div
      {...drop.handlers}
      data-dragging={drop.dragging || undefined}
      className="data-[dragging]:outline-primary grid gap-2 rounded-md data-[dragging]:outline-2 data-[dragging]:outline-offset-4 data-[dragging]:outline-dashed"
    >
      {children}
      {disabled ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <PicturePickerButton onFile={upload.start} pending={upload.isPending} />
          <span className="text-muted-foreground text-xs">
            {drop.dragging ? 'Drop a picture here' : 'or drop or paste a picture here'}
          </span>
          {MEDIA_PATH.test(value) && !upload.isPending ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
              <X aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
      )}
      {upload.progress !== null ? <UploadProgress value={upload.progress} preview={upload.preview} /> : null}
    </div>
  );
}
