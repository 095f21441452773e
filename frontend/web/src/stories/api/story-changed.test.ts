import {
  getBookChaptersQueryKey,
  getGetPendingEditQueryKey,
  getGetSiteInfoQueryKey,
  getGetStoryQueryKey,
  getListAuthorStoriesQueryKey,
  getListBooksQueryKey,
  getListCategoriesQueryKey,
  getListCommentsQueryKey,
  getListPendingCommentsQueryKey,
  getListPendingStoriesQueryKey,
  getListSessionsQueryKey,
  getListStoriesQueryKey,
  getListStoryRevisionsQueryKey,
  getMyConsentsQueryKey,
  getQueueCountsQueryKey,
} from '@grace-stories/sdk/react';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { sampleStory } from '@/test/stories';
import { storyChanged } from './story-changed';

/** Every list, count and figure a change of story 7 touches, as screens cache them (paged lists extend the keys). */
const TOUCHED: QueryKey[] = [
  [...getListStoriesQueryKey({ limit: 6 }), 'show-more', { pageSize: 6 }],
  [...getListStoriesQueryKey({ limit: 12, passage: 'Ps.23' }), 'with-total'],
  getListAuthorStoriesQueryKey('the-author'),
  getListAuthorStoriesQueryKey('someone-else'),
  [...getListPendingStoriesQueryKey({ kind: 'new', limit: 20 }), 'paged', { pageSize: 20 }],
  getQueueCountsQueryKey(),
  getMyConsentsQueryKey(),
  getGetSiteInfoQueryKey(),
  getListCategoriesQueryKey(),
  getListBooksQueryKey(),
  getBookChaptersQueryKey('Ps'),
  getListStoryRevisionsQueryKey(7),
];

/** Answers that have nothing to do with story 7. */
const UNTOUCHED: QueryKey[] = [getGetStoryQueryKey(8), getListSessionsQueryKey(), getListStoryRevisionsQueryKey(8)];

function seeded() {
  const client = new QueryClient();
  for (const key of [...TOUCHED, ...UNTOUCHED]) client.setQueryData(key, []);
  client.setQueryData(getGetStoryQueryKey(7), sampleStory({ id: 7, title: 'Before' }));
  client.setQueryData(getGetPendingEditQueryKey(7), null);
  client.setQueryData([...getListCommentsQueryKey(7), 'paged', { pageSize: 10 }], { pages: [] });
  client.setQueryData(getListPendingCommentsQueryKey(), []);
  return client;
}

const invalidated = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated;

describe('a story changed', () => {
  it("refreshes every list, count and figure, every author's list included, and takes the server's answer", async () => {
    const client = seeded();
    const answer = sampleStory({ id: 7, title: 'After', status: 'approved', isPublished: true });
    await storyChanged(client, { storyId: 7, story: answer });

    for (const key of TOUCHED) expect(invalidated(client, key), JSON.stringify(key)).toBe(true);
    for (const key of UNTOUCHED) expect(invalidated(client, key), JSON.stringify(key)).toBe(false);
    expect(client.getQueryData(getGetStoryQueryKey(7))).toEqual(answer);
    // Stale, so its next reader asks the server again; the waiting edit too.
    expect(invalidated(client, getGetStoryQueryKey(7))).toBe(true);
    expect(invalidated(client, getGetPendingEditQueryKey(7))).toBe(true);
    expect(client.getQueryData(getGetPendingEditQueryKey(7))).toBeNull();
  });

  it('refetches the story itself when the answer does not carry it', async () => {
    const client = seeded();
    await storyChanged(client, { storyId: 7 });
    expect(invalidated(client, getGetStoryQueryKey(7))).toBe(true);
    expect(client.getQueryData(getGetStoryQueryKey(7))).toMatchObject({ title: 'Before' });
    for (const key of TOUCHED) expect(invalidated(client, key), JSON.stringify(key)).toBe(true);
  });

  it('forgets a deleted story, its waiting edit, versions and comments, and refreshes the comment queue', async () => {
    const client = seeded();
    await storyChanged(client, { storyId: 7, deleted: true });
    expect(client.getQueryState(getGetStoryQueryKey(7))).toBeUndefined();
    expect(client.getQueryState(getGetPendingEditQueryKey(7))).toBeUndefined();
    expect(client.getQueryState(getListStoryRevisionsQueryKey(7))).toBeUndefined();
    expect(client.getQueryState([...getListCommentsQueryKey(7), 'paged', { pageSize: 10 }])).toBeUndefined();
    expect(invalidated(client, getListPendingCommentsQueryKey())).toBe(true);
    for (const key of TOUCHED.filter((key) => key !== TOUCHED.at(-1))) {
      expect(invalidated(client, key), JSON.stringify(key)).toBe(true);
    }
    for (const key of UNTOUCHED) expect(invalidated(client, key), JSON.stringify(key)).toBe(false);
  });
});
