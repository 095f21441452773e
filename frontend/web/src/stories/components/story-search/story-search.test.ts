import { EMPTY_SEARCH, readStorySearch, storiesHref, writeStorySearch } from './story-search';

describe('a story search in the URL', () => {
  it('reads words, category and page, and defaults what is missing or malformed', () => {
    expect(readStorySearch(new URLSearchParams('q=psalm+23&category=Bible+Study&page=3'))).toEqual({
      q: 'psalm 23',
      category: 'Bible Study',
      page: 3,
    });
    expect(readStorySearch(new URLSearchParams(''))).toEqual(EMPTY_SEARCH);
    expect(readStorySearch(new URLSearchParams('page=0&category='))).toEqual(EMPTY_SEARCH);
    expect(readStorySearch(new URLSearchParams('page=2.5'))).toEqual(EMPTY_SEARCH);
    expect(readStorySearch(new URLSearchParams('page=-4'))).toEqual(EMPTY_SEARCH);
  });

  it('writes only what differs from the defaults, and reads back the same search', () => {
    expect(writeStorySearch(EMPTY_SEARCH).toString()).toBe('');
    expect(writeStorySearch({ q: '  ', category: null, page: 1 }).toString()).toBe('');
    const search = { q: 'faith & hope', category: 'Faith & Life', page: 2 };
    const written = writeStorySearch(search);
    expect(written.toString()).toBe('q=faith+%26+hope&category=Faith+%26+Life&page=2');
    expect(readStorySearch(new URLSearchParams(written.toString()))).toEqual(search);
  });

  it('builds the story browser address', () => {
    expect(storiesHref()).toBe('/stories');
    expect(storiesHref({ category: 'Worship' })).toBe('/stories?category=Worship');
  });
});
