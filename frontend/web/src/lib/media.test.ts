import { mediaSrcSet } from './media';

const KEY = '0123456789abcdef0123456789abcdef';

describe('srcset of an uploaded picture', () => {
  it('offers the 400-pixel size beside a wider one', () => {
    expect(mediaSrcSet(`/media/${KEY}-800.jpg`)).toBe(`/media/${KEY}-400.jpg 400w, /media/${KEY}-800.jpg 800w`);
    expect(mediaSrcSet(`/media/${KEY}-1000.png`)).toBe(`/media/${KEY}-400.png 400w, /media/${KEY}-1000.png 1000w`);
  });

  it('has nothing to add for small pictures and other addresses', () => {
    expect(mediaSrcSet(`/media/${KEY}-300.jpg`)).toBeUndefined();
    expect(mediaSrcSet('https://example.org/a.jpg')).toBeUndefined();
    expect(mediaSrcSet(null)).toBeUndefined();
  });
});
