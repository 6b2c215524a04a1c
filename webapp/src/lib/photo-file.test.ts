import { describe, expect, it, vi } from 'vitest';
import { ApiError, errorMessage, fieldErrors } from './api-client';
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE, photoProblem, photoUploadError } from './photo-file';

function photo(name: string, type: string, size?: number): File {
  const file = new File([new Uint8Array([255, 216, 255])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('photoProblem', () => {
  it("refuses a photo over the server's 10 MB, naming it", async () => {
    expect(await photoProblem(photo('beach.jpg', 'image/jpeg', 18 * 1024 * 1024))).toBe(
      'beach.jpg is larger than 10 MB. Please choose a smaller photo.',
    );
    expect(await photoProblem(photo('ok.jpg', 'image/jpeg', MAX_PHOTO_BYTES))).toBeNull();
  });

  it('refuses a format the server does not take, and a file that does not decode', async () => {
    expect(await photoProblem(photo('look.heic', 'image/heic'))).toBe(
      'look.heic is not a JPEG, PNG, WebP or GIF image. Please choose another photo.',
    );
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn().mockRejectedValue(new DOMException('bad', 'InvalidStateError')),
    );
    expect(await photoProblem(photo('fake.jpg', 'image/jpeg'))).toMatch(/^fake\.jpg is not a JPEG/);
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue({ close: vi.fn() }));
    expect(await photoProblem(photo('real.jpg', 'image/jpeg'))).toBeNull();
  });
});

describe('photoUploadError', () => {
  it("turns the server's body limit into the photo limit, under the field", () => {
    const raw = new ApiError(
      413,
      '',
      JSON.stringify({ message: 'The request body is too large (at most 13909 KB).' }),
    );
    const mapped = photoUploadError(raw, 'image');
    expect(errorMessage(mapped, '')).toBe(PHOTO_TOO_LARGE);
    expect(fieldErrors(mapped)).toEqual({ image: PHOTO_TOO_LARGE });
  });

  it("keeps the server's sentence when it names the photo, and other errors as they are", () => {
    const named = 'Photo 2 is larger than 10 MB. Please choose a smaller image.';
    const mapped = photoUploadError(new ApiError(413, '', JSON.stringify({ message: named })), 'images');
    expect(fieldErrors(mapped)).toEqual({ images: named });
    const other = new ApiError(400, '', '{}');
    expect(photoUploadError(other, 'images')).toBe(other);
  });
});
