import { useCreateStory, useListCategories, useUpdateStory, type StoryDto, type StoryInput } from '@grace-stories/sdk';
import { FileText, Globe, Lock, Share2, Video } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';
import { readingMinutes } from '@/lib/format';
import { storySavedToast } from '@/lib/story-status';
import { cn } from '@/lib/utils';
import { SocialExportPanel } from './social-export-panel';
import {
  canSubmit,
  categoryOptions,
  checkStoryInput,
  isThumbnailUrl,
  toStoryInput,
  type ContentType,
  type StoryFormValues,
} from './story-form-schema';
import { ThumbnailUpload } from './thumbnail-upload';
import { useRefreshStories } from './use-story-cache';
import { WaitingEditNotice } from './waiting-edit-notice';

const SERVER_FIELDS: readonly Path<StoryFormValues>[] = [
  'title',
  'category',
  'excerpt',
  'videoUrl',
  'content',
  'thumbnailUrl',
];

type StoryFormProps = {
  initial: StoryFormValues;
  authorId: string;
  /** The stored story when editing. */
  story?: StoryDto;
  /** An edit of this live story waits for review; `initial` holds that edit's text. */
  waitingEdit?: boolean;
  onDone: () => void;
};

/** The form inside the story modal: Content and Social Export tabs (spec §2, §5). */
export function StoryForm({ initial, authorId, story, waitingEdit = false, onDone }: StoryFormProps) {
  const editing = story !== undefined;
  const form = useForm<StoryFormValues>({ defaultValues: initial });
  const values = useWatch({ control: form.control }) as StoryFormValues;
  const refresh = useRefreshStories();
  const categories = useListCategories();
  const options = categoryOptions((categories.data ?? []).map((c) => c.name));
  if (values.category && !options.includes(values.category)) options.unshift(values.category);

  // The server's field errors go under their fields; a refusal that explains itself (a story
  // waiting for review, an account pending approval) is appended to the toast.
  const failed = (error: unknown, text: string) =>
    showMutationError(error, { text, explainRefusal: true, form: { setError: form.setError, fields: SERVER_FIELDS } });

  const create = useCreateStory({
    mutation: {
      onSuccess: async (created) => {
        toast(storySavedToast(created, 'Story created successfully'));
        onDone();
        await refresh({ storyId: created.id, authorId, story: created });
      },
      onError: (error) => failed(error, 'Failed to create story'),
    },
  });
  const update = useUpdateStory({
    mutation: {
      onSuccess: async ({ story: saved, staged }) => {
        const takenDown = story?.isPublished === true && !saved.isPublished;
        toast(
          takenDown
            ? { title: 'Story taken off the site', description: 'It is a draft now; only you and moderators can see it.' }
            : storySavedToast(saved, 'Story updated successfully', staged),
        );
        onDone();
        await refresh({ storyId: saved.id, authorId, story: saved });
      },
      onError: (error) => failed(error, 'Failed to update story'),
    },
  });
  const saving = create.isPending || update.isPending;
  /** A checked draft save of a live story, held until the author confirms taking it off the site. */
  const [pendingTakeDown, setPendingTakeDown] = useState<StoryInput | null>(null);

  const onSubmit = (submitted: StoryFormValues) => {
    const check = checkStoryInput(toStoryInput(submitted, authorId));
    if (!check.ok) {
      toast({ title: 'Validation Error', description: check.description, variant: 'destructive' });
      return;
    }
    if (!story) return create.mutate({ data: check.data });
    // The server takes a live story off the site when it is saved with isPublished false.
    if (story.isPublished && !check.data.isPublished) return setPendingTakeDown(check.data);
    update.mutate({ id: story.id, data: check.data });
  };

  const isVideo = values.contentType === 'video';
  const published = story?.isPublished === true;
  const waitingForReview = story?.status === 'pending_approval';
  // The server refuses any save (409) while the story or an edit of it waits for review, so the
  // fields are read-only and Update Story is off, with a hint saying why.
  const locked = waitingForReview || (editing && waitingEdit);
  const lockedHintId = useId();
  const lockedField = locked ? 'bg-muted/40' : undefined;

  return (
    <Tabs defaultValue="content">
      <TabsList className="w-full">
        <TabsTrigger value="content" className="flex-1">
          <FileText aria-hidden="true" />
          Content
        </TabsTrigger>
        <TabsTrigger value="social" className="flex-1" disabled={!published}>
          <Share2 aria-hidden="true" />
          Social Export
        </TabsTrigger>
      </TabsList>

      <TabsContent value="content">
        <Form {...form}>
          <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(onSubmit)}>
            {waitingForReview && (
              <Alert>
                <AlertTitle>Waiting for review</AlertTitle>
                <AlertDescription>
                  This story was submitted for review. You can edit it again once a reviewer has approved or rejected it.
                </AlertDescription>
              </Alert>
            )}
            {story && waitingEdit && <WaitingEditNotice storyId={story.id} authorId={authorId} />}

            <FormField
              control={form.control}
              name="contentType"
              render={({ field }) => (
                <FormItem>
                  <p className="text-sm leading-none font-medium">Content Type</p>
                  <ToggleGroup
                    label="Content type"
                    disabled={locked}
                    value={field.value}
                    onChange={(next) => field.onChange(next as ContentType)}
                    options={[
                      { value: 'text', label: 'Text Article', icon: <FileText aria-hidden="true" /> },
                      { value: 'video', label: 'Video Story', icon: <Video aria-hidden="true" /> },
                    ]}
                  />
                </FormItem>
              )}
            />

            <div className="grid gap-5 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="title"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Title *</FormLabel>
                    <FormControl>
                      <Input
                        placeholder="Give your story a title"
                        maxLength={255}
                        readOnly={locked}
                        className={lockedField}
                        {...field}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="category"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Category *</FormLabel>
                    <Select value={field.value} onValueChange={field.onChange} disabled={locked}>
                      <FormControl>
                        <SelectTrigger className="h-10">
                          <SelectValue placeholder="Select a category" />
                        </SelectTrigger>
                      </FormControl>
                      <SelectContent>
                        {options.map((name) => (
                          <SelectItem key={name} value={name}>
                            {name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>

            <FormField
              control={form.control}
              name="excerpt"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Excerpt</FormLabel>
                  <FormControl>
                    <Textarea
                      rows={2}
                      placeholder="A short summary shown on story cards (optional)"
                      readOnly={locked}
                      className={lockedField}
                      {...field}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />

            {isVideo && (
              <FormField
                control={form.control}
                name="videoUrl"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Video URL *</FormLabel>
                    <FormControl>
                      <Input
                        type="url"
                        placeholder="https://www.youtube.com/embed/..."
                        readOnly={locked}
                        className={lockedField}
                        {...field}
                      />
                    </FormControl>
                    <FormDescription>A YouTube or Vimeo link (watch or embed).</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}

            <FormField
              control={form.control}
              name="content"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{isVideo ? 'Description & Notes *' : 'Story Content *'}</FormLabel>
                  <FormControl>
                    <Textarea
                      rows={12}
                      placeholder={isVideo ? 'Describe the video and add your notes...' : 'Tell your story...'}
                      readOnly={locked}
                      className={lockedField}
                      {...field}
                    />
                  </FormControl>
                  <FormDescription className="flex justify-between text-xs">
                    <span>{field.value.length} characters</span>
                    <span>{readingMinutes(field.value)} min read</span>
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />

            <FormField
              control={form.control}
              name="thumbnailUrl"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Story Thumbnail URL</FormLabel>
                  <FormControl>
                    <Input
                      type="url"
                      placeholder="https://example.com/image.jpg"
                      readOnly={locked}
                      className={lockedField}
                      {...field}
                    />
                  </FormControl>
                  <FormDescription className="text-xs">Optional image, 400x300 recommended.</FormDescription>
                  {locked ? null : <ThumbnailUpload value={field.value.trim()} onChange={field.onChange} />}
                  <ThumbnailPreview key={field.value.trim()} url={field.value.trim()} />
                  <FormMessage />
                </FormItem>
              )}
            />

            <FormField
              control={form.control}
              name="isPublished"
              render={({ field }) => (
                <FormItem>
                  <p className="text-sm leading-none font-medium">Publication Status</p>
                  <ToggleGroup
                    label="Publication status"
                    disabled={locked}
                    value={field.value ? 'publish' : 'draft'}
                    onChange={(next) => field.onChange(next === 'publish')}
                    options={[
                      { value: 'draft', label: 'Save as Draft', icon: <Lock aria-hidden="true" /> },
                      { value: 'publish', label: 'Publish', icon: <Globe aria-hidden="true" /> },
                    ]}
                  />
                  <p className="text-sm text-muted-foreground">
                    {field.value ? 'This story will be visible to all users' : 'Save as draft to continue editing later'}
                  </p>
                </FormItem>
              )}
            />

            {locked && (
              <p id={lockedHintId} className="text-sm text-muted-foreground sm:text-right">
                {waitingForReview
                  ? 'Saving is paused while this story waits for review.'
                  : 'Saving is paused while your edit waits for review. Withdraw the edit to make changes.'}
              </p>
            )}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
              <Button
                type="submit"
                disabled={!canSubmit(values) || saving || locked}
                aria-describedby={locked ? lockedHintId : undefined}
              >
                {editing ? (saving ? 'Updating...' : 'Update Story') : saving ? 'Creating...' : 'Create Story'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </TabsContent>

      <TabsContent value="social">
        <SocialExportPanel story={story ?? null} />
      </TabsContent>

      <AlertDialog open={pendingTakeDown !== null} onOpenChange={(open) => !open && setPendingTakeDown(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Take this story off the site?</AlertDialogTitle>
            <AlertDialogDescription>It becomes a draft that only you and moderators can see.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it live</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (story && pendingTakeDown) update.mutate({ id: story.id, data: pendingTakeDown });
                setPendingTakeDown(null);
              }}
            >
              Save as Draft
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Tabs>
  );
}

type ToggleOption = { value: string; label: string; icon: ReactNode };

/** Two or more mutually exclusive choices shown as buttons (a radio group to assistive tech). */
function ToggleGroup({
  label,
  value,
  onChange,
  options,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ToggleOption[];
  disabled?: boolean;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="grid grid-cols-2 gap-2">
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={disabled}
            onClick={() => onChange(option.value)}
            className={cn(
              'flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2.5 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:size-4',
              checked ? 'border-primary bg-primary/10 text-primary' : 'border-input bg-background hover:bg-accent',
            )}
          >
            {option.icon}
            {option.label}
          </button>
        );
      })}
    </div>
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
