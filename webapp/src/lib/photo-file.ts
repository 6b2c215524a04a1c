import limits from '@fixtures/form-limits.json';
import { ApiError, isApiError } from './api-client';

/**
 * The server's limit for one photo: MAX_IMAGE_BYTES in application/media.py, which every
 * upload (listing photos, style posts, avatars, dispute photos) goes through, stated in the
 * form-limits fixture (held to it by tests/unit/test_form_limits_fixture.py): a photo over
 * it is refused here, as it is picked, instead of after uploading.
 */
export const MAX_PHOTO_BYTES = limits.photo.maxBytes;
export const MAX_PHOTO_MB = MAX_PHOTO_BYTES / (1024 * 1024);

/** The formats the server's media store decodes (ACCEPTED_FORMATS in adapters/media.py). */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export const PHOTO_TOO_LARGE = `Photos must be at most ${MAX_PHOTO_MB} MB each. Please choose a smaller photo.`;

export const photoTooLarge = (name: string) =>
  `${name} is larger than ${MAX_PHOTO_MB} MB. Please choose a smaller photo.`;

export const notAPhoto = (name: string) =>
  `${name} is not a JPEG, PNG, WebP or GIF image. Please choose another photo.`;

/** Whether the browser can draw the file: a ".jpg" that is not really a picture cannot. */
async function decodes(file: File): Promise<boolean> {
  // Every browser the app supports has createImageBitmap; without it the server still checks.
  if (typeof createImageBitmap !== 'function') return true;
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a picked image file cannot be sent, or null: the checks the server makes (size, format,
 * a picture that decodes), made as the file is picked so the message shows beside the picker.
 */
export async function photoProblem(file: File): Promise<string | null> {
  if (file.size > MAX_PHOTO_BYTES) return photoTooLarge(file.name);
  if (!PHOTO_TYPES.has(file.type) || !(await decodes(file))) return notAPhoto(file.name);
  return null;
}

/**
 * A 413 from an upload, with a sentence a member can act on under `field` (the photo
 * picker): the server's own when it names the photo, else the limit, never the raw body
 * limit ("The request body is too large (at most 13909 KB)."). Other errors pass unchanged.
 */
export function photoUploadError(error: unknown, field: string): unknown {
  if (!isApiError(error, 413)) return error;
  const own = error.data?.message;
  const message = own && /photo|image/i.test(own) ? own : PHOTO_TOO_LARGE;
  const body = JSON.stringify({ message, errors: { [field]: message } });
  return new ApiError(413, 'Content Too Large', body);
}
