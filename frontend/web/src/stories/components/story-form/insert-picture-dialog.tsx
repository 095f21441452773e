import { zodResolver } from '@hookform/resolvers/zod';
import type { UploadDto } from '@grace-stories/sdk/react';
import { ImagePlus } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { UploadProgress, usePictureDrop } from './picture-drop';
import { withPicture } from './picture-markup';
import { PicturePickerButton, thumbnailSize, useUploadedPicture } from './thumbnail-upload';

const altSchema = z.object({
  alt: z
    .string()
    .trim()
    .min(1, 'Please describe the picture')
    .max(250, 'Please keep the description under 250 characters'),
});
type AltValues = z.infer<typeof altSchema>;

/**
 * "Insert picture" under the story text: uploads a picture, asks for its alt text, and puts
 * it where the cursor was (see `picture-markup.ts` for what is inserted).
 */
export function InsertPicture({
  textarea,
  value,
  onChange,
}: {
  textarea: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (text: string) => void;
}) {
  const [selection, setSelection] = useState<[number, number] | null>(null);
  // The cursor counts once the author has been in the text; before that a picture goes last.
  const visited = useRef(false);
  useEffect(() => {
    const el = textarea.current;
    if (!el) return;
    const mark = () => {
      visited.current = true;
    };
    el.addEventListener('focus', mark);
    return () => el.removeEventListener('focus', mark);
  }, [textarea]);
  const open = () => {
    const el = textarea.current;
    setSelection(el && visited.current ? [el.selectionStart, el.selectionEnd] : [value.length, value.length]);
  };
  const insert = (url: string, alt: string) => {
    const [start, end] = selection ?? [value.length, value.length];
    const { text, caret } = withPicture(value, start, end, url, alt);
    onChange(text);
    setSelection(null);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(caret, caret);
    });
  };
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={open}>
        <ImagePlus aria-hidden="true" />
        Insert picture
      </Button>
      <Dialog open={selection !== null} onOpenChange={(next) => !next && setSelection(null)}>
        {selection !== null ? <InsertPictureContent onInsert={insert} onCancel={() => setSelection(null)} /> : null}
      </Dialog>
    </>
  );
}

function InsertPictureContent({
  onInsert,
  onCancel,
}: {
  onInsert: (url: string, alt: string) => void;
  onCancel: () => void;
}) {
  const [picture, setPicture] = useState<UploadDto | null>(null);
  const upload = useUploadedPicture(setPicture);
  const drop = usePictureDrop(upload.start, upload.isPending);
  const form = useForm<AltValues>({ resolver: zodResolver(altSchema), defaultValues: { alt: '' }, mode: 'onTouched' });
  const alt = useWatch({ control: form.control, name: 'alt' });
  const url = picture ? thumbnailSize(picture) : null;
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Insert picture</DialogTitle>
        <DialogDescription>It goes into the story where the cursor was.</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            // The story form holds this dialog: its submit must not reach that form.
            event.stopPropagation();
            void form.handleSubmit((values) => url && onInsert(url, values.alt))(event);
          }}
        >
          <div
            {...drop.handlers}
            data-dragging={drop.dragging || undefined}
            className="data-[dragging]:border-primary grid gap-3 rounded-md border border-dashed p-4"
          >
            {url ? (
              <img src={url} alt="Preview of your upload" className="max-h-48 w-full rounded-md object-contain" />
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              <PicturePickerButton onFile={upload.start} pending={upload.isPending} />
              <span className="text-muted-foreground text-xs">
                {drop.dragging ? 'Drop a picture here' : 'or drop or paste a picture here'}
              </span>
            </div>
            {upload.progress !== null ? <UploadProgress value={upload.progress} preview={upload.preview} /> : null}
          </div>
          <FormField
            control={form.control}
            name="alt"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Alt text</FormLabel>
                <FormControl>
                  <Textarea rows={2} placeholder="For example: The choir singing at the Easter service" {...field} />
                </FormControl>
                <FormDescription>Describe the picture for people who cannot see it</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={!url || upload.isPending || alt.trim() === ''}>
              Insert
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </DialogContent>
  );
}
