//! docs/product.md#limits: the form's values, the payload built from them,
//! and the submit-time check over the generated `createStoryBody` schema.
import {
  schemas,
  type AudienceDto,
  type BylineDto,
  type SensitiveDto,
  type StoryInput,
} from '@grace-stories/sdk/react';
import { z } from 'zod';
import { NO_CONSENT, type ConsentValues } from './consent-checks';

export type ContentType = 'text' | 'video';

export type StoryFormValues = {
  contentType: ContentType;
  title: string;
  category: string;
  excerpt: string;
  videoUrl: string;
  content: string;
  thumbnailUrl: string;
  isPublished: boolean;
  /** How the story names its author. */
  byline: BylineDto;
  /** Who may read it once published. */
  audience: AudienceDto;
  /** The author's consent, sent when the form submits or publishes (docs/decisions/privacy.md). */
  consent: ConsentValues;
  /** What the author says the story touches; sent with a submission. */
  sensitive: SensitiveDto[];
  /** The story is live already: its edit needs no new consent (one may still be given). */
  wasLive: boolean;
};

export const EMPTY_STORY_FORM: StoryFormValues = {
  contentType: 'text',
  title: '',
  category: '',
  excerpt: '',
  videoUrl: '',
  content: '',
  thumbnailUrl: '',
  isPublished: false,
  byline: 'full',
  audience: 'public',
  consent: NO_CONSENT,
  sensitive: [],
  wasLive: false,
};

/** docs/product.md#screens: the categories offered even when the server has none of them yet. */
export const DEFAULT_CATEGORIES = ['Bible Study', 'Testimonies', 'Faith & Life', 'Worship'] as const;

/** Server categories first, then the defaults, without duplicates (compared case-insensitively). */
export function categoryOptions(serverNames: readonly string[]): string[] {
  const seen = new Set<string>();
  const options: string[] = [];
  for (const name of [...serverNames, ...DEFAULT_CATEGORIES]) {
    const key = name.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    options.push(name.trim());
  }
  return options;
}

/** docs/product.md#limits: submit is possible once title, content, category (and the video URL) are filled in. */
export function canSubmit(values: StoryFormValues): boolean {
  const filled = (text: string) => text.trim().length > 0;
  return (
    filled(values.title) &&
    filled(values.content) &&
    filled(values.category) &&
    (values.contentType === 'text' || filled(values.videoUrl)) &&
    (!values.isPublished || values.wasLive || values.consent.site)
  );
}

/** docs/product.md#limits: trimmed fields, null for empty optional ones, a video URL only in video mode. */
export function toStoryInput(values: StoryFormValues, authorId: string | null): StoryInput {
  const orNull = (text: string) => (text.trim() ? text.trim() : null);
  return {
    title: values.title.trim(),
    excerpt: orNull(values.excerpt),
    content: values.content.trim(),
    videoUrl: values.contentType === 'video' ? orNull(values.videoUrl) : null,
    thumbnailUrl: orNull(values.thumbnailUrl),
    category: values.category,
    isPublished: values.isPublished,
    authorId,
    byline: values.byline,
    audience: values.audience,
    // Each submission is a confirmation the server records; a draft sends none.
    ...(values.isPublished && values.consent.site ? { consent: { ...values.consent } } : {}),
    ...(values.isPublished && (!values.wasLive || values.sensitive.length > 0)
      ? { sensitive: [...values.sensitive] }
      : {}),
  };
}

const httpUrl = (message: string) =>
  z
    .string()
    .url(message)
    .refine((url) => /^https?:\/\//i.test(url), message)
    .nullish();

/** The site's address of an uploaded picture size. */
export const MEDIA_PATH = /^\/media\/[0-9a-f]{32}-\d{1,5}\.(jpg|png)$/;

/** An absolute http(s) URL, or an uploaded picture of this site. */
export function isThumbnailUrl(url: string): boolean {
  if (MEDIA_PATH.test(url)) return true;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host !== '';
  } catch {
    return false;
  }
}

/**
 * The generated body (its limits come from `openapi.json`, which a server test holds to the
 * domain's) with the form's own messages; the server checks the same and more.
 */
export const storySubmitSchema = schemas.createStoryBody.extend({
  title: z
    .string()
    .min(1, 'Title is required')
    .max(schemas.createStoryBodyTitleMax, `Title must be at most ${schemas.createStoryBodyTitleMax} characters`),
  content: z
    .string()
    .min(1, 'Content is required')
    .max(schemas.createStoryBodyContentMax, 'Content must be at most 200,000 characters'),
  excerpt: z.string().max(schemas.createStoryBodyExcerptMax, 'Excerpt must be at most 1,000 characters').nullish(),
  category: z.string().min(1, 'Category is required'),
  videoUrl: httpUrl('Video URL must be a valid URL'),
  thumbnailUrl: z.string().refine(isThumbnailUrl, 'Thumbnail URL must be an http(s) URL').nullish(),
});

export type SubmitCheck = { ok: true; data: StoryInput } | { ok: false; description: string };

/** docs/product.md#limits: the first failure as 'field path: message'; anything else as the generic text. */
export function checkStoryInput(input: StoryInput): SubmitCheck {
  try {
    const result = storySubmitSchema.safeParse(input);
    if (result.success) return { ok: true, data: input };
    const first = result.error.issues[0];
    if (first) return { ok: false, description: `${first.path.join('.')}: ${first.message}` };
  } catch {
    // fall through to the generic text
  }
  return { ok: false, description: 'Please check your form data and try again' };
}
