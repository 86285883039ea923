import { describe, expect, it } from 'vitest';
import { imageFile, jpegHead } from '../testing';
import { addImages, maxImageBytes } from './files';

describe('addImages (png/jpg by content, 5 MB, 3 files)', () => {
  it('accepts PNG and JPEG files', async () => {
    const result = await addImages([], [imageFile('a.png'), imageFile('b.jpg', jpegHead, 'image/jpeg')]);
    expect(result.issue).toBeNull();
    expect(result.files.map((file) => file.name)).toEqual(['a.png', 'b.jpg']);
  });

  it('refuses a file whose bytes are not an image, whatever its name and type say', async () => {
    const fake = imageFile('receipt.png', new TextEncoder().encode('%PDF-1.7 not an image'), 'image/png');
    expect(await addImages([], [fake])).toEqual({ files: [], issue: 'type' });
  });

  it('refuses a file over 5 MB', async () => {
    const big = imageFile('big.png', undefined, 'image/png', maxImageBytes + 1);
    expect(await addImages([], [big])).toEqual({ files: [], issue: 'size' });
    const limit = imageFile('limit.png', undefined, 'image/png', maxImageBytes);
    expect((await addImages([], [limit])).issue).toBeNull();
  });

  it('keeps at most 3 images', async () => {
    const three = [imageFile('1.png'), imageFile('2.png'), imageFile('3.png')];
    const result = await addImages(three.slice(0, 2), [three[2] as File, imageFile('4.png')]);
    expect(result.files.map((file) => file.name)).toEqual(['1.png', '2.png', '3.png']);
    expect(result.issue).toBe('count');
  });
});
