import { useState } from 'react';
import type { Control } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { isThumbnailUrl, type StoryFormValues } from './story-form-schema';
import { ThumbnailUpload } from './thumbnail-upload';

/** The thumbnail: a URL, or a picture uploaded here (picked, dropped or pasted), with a preview. */
export function ThumbnailField({ control, locked }: { control: Control<StoryFormValues>; locked: boolean }) {
  return (
    <FormField
      control={control}
      name="thumbnailUrl"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Story Thumbnail URL</FormLabel>
          <ThumbnailUpload value={field.value.trim()} onChange={field.onChange} disabled={locked}>
            <FormControl>
              <Input
                type="url"
                placeholder="https://example.com/image.jpg"
                readOnly={locked}
                className={locked ? 'bg-muted/40' : undefined}
                {...field}
              />
            </FormControl>
            <FormDescription className="text-xs">Optional image, 400x300 recommended.</FormDescription>
          </ThumbnailUpload>
          <ThumbnailPreview key={field.value.trim()} url={field.value.trim()} />
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The thumbnail as it will look; hidden when the image cannot be loaded. */
function ThumbnailPreview({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (!isThumbnailUrl(url) || failed) return null;
  return (
    <img
      src={url}
      alt="Thumbnail preview"
      onError={() => setFailed(true)}
      className="aspect-[4/3] w-full max-w-[200px] rounded-md border object-cover"
    />
  );
}
