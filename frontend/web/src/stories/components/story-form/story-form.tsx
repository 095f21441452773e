import { useListCategories, type StoryDto } from '@grace-stories/sdk/react';
import { FileText, Share2, Video } from 'lucide-react';
import { useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { RadioGroup, RadioGroupOption } from '@/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { readingMinutes } from '@/lib/format';
import { SocialExportPanel } from './social-export-panel';
import { PrivacyFields } from './privacy-fields';
import { ThumbnailField } from './thumbnail-field';
import { PublicationFields } from './publication-fields';
import { canSubmit, categoryOptions, toStoryInput, type ContentType, type StoryFormValues } from './story-form-schema';
import { WithdrawStoryDialog } from './withdraw-story-dialog';
import { FoundReferences } from './found-references';
import { InsertPicture } from './insert-picture-dialog';
import { useSaveStory } from './use-save-story';
import { WaitingEditNotice } from './waiting-edit-notice';

type StoryFormProps = {
  initial: StoryFormValues;
  authorId: string;
  /** The stored story when editing. */
  story?: StoryDto;
  /** An edit of this live story waits for review; `initial` holds that edit's text. */
  waitingEdit?: boolean;
  onDone: () => void;
};

/** The form inside the story modal: Content and Social Export tabs (docs/product.md#screens). */
export function StoryForm({ initial, authorId, story, waitingEdit = false, onDone }: StoryFormProps) {
  const editing = story !== undefined;
  const form = useForm<StoryFormValues>({ defaultValues: initial });
  const contentRef = useRef<HTMLTextAreaElement | null>(null);
  const values = useWatch({ control: form.control }) as StoryFormValues;
  const categories = useListCategories();
  const options = categoryOptions((categories.data ?? []).map((c) => c.name));
  if (values.category && !options.includes(values.category)) options.unshift(values.category);

  const { saving, submit, pendingWithdrawal, setPendingWithdrawal, confirmWithdrawal } = useSaveStory({
    story,
    onDone,
    setError: form.setError,
  });
  const onSubmit = (submitted: StoryFormValues) => submit(toStoryInput(submitted, authorId));

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
                  This story was submitted for review. You can edit it again once a reviewer has approved or rejected
                  it.
                </AlertDescription>
              </Alert>
            )}
            {story && waitingEdit && <WaitingEditNotice storyId={story.id} />}

            <FormField
              control={form.control}
              name="contentType"
              render={({ field }) => (
                <FormItem>
                  <p className="text-sm leading-none font-medium">Content Type</p>
                  <RadioGroup
                    aria-label="Content type"
                    className="grid-cols-2 gap-2"
                    disabled={locked}
                    value={field.value}
                    onValueChange={(next) => field.onChange(next as ContentType)}
                  >
                    <RadioGroupOption value="text">
                      <FileText aria-hidden="true" />
                      Text Article
                    </RadioGroupOption>
                    <RadioGroupOption value="video">
                      <Video aria-hidden="true" />
                      Video Story
                    </RadioGroupOption>
                  </RadioGroup>
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
                      ref={(element) => {
                        field.ref(element);
                        contentRef.current = element;
                      }}
                    />
                  </FormControl>
                  <FormDescription className="flex justify-between text-xs">
                    <span>{field.value.length} characters</span>
                    <span>{readingMinutes(field.value)} min read</span>
                  </FormDescription>
                  {locked ? null : (
                    <div>
                      <InsertPicture textarea={contentRef} value={field.value} onChange={field.onChange} />
                    </div>
                  )}
                  <FoundReferences texts={[values.title, values.excerpt, field.value]} />
                  <FormMessage />
                </FormItem>
              )}
            />

            <PrivacyFields control={form.control} locked={locked} />

            <ThumbnailField control={form.control} locked={locked} />

            <PublicationFields control={form.control} locked={locked} />

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

      <WithdrawStoryDialog
        open={pendingWithdrawal !== null}
        onCancel={() => setPendingWithdrawal(null)}
        onConfirm={confirmWithdrawal}
      />
    </Tabs>
  );
}
