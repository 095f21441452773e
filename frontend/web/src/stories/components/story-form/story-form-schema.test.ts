import { schemas, type StoryInput } from '@grace-stories/sdk/react';
import { checkStoryInput } from './story-form-schema';

const input: StoryInput = {
  title: 'A title',
  content: 'Words',
  excerpt: null,
  videoUrl: null,
  thumbnailUrl: null,
  category: 'Testimonies',
  isPublished: false,
  authorId: 'u1',
};

describe('the story submit check', () => {
  it("uses the API's limits (openapi.json, held to the domain's by a server test)", () => {
    expect(schemas.createStoryBodyTitleMax).toBe(255);
    expect(schemas.createStoryBodyExcerptMax).toBe(1000);
    expect(checkStoryInput({ ...input, excerpt: 'e'.repeat(1000) }).ok).toBe(true);
    expect(checkStoryInput({ ...input, excerpt: 'e'.repeat(1001) })).toEqual({
      ok: false,
      description: 'excerpt: Excerpt must be at most 1,000 characters',
    });
    expect(checkStoryInput({ ...input, title: 't'.repeat(256) })).toEqual({
      ok: false,
      description: 'title: Title must be at most 255 characters',
    });
  });
});
